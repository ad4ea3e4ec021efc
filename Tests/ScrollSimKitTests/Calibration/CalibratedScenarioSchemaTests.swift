import Foundation
@testable import ScrollSimKit
@testable import ScrollSimTraces
import Testing

/// A calibrated scenario is a scenario: it validates against the committed JSON Schema, decodes,
/// and a second calibration replaces its `costs.calibration` instead of adding another block.
@Suite struct CalibratedScenarioSchemaTests {
    static func calibrate(_ bytes: [UInt8], window: CalibrationWindow? = nil) throws -> Calibration.Result {
        var map = CalibrationMap()
        map.add(try CalibrationMap.rule("post.body=text.body", origin: "test"))
        let csv = ReportFixtures.packageRoot.appendingPathComponent("Tests/ScrollSimKitTests/Fixtures/traces/costs.csv").path
        return try Calibration.calibrate(scenario: bytes, readings: [try TraceReader.read(path: csv)], map: map, window: window, measuredOn: "iPhone 15 Pro")
    }

    @Test func theOutputValidatesAndRecalibratesInPlace() throws {
        let feed = ReportFixtures.packageRoot.appendingPathComponent("Scenarios/feed-fling.json")
        let first = try Self.calibrate(Array(try Data(contentsOf: feed)))
        let value = try JSONParser.parse(first.text)
        #expect(try ScenarioSchemaTests.validator().errors(value) == [])
        // Two samples, 0.15 and 0.18: type 7 puts p at 0.15 + p · 0.03 (0.1503, 0.153, 0.165, 0.177, 0.1797, 0.18).
        let quantiles = #"{"quantiles": [[0.01, 0.1503], [0.1, 0.153], [0.5, 0.165], [0.9, 0.177], [0.99, 0.1797], [1, 0.18]]}"#
        #expect(value["content"]?["types"]?[0]?["bodyMs"] == (try JSONParser.parse(Array(quantiles.utf8)))["quantiles"].map { .object(["quantiles": $0]) })
        #expect(value["costs"]?["measuredOn"]?.stringValue == "iPhone 15 Pro")
        _ = try ScenarioLoader.decode(first.text, file: "calibrated.json", directory: feed.deletingLastPathComponent())
        // Again on its own output: the same text but the window, the only thing that changed.
        let second = try Self.calibrate(first.text, window: CalibrationWindow(startSeconds: 0, endSeconds: 10))
        let again = try JSONParser.parse(second.text)
        #expect(again["costs"]?["calibration"]?["window"] == .object(["start": .number(0), "end": .number(10)]))
        let count = String(decoding: second.text, as: UTF8.self).components(separatedBy: "\"calibration\"").count - 1
        #expect(count == 1, "one calibration block")
    }

    /// A calibrated type's jitter goes to 0, since its fitted distribution carries the spread
    /// the jitter stood for (kept, it would widen it twice), and the result names the type. A
    /// type the traces do not calibrate keeps its jitter: text has jitter 0.2 and is fitted,
    /// link has 0.3 and is not (the trace has text's body and photo's, nothing of link's).
    @Test func aCalibratedTypesJitterIsClearedAndOnlyItsOwn() throws {
        let feed = ReportFixtures.packageRoot.appendingPathComponent("Scenarios/feed-fling.json")
        var text = try String(contentsOf: feed, encoding: .utf8)
        text = text.replacingOccurrences(of: #""name": "text","#, with: #""name": "text", "jitter": 0.2,"#)
        text = text.replacingOccurrences(of: #""name": "link","#, with: #""name": "link", "jitter": 0.3,"#)
        let result = try Self.calibrate(Array(text.utf8))
        #expect(result.jitterCleared == ["text"])
        let value = try JSONParser.parse(result.text)
        #expect(value["content"]?["types"]?[0]?["jitter"]?.numberValue == 0)
        #expect(value["content"]?["types"]?[2]?["jitter"]?.numberValue == 0.3)
        #expect(try Self.calibrate(Array(try Data(contentsOf: feed))).jitterCleared == [])
    }
}

extension JSONValue {
    fileprivate subscript(index: Int) -> JSONValue? {
        guard case .array(let items) = self, index < items.count else { return nil }
        return items[index]
    }
}
