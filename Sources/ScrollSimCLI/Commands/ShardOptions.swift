import ScrollSimKit

/// `--shard I/N` and `--shard-total N`: which slice of the work this machine runs, or, with
/// neither, the slice the CI system's environment names (`Shard.resolve`).
struct ShardOptions: Sendable {
    var shard: String?
    var total: String?

    static func options(suite: Bool) -> [CommandSpec.Option] {
        [
            .init(name: "shard", short: nil, value: "I/N",
                  help: suite
                      ? "Play only shard I of N (1-based): the scenarios at positions k (0-based, in path order) with k mod N = I-1. 'auto': from the CI environment (GitLab, Buildkite, Kubernetes)."
                      : "Run only shard I of N (1-based): the variants k (0-based) with k mod N = I-1. Default: from the CI environment (GitLab, Buildkite, Kubernetes), else all."),
            .init(name: "shard-total", short: nil, value: "N", help: "The number of shards when the index comes from JOB_COMPLETION_INDEX (a Kubernetes Indexed Job); or set SCROLLSIM_SHARD_TOTAL."),
        ]
    }

    init(_ arguments: ParsedArguments) {
        shard = arguments.value("shard")
        total = arguments.value("shard-total")
    }

    /// The shard to run. Sweeps read the environment when `--shard` is not given; suites only
    /// with `--shard auto` (or `--shard-total`), so a pipeline that already plays its suite in a
    /// parallel job does not lose scenarios without being told.
    func resolve(command: String, environmentByDefault: Bool, console: Console) throws -> Shard.Resolved {
        if !environmentByDefault && shard == nil && total == nil { return Shard.Resolved(shard: .whole, source: nil) }
        do {
            return try Shard.resolve(flag: shard == "auto" ? nil : shard, totalFlag: total, environment: console.environment)
        } catch let error as ScrollSimError {
            throw error.withUsage(of: command)
        }
    }
}
