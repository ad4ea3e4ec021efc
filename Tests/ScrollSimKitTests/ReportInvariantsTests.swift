import Foundation
import XCTest
@testable import ScrollSimKit
@testable import ScrollSimTesting

/// The invariants hold on a real report and each one fails when the report is changed the way a
/// one-line accounting bug would change it.
final class ReportInvariantsTests: XCTestCase {
    /// A lazy stack of 100 rows of 100 pt in an 800 pt viewport, body 6 ms: launch builds the 8
    /// rows from y = 0 to 800 (48 ms of body, so ⌈W/B⌉ − 1 = 5 frames at least are dropped), a
    /// drag scrolls, rows leave and are evicted, a scroll lands. One type: memory is data +
    /// views × (1,000 + 200 + 0) bytes; 1,000,000 bytes more is more than every view holds.
    static let text = """
    {"schema": 1, "name": "invariants", "duration": 1.5,
     "device": {"viewport": {"width": 390, "height": 800}},
     "stack": {"kind": "lazyVStack", "keepAlive": {"frames": 2}},
     "content": {"count": 100, "types": [{"name": "row", "height": {"fixed": 100}, "bodyMs": 6,
                 "memory": {"view": 1000, "state": 200, "data": 64}}]},
     "script": [{"at": 0.1, "drag": {"velocity": 3000, "duration": 0.5}},
                {"at": 0.9, "scrollTo": {"id": 5, "animated": false}}]}
    """

    static func played() throws -> (Report, Scenario) {
        let scenario = try ScenarioDecoder(file: "invariants.json") { _, _ in [] }.decode(bytes: Array(text.utf8))
        let written = JSONWriter().string(ReportBuilder.build(scenario: scenario, result: scenario.run(), harness: nil))
        return (try Report(path: "invariants.report.json", root: JSONParser.parse(Array(written.utf8))), scenario)
    }

    /// `report` with `body` applied to its root.
    static func changed(_ report: Report, _ body: (inout [String: JSONValue]) -> Void) throws -> Report {
        var root = report.root.objectValue ?? [:]
        body(&root)
        return try Report(path: report.path, root: .object(root))
    }

    static func set(_ root: inout [String: JSONValue], _ section: String, _ key: String, _ transform: ([JSONValue]) -> [JSONValue]) {
        var object = root[section]?.objectValue ?? [:]
        object[key] = .array(transform(object[key]?.arrayValue ?? []))
        root[section] = .object(object)
    }

    func testARealReportKeepsEveryInvariant() throws {
        let (report, scenario) = try Self.played()
        XCTAssertEqual(ReportInvariants.violations(of: report, scenario: scenario), [])
        // The figures the test leans on: launch drops frames, rows were evicted and released.
        XCTAssertGreaterThanOrEqual(report.metrics["launch.droppedFrames"] ?? 0, 5)
        XCTAssertGreaterThan(report.metrics["releases"] ?? 0, 0)
    }

    func testAPhaseThatDoesNotAddUpToTheWorkIsFound() throws {
        let (report, scenario) = try Self.played()
        let changed = try Self.changed(report) { root in
            var frames = root["frames"]?.objectValue ?? [:]
            var phases = frames["phaseMs"]?.objectValue ?? [:]
            var body = phases["body"]?.arrayValue ?? []
            body[3] = .number((body[3].numberValue ?? 0) + 0.5)
            phases["body"] = .array(body)
            frames["phaseMs"] = .object(phases)
            root["frames"] = .object(frames)
        }
        XCTAssertTrue(ReportInvariants.violations(of: changed, scenario: scenario).contains { $0.hasPrefix("frame 3: the phases sum to") })
    }

    func testADroppedCountOffTheRenderLoopIsFound() throws {
        let (report, scenario) = try Self.played()
        // Frame 0's 48+ ms of work drops ⌈W/B⌉ − 1 ≥ 5 frames; one more is not the render loop's.
        let changed = try Self.changed(report) { root in
            Self.set(&root, "frames", "dropped") { values in
                var values = values
                values[0] = .number((values[0].numberValue ?? 0) + 1)
                return values
            }
        }
        XCTAssertTrue(ReportInvariants.violations(of: changed, scenario: scenario).contains { $0.hasPrefix("frame 0: workMs") })
    }

    func testASummaryThatIsNotItsColumnsIsFound() throws {
        let (report, scenario) = try Self.played()
        let changed = try Self.changed(report) { root in
            var summary = root["summary"]?.objectValue ?? [:]
            summary["releases"] = .number((summary["releases"]?.numberValue ?? 0) + 1)
            root["summary"] = .object(summary)
        }
        XCTAssertTrue(ReportInvariants.violations(of: changed, scenario: scenario).contains { $0.hasPrefix("summary.releases is") })
    }

    func testMemoryThatIsNotWhatIsResidentIsFound() throws {
        let (report, scenario) = try Self.played()
        let changed = try Self.changed(report) { root in
            Self.set(&root, "frames", "memoryBytes") { values in
                var values = values
                values[10] = .number((values[10].numberValue ?? 0) + 1_000_000)
                return values
            }
        }
        XCTAssertTrue(ReportInvariants.violations(of: changed, scenario: scenario).contains { $0.hasPrefix("frame 10: memoryBytes is") })
    }

    func testAnEventForAnElementThatDoesNotExistAndAnEvictionOfAVisibleRowAreFound() throws {
        let (report, scenario) = try Self.played()
        // Element 100 of 100 does not exist; the events are checked in their order, and after
        // the last one (the scrollTo of element 5 put rows 5 to 12 on screen) row 6 is visible.
        let changed = try Self.changed(report) { root in
            let last = (root["frames"]?["timeMs"]?.arrayValue?.count ?? 1) - 1
            Self.set(&root, "events", "frame") { $0 + [.number(Double(last)), .number(Double(last))] }
            Self.set(&root, "events", "kind") { $0 + [.string("tap"), .string("evict")] }
            Self.set(&root, "events", "row") { $0 + [.number(-1), .number(6)] }
            Self.set(&root, "events", "element") { $0 + [.number(100), .number(6)] }
            Self.set(&root, "events", "type") { $0 + [.null, .string("row")] }
            Self.set(&root, "events", "value") { $0 + [.number(0), .number(0)] }
        }
        let violations = ReportInvariants.violations(of: changed, scenario: scenario)
        XCTAssertTrue(violations.contains { $0.contains("names element 100; there are at most 100") }, "\(violations)")
        XCTAssertTrue(violations.contains {  $0.hasSuffix("row 6 is evicted (evict) while visible") }, "\(violations)")
    }

    /// Masonry numbers rows within each column, and a data file's ids are strings: the
    /// visibility check keys an eviction by row and element together. Property-test seed 2705
    /// (64 columns, ids from a data file) built e2 in column 2's row 0 and evicted it unseen
    /// while e0 was visible in column 0's row 0; keyed by row alone, or by a string id read as a
    /// number, that was an eviction of a visible row.
    func testAnEvictionIsJudgedByElementAndRowNotRowAlone() throws {
        let text = """
        {"schema": 1, "name": "columns", "duration": 0.2,
         "device": {"viewport": {"width": 390, "height": 800}},
         "stack": {"kind": "masonryColumns", "masonry": {"columns": 2}},
         "content": {"data": "photos.jsonl", "types": [{"name": "photo", "height": {"fixed": 300}, "bodyMs": 1}]}}
        """
        let data = (0..<8).map { "{\"id\": \"p\($0)\"}" }.joined(separator: "\n")
        let scenario = try ScenarioDecoder(file: "columns.json") { _, _ in Array(data.utf8) }.decode(bytes: Array(text.utf8))
        let written = JSONWriter().string(ReportBuilder.build(scenario: scenario, result: scenario.run(), harness: nil))
        let report = try Report(path: "columns.report.json", root: JSONParser.parse(Array(written.utf8)))
        XCTAssertEqual(ReportInvariants.violations(of: report, scenario: scenario), [])
        // p0 and p1 head the two columns: both appear in row 0 at launch.
        let events = report.root["events"]
        let appeared = zip(events?["kind"]?.arrayValue ?? [], zip(events?["row"]?.arrayValue ?? [], events?["element"]?.arrayValue ?? []))
            .filter { $0.0.stringValue == "appear" && $0.1.0.numberValue == 0 }.compactMap { $0.1.1.stringValue }
        XCTAssertEqual(Set(appeared), ["p0", "p1"])
        func evicting(_ element: String) throws -> [String] {
            let changed = try Self.changed(report) { root in
                Self.set(&root, "events", "frame") { $0 + [.number(0)] }
                Self.set(&root, "events", "kind") { $0 + [.string("evict")] }
                Self.set(&root, "events", "row") { $0 + [.number(0)] }
                Self.set(&root, "events", "element") { $0 + [.string(element)] }
                Self.set(&root, "events", "type") { $0 + [.string("photo")] }
                Self.set(&root, "events", "value") { $0 + [.number(0)] }
            }
            return ReportInvariants.violations(of: changed, scenario: scenario).filter { $0.contains("while visible") }
        }
        XCTAssertEqual(try evicting("p7"), [], "p7 is not on screen; row 0 of another column is")
        XCTAssertEqual(try evicting("p1"), ["frame 0: row 0 is evicted (evict) while visible"])
    }
}
