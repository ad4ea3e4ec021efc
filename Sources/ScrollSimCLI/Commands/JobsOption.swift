import ScrollSimKit

/// `--jobs N`: how many scenarios are decoded and played at once, each on its own thread
/// (default: every core).
enum JobsOption {
    static let option = CommandSpec.Option(
        name: "jobs", short: "j", value: "N",
        help: "Decode and play up to N scenarios at once, one per thread (default: every core, \(OrderedParallel.defaultJobs) here). Output is the same as with 1."
    )

    static func parse(_ arguments: ParsedArguments, command: String) throws -> Int {
        guard let text = arguments.value("jobs") else { return OrderedParallel.defaultJobs }
        guard let jobs = Int(text), (1...1024).contains(jobs) else {
            throw ScrollSimError.usage(command: command, "--jobs \(text): expected a whole number from 1 to 1024")
        }
        return jobs
    }
}
