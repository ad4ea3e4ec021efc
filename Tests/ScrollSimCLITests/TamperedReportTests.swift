import Foundation
import ScrollSimKit
import Testing

/// Reports and shard files edited by hand: a number no run writes is refused with its key path
/// (exit status 2), never a trap; and figures at the edge of what `run` does write (2^53 is the
/// readers' bound, `Report.largestMetric`) are read by every command.
@Suite struct TamperedReportTests {
    static let good = CompareCLI.path("Reports/baseline/origami-lazy.json")

    /// The good report with `edit` applied to its JSON object, written to `dir/name.json`.
    static func tampered(_ name: String, in dir: String, _ edit: (inout [String: Any]) -> Void) throws -> String {
        var root = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: good))) as? [String: Any])
        edit(&root)
        let path = dir + "/\(name).json"
        try JSONSerialization.data(withJSONObject: root).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func setFrame(_ root: inout [String: Any], _ column: String, _ index: Int, _ value: Double) {
        var frames = root["frames"] as? [String: Any] ?? [:]
        var values = frames[column] as? [Any] ?? []
        values[index] = value
        frames[column] = values
        root["frames"] = frames
    }

    @Test func aNegativeWorkOfMinus1e19IsRefusedByItsKeyPath() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let file = try Self.tampered("work", in: dir) { Self.setFrame(&$0, "workMs", 3, -1e19) }
        let result = CompareCLI.run(["report", file, "--out", dir + "/html"])
        #expect(result.status == 2)
        #expect(result.err == "Error: \(file): frames.workMs[3]: -1e+19 is outside what a report can hold (magnitude below 2^53 = 9007199254740992)\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/html"))
    }

    @Test func anEventElementOf1e19IsRefusedByItsKeyPath() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let file = try Self.tampered("event", in: dir) { root in
            var events = root["events"] as? [String: Any] ?? [:]
            var elements = events["element"] as? [Any] ?? []
            elements[0] = 1e19
            events["element"] = elements
            root["events"] = events
        }
        let result = CompareCLI.run(["report", file, "--out", dir + "/html", "--trace", dir + "/t.json"])
        #expect(result.status == 2)
        #expect(result.err == "Error: \(file): events.element[0]: 1e+19 is not an element index (a whole number below 2^53)\n")
    }

    /// What a run may write at the edge: clippedPx 4.5e15, a frame that dropped 8.6e9
    /// intervals, peak memory at the modeled-bytes limit (10^15) — all below 2^53.
    @Test func figuresRunWritesAtTheEdgeAreRead() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let file = try Self.tampered("edge", in: dir) { root in
            var summary = root["summary"] as? [String: Any] ?? [:]
            summary["clippedPx"] = 4.5e15
            summary["peakMemoryBytes"] = 1e15
            root["summary"] = summary
            Self.setFrame(&root, "dropped", 5, 8.6e9)
        }
        let report = CompareCLI.run(["report", file, "--out", dir + "/html"])
        #expect(report.status == 0, "\(report.err)")
        let compare = CompareCLI.run(["compare", Self.good, file, "--allow-content-change"])
        #expect(compare.status != 2, "\(compare.err)")
    }

    @Test func aShardListingVariant1e300IsRefused() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let scenario = try HostileInputTests.scenario("s", in: dir)
        let sweep = CompareCLI.run(["sweep", scenario, "--vary", "duration=0.5,1", "--out", dir + "/shard", "--shard", "1/1", "-q"])
        #expect(sweep.status == 0, "\(sweep.err)")
        let shardFile = dir + "/shard/shard.json"
        try #"{"shard": "1/1", "variants": [1e300]}"#.write(toFile: shardFile, atomically: true, encoding: .utf8)
        let merge = CompareCLI.run(["merge", dir + "/shard", "--out", dir + "/merged"])
        #expect(merge.status == 2)
        #expect(merge.err == "Error: \(shardFile): variants[0]: expected a variant number below 2, found 1e+300\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/merged"))
    }
}
