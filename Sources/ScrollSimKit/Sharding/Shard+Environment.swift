import Foundation

extension Shard {
    /// Where a shard came from, for the terminal and messages.
    public struct Resolved: Equatable, Sendable {
        public var shard: Shard
        /// `--shard 2/4`, `GitLab CI (CI_NODE_INDEX=2, CI_NODE_TOTAL=4)`, … or nil for no sharding.
        public var source: String?

        public init(shard: Shard, source: String?) {
            self.shard = shard
            self.source = source
        }
    }

    /// The shard to run: `--shard I/N` when given; otherwise the one the CI system's
    /// environment gives; otherwise the whole list.
    ///
    /// | system | variables | index |
    /// |---|---|---|
    /// | GitLab CI (`parallel:`) | `CI_NODE_INDEX`, `CI_NODE_TOTAL` | 1-based |
    /// | Buildkite (`parallelism:`) | `BUILDKITE_PARALLEL_JOB`, `BUILDKITE_PARALLEL_JOB_COUNT` | 0-based |
    /// | Kubernetes Indexed Job | `JOB_COMPLETION_INDEX`, and the total from `--shard-total` or `SCROLLSIM_SHARD_TOTAL` | 0-based |
    ///
    /// A system counts as present when its index variable is set (and not empty). A missing
    /// total, a value that is not a whole number, an index outside the total, and two systems
    /// that name different shards are errors naming the variables, never a silent fallback to
    /// the whole list.
    /// - Parameters:
    ///   - flag: the `--shard` value, if given.
    ///   - totalFlag: the `--shard-total` value, if given (for `JOB_COMPLETION_INDEX`).
    public static func resolve(flag: String?, totalFlag: String?, environment: [String: String]) throws -> Resolved {
        var total: Int?
        if let totalFlag {
            guard let n = Int(totalFlag), n >= 1 else { throw ScrollSimError.argument("--shard-total \(totalFlag)", expected: "a whole number of shards, at least 1") }
            try checkTotal(n, origin: "--shard-total \(totalFlag)")
            total = n
        }
        if let flag {
            let shard = try parse(flag)
            if let total, total != shard.total {
                throw ScrollSimError("--shard \(flag) and --shard-total \(total) disagree on the number of shards")
            }
            return Resolved(shard: shard, source: "--shard \(flag)")
        }
        func value(_ name: String) -> String? {
            guard let text = environment[name], !text.isEmpty else { return nil }
            return text
        }
        func number(_ name: String, _ text: String) throws -> Int {
            guard let n = Int(text.trimmingCharacters(in: .whitespaces)) else {
                throw ScrollSimError.argument("\(name)=\(text)", expected: "a whole number")
            }
            try checkTotal(n, origin: "\(name)=\(text)")
            return n
        }
        var found: [(shard: Shard, source: String)] = []
        if let index = value("CI_NODE_INDEX") {
            guard let count = value("CI_NODE_TOTAL") else {
                throw ScrollSimError("CI_NODE_INDEX=\(index) is set but CI_NODE_TOTAL is not (GitLab CI sets both for a job with parallel:)")
            }
            let (i, n) = (try number("CI_NODE_INDEX", index), try number("CI_NODE_TOTAL", count))
            guard n >= 1, (1...n).contains(i) else {
                throw ScrollSimError("CI_NODE_INDEX=\(index), CI_NODE_TOTAL=\(count): the index is 1-based and must be from 1 to the total")
            }
            found.append((Shard(index: i - 1, total: n), "GitLab CI (CI_NODE_INDEX=\(index), CI_NODE_TOTAL=\(count))"))
        }
        if let index = value("BUILDKITE_PARALLEL_JOB") {
            guard let count = value("BUILDKITE_PARALLEL_JOB_COUNT") else {
                throw ScrollSimError("BUILDKITE_PARALLEL_JOB=\(index) is set but BUILDKITE_PARALLEL_JOB_COUNT is not")
            }
            let (i, n) = (try number("BUILDKITE_PARALLEL_JOB", index), try number("BUILDKITE_PARALLEL_JOB_COUNT", count))
            guard n >= 1, (0..<n).contains(i) else {
                throw ScrollSimError("BUILDKITE_PARALLEL_JOB=\(index), BUILDKITE_PARALLEL_JOB_COUNT=\(count): the index is 0-based and must be below the count")
            }
            found.append((Shard(index: i, total: n), "Buildkite (BUILDKITE_PARALLEL_JOB=\(index), BUILDKITE_PARALLEL_JOB_COUNT=\(count))"))
        }
        if let index = value("JOB_COMPLETION_INDEX") {
            let i = try number("JOB_COMPLETION_INDEX", index)
            var n = total
            var totalSource = "--shard-total \(totalFlag ?? "")"
            if n == nil, let text = value("SCROLLSIM_SHARD_TOTAL") {
                n = try number("SCROLLSIM_SHARD_TOTAL", text)
                totalSource = "SCROLLSIM_SHARD_TOTAL=\(text)"
            }
            guard let n else {
                throw ScrollSimError("JOB_COMPLETION_INDEX=\(index) is set but the number of shards is not: pass --shard-total N or set SCROLLSIM_SHARD_TOTAL (the Job's completions)")
            }
            guard n >= 1, (0..<n).contains(i) else {
                throw ScrollSimError("JOB_COMPLETION_INDEX=\(index), \(totalSource): the index is 0-based and must be below the number of shards")
            }
            found.append((Shard(index: i, total: n), "Kubernetes Indexed Job (JOB_COMPLETION_INDEX=\(index), \(totalSource))"))
        } else if total != nil {
            throw ScrollSimError("--shard-total is given but JOB_COMPLETION_INDEX is not set; outside a Kubernetes Indexed Job use --shard I/N")
        }
        guard let first = found.first else { return Resolved(shard: .whole, source: nil) }
        if let other = found.dropFirst().first(where: { $0.shard != first.shard }) {
            throw ScrollSimError("the environment names two different shards: \(first.shard) from \(first.source) and \(other.shard) from \(other.source); pass --shard I/N")
        }
        return Resolved(shard: first.shard, source: first.source)
    }
}
