import ScrollSimKit

/// `scrollsim validate`: checks scenario files without running them.
struct ValidateCommand: Command {
    static let spec = CommandSpec(
        name: "validate",
        abstract: "Check scenario files and report every problem with its key path or line:column.",
        arguments: "FILE|DIR...",
        minimumArguments: 1,
        maximumArguments: nil,
        options: [CommandSpec.Option(name: "quiet", short: "q", value: nil, help: "Print nothing for valid files.")],
        discussion: "Exit status: 0 if every file is valid, 2 otherwise."
    )

    var paths: [String]
    var quiet: Bool

    init(_ arguments: ParsedArguments) throws {
        paths = arguments.positionals
        quiet = arguments.flag("quiet")
    }

    func run(_ console: Console) throws -> ExitStatus {
        let files = try ScenarioLoader.expand(paths)
        var problems: [String] = []
        for file in files {
            do {
                let scenario = try ScenarioLoader.load(path: file)
                ScenarioFiles.warn(scenario, console)
                if !quiet {
                    console.out("ok  \(file)  (\(scenario.name): \(scenario.config.stack.kind.rawValue), \(DisplayFormat.integer(Double(scenario.config.content.count))) elements, \(scenario.config.script.count) script events)\n")
                }
            } catch let error as ScenarioError {
                problems.append(error.description)
            }
        }
        guard problems.isEmpty else { throw InputError(messages: problems) }
        return .success
    }
}
