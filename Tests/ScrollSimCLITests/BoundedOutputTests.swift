import Foundation
import ScrollSimKit
import Testing

/// Bounded outputs (issue 48): two reports whose scenario sources differ in a large array
/// (5,000 elements here; a million gave a 130 MiB comparison and a 92 MB page) list the first
/// `ScenarioDiff.shownChanges` (100) changes and the count of all, in every format.
@Suite struct BoundedOutputTests {
    /// origami-lazy's report (summary only) with `scenario.source.extra` an array of `count`
    /// numbers from `start`, and a content hash of its own.
    static func report(start: Int, count: Int, hash: String) throws -> JSONValue {
        let value = try CompareCLI.withHash(try CompareCLI.summaryOnly(try CompareCLI.origamiLazy), hash)
        guard case .object(var root) = value, case .object(var scenario) = root["scenario"] ?? .null,
              case .object(var source) = scenario["source"] ?? .null else { throw ScrollSimError("no scenario.source") }
        source["extra"] = .array((start..<start + count).map { .number(Double($0)) })
        scenario["source"] = .object(source)
        root["scenario"] = .object(scenario)
        return .object(root)
    }

    @Test func aLargeScenarioDiffIsCappedWithItsCount() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let a = try CompareCLI.write(try Self.report(start: 0, count: 5000, hash: "aaaaaaaaaaaaaaaa"), to: dir, as: "a.json")
        let b = try CompareCLI.write(try Self.report(start: 1, count: 5000, hash: "bbbbbbbbbbbbbbbb"), to: dir, as: "b.json")
        let text = CompareCLI.run(["compare", a, b])
        #expect(text.out.contains("extra[0] 0 → 1"))
        #expect(text.out.contains("extra[99] 99 → 100"))
        #expect(!text.out.contains("extra[100] "))
        #expect(text.out.contains("… and 4,900 more changes (5,000 in all)"), "\(text.out.prefix(3000))")
        let json = CompareCLI.run(["compare", a, b, "--format", "json"])
        let root = try JSONParser.parse(Array(json.out.utf8), file: "comparison.json")
        let scenario = try #require(root["scenarios"]?.arrayValue?.first)
        #expect(scenario["scenarioChanges"]?.arrayValue?.count == 100)
        #expect(scenario["scenarioChangeCount"]?.numberValue == 5000)
        #expect(json.out.utf8.count < 200_000, "\(json.out.utf8.count) bytes")
    }

    @Test func theDiffKeepsTheFirstChangesAndCountsTheRest() throws {
        let old = JSONValue.array((0..<1000).map { .number(Double($0)) })
        let new = JSONValue.array((0..<1000).map { .number(Double($0 + 1)) })
        let (shown, total) = ScenarioDiff.changes(from: .object(["a": old]), to: .object(["a": new]), limit: 100)
        #expect(shown.count == 100 && total == 1000)
        #expect(shown.last?.description == "a[99] 99 → 100")
        #expect(ScenarioDiff.changes(from: .object(["a": old]), to: .object(["a": new])).count == 1000)
    }
}
