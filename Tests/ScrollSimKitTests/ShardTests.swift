import Testing
import ScrollSimKit

@Suite struct ShardTests {
    /// 10 items over 4 shards, round robin: shard 1/4 takes 0, 4, 8; 2/4 takes 1, 5, 9;
    /// 3/4 takes 2, 6; 4/4 takes 3, 7.
    @Test func roundRobinSlices() throws {
        let items = Array(0..<10)
        #expect(try Shard.parse("1/4").select(items) == [0, 4, 8])
        #expect(try Shard.parse("2/4").select(items) == [1, 5, 9])
        #expect(try Shard.parse("3/4").select(items) == [2, 6])
        #expect(try Shard.parse("4/4").select(items) == [3, 7])
        #expect(Shard.whole.select(items) == items)
    }

    @Test func everyItemBelongsToExactlyOneShard() {
        for total in 1...7 {
            let items = Array(0..<23)
            let slices = (0..<total).map { Shard(index: $0, total: total).select(items) }
            #expect(slices.flatMap { $0 }.sorted() == items)
        }
    }

    @Test func parseIsOneBasedAndNamesTheProblem() throws {
        #expect(try Shard.parse("2/4") == Shard(index: 1, total: 4))
        #expect(try Shard.parse("2/4").description == "2/4")
        #expect(throws: ScrollSimError.argument("--shard 0/4", "the shard's number is 1-based and must be from 1 to 4")) { try Shard.parse("0/4") }
        #expect(throws: ScrollSimError.argument("--shard 5/4", "the shard's number is 1-based and must be from 1 to 4")) { try Shard.parse("5/4") }
        #expect(throws: ScrollSimError.argument("--shard 1/0", "the number of shards must be at least 1")) { try Shard.parse("1/0") }
        #expect(throws: ScrollSimError.self) { try Shard.parse("2") }
        #expect(throws: ScrollSimError.self) { try Shard.parse("a/b") }
    }

    /// A merge reads one directory per shard: a hundred million shards are refused when the
    /// spec is read, not counted through (100,000 is a Kubernetes Indexed Job's most completions).
    @Test func theNumberOfShardsIsBounded() throws {
        #expect(try Shard.parse("1/100000").total == 100_000)
        #expect(throws: ScrollSimError.argument("--shard 1/100000000", "at most 100,000 shards (a Kubernetes Indexed Job's most completions)")) {
            try Shard.parse("1/100000000")
        }
        #expect(throws: ScrollSimError.argument("CI_NODE_TOTAL=200000", "at most 100,000 shards (a Kubernetes Indexed Job's most completions)")) {
            try Shard.resolve(flag: nil, totalFlag: nil, environment: ["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "200000"])
        }
    }
}

@Suite struct ShardEnvironmentTests {
    func resolve(_ environment: [String: String], flag: String? = nil, total: String? = nil) throws -> Shard.Resolved {
        try Shard.resolve(flag: flag, totalFlag: total, environment: environment)
    }

    @Test func nothingSetMeansEverything() throws {
        #expect(try resolve([:]) == Shard.Resolved(shard: .whole, source: nil))
        #expect(try resolve(["CI_NODE_INDEX": ""]).shard == .whole)
    }

    /// GitLab counts from 1: CI_NODE_INDEX=2 of 4 is the second shard, index 1.
    @Test func gitLabIsOneBased() throws {
        let resolved = try resolve(["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "4"])
        #expect(resolved.shard == Shard(index: 1, total: 4))
        #expect(resolved.source == "GitLab CI (CI_NODE_INDEX=2, CI_NODE_TOTAL=4)")
        #expect(throws: ScrollSimError.self) { try resolve(["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "4"]) }
        #expect(throws: ScrollSimError.self) { try resolve(["CI_NODE_INDEX": "2"]) }
    }

    /// Buildkite counts from 0: BUILDKITE_PARALLEL_JOB=2 of 4 is the third shard, index 2.
    @Test func buildkiteIsZeroBased() throws {
        #expect(try resolve(["BUILDKITE_PARALLEL_JOB": "2", "BUILDKITE_PARALLEL_JOB_COUNT": "4"]).shard == Shard(index: 2, total: 4))
        #expect(throws: ScrollSimError.self) { try resolve(["BUILDKITE_PARALLEL_JOB": "4", "BUILDKITE_PARALLEL_JOB_COUNT": "4"]) }
    }

    /// Kubernetes gives only the 0-based index; the total comes from the flag or the variable.
    @Test func kubernetesNeedsATotal() throws {
        #expect(try resolve(["JOB_COMPLETION_INDEX": "3"], total: "4").shard == Shard(index: 3, total: 4))
        #expect(try resolve(["JOB_COMPLETION_INDEX": "0", "SCROLLSIM_SHARD_TOTAL": "5"]).shard == Shard(index: 0, total: 5))
        #expect(throws: ScrollSimError.self) { try resolve(["JOB_COMPLETION_INDEX": "3"]) }
        #expect(throws: ScrollSimError.self) { try resolve(["JOB_COMPLETION_INDEX": "4"], total: "4") }
        #expect(throws: ScrollSimError.self) { try resolve([:], total: "4") }
    }

    @Test func theFlagWinsOverTheEnvironment() throws {
        let resolved = try resolve(["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "2"], flag: "3/4")
        #expect(resolved.shard == Shard(index: 2, total: 4))
        #expect(resolved.source == "--shard 3/4")
    }

    @Test func twoSystemsNamingDifferentShardsIsAnError() throws {
        // GitLab's 1/2 is index 0; Buildkite's 1 of 2 is index 1.
        #expect(throws: ScrollSimError.self) {
            try resolve(["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "2", "BUILDKITE_PARALLEL_JOB": "1", "BUILDKITE_PARALLEL_JOB_COUNT": "2"])
        }
        #expect(try resolve(["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "2", "BUILDKITE_PARALLEL_JOB": "1", "BUILDKITE_PARALLEL_JOB_COUNT": "2"]).shard == Shard(index: 1, total: 2))
    }

    @Test func notANumberNamesTheVariable() {
        #expect(throws: ScrollSimError.argument("CI_NODE_INDEX=two", expected: "a whole number")) {
            try resolve(["CI_NODE_INDEX": "two", "CI_NODE_TOTAL": "4"])
        }
    }
}
