import ScrollSimKit

/// `scrollsim validate`: checks scenario files without running them.
struct ValidateCommand: Command {
    static let spec = CommandSpec(
        name: "validate",
        abstract: "Check scenario files and report every problem with its key path or line:column.",
        arguments: "FILE|DIR...",
        minimumArguments: 1,
        maximumArguments: nil,
        options: [
            CommandSpec.Option(name: "quiet", short: "q", value: nil, help: "Print nothing for valid files."),
            ScenarioFiles.limitOption,
            ScenarioFiles.allowOutsideDataOption,
        ],
        discussion: """
        Every problem of every file is reported (up to 20 per file), each naming the file and
        the key path (or line:column for JSON syntax), and so are limits (--limit) and names
        used twice: a set of files validate accepts runs. Implausible values (a cost over 1 s,
        a latency under 1 ms, a memory budget over 1 TB) are warnings on standard error.
        Exit status: 0 if every file is valid (warnings or not), 2 otherwise.
        """
    )

    var paths: [String]
    var quiet: Bool
    var limits: ScenarioLimits

    init(_ arguments: ParsedArguments) throws {
        paths = arguments.positionals
        quiet = arguments.flag("quiet")
        limits = try ScenarioFiles.limits(arguments, command: "validate")
    }

    func run(_ console: Console) throws -> ExitStatus {
        let files = try ScenarioFiles.expand(paths)
        var problems: [ScrollSimError.Problem] = []
        var scenarios: [Scenario] = []
        for file in files {
            do {
                let scenario = try ScenarioLoader.load(path: file, limits: limits)
                ScenarioFiles.warn(scenario, console)
                scenarios.append(scenario)
                if !quiet {
                    console.out("ok  \(file)  (\(scenario.name): \(scenario.config.stack.kind.rawValue), \(DisplayFormat.integer(Double(scenario.config.content.count))) elements, \(scenario.config.script.count) script events)\n")
                }
            } catch let error as ScrollSimError {
                problems += error.problems
            }
        }
        problems += ScenarioFiles.collisions(scenarios)
        guard problems.isEmpty else { throw ScrollSimError(problems: problems) }
        return .success
    }
}
