import Foundation
import Testing
import ScrollSimEngine
@testable import ScrollSimKit
@testable import ScrollSimPresentation

/// A scenario with every cost form, a device profile, `costs.measuredOn` and a calibration
/// (`Fixtures/costs/every-cost-form.json`): it passes the schema, decodes, runs, and scales by
/// hand-worked ratios; with every cost `{"fixed": x}` it reports exactly as with `x`.
struct CostFormsScenarioTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/costs/every-cost-form.json")

    static func text() throws -> String { try String(contentsOf: file, encoding: .utf8) }

    static func decode(_ text: String) throws -> Scenario {
        try ScenarioLoader.decode(Data(text.utf8), file: "every-cost-form.json")
    }

    @Test func itPassesTheSchemaDecodesAndRuns() throws {
        let text = try Self.text()
        let json = try JSONValue.parse(Data(text.utf8))
        #expect(try ScenarioSchemaTests.validator().errors(json) == [])
        let scenario = try Self.decode(text)
        #expect(scenario.warnings.isEmpty)
        let result = Simulation.run(scenario.config)
        // iPhone 11: 60 Hz for 3 s → 180 ticks (+1 for the frame at t = 0 when it is drawn).
        #expect((180...181).contains(result.frames.count))
        #expect(result.summary.totals.work.coldBuilds > 0)
        #expect(scenario.costs.calibration?.samples["post.bodyMs"] == 812)
    }

    @Test func costsMeasuredOnAFasterDeviceAreScaledByTheCPURatio() throws {
        let scenario = try Self.decode(try Self.text())
        // Measured on an iPhone 15 Pro (GB6 single-core 2,900), run on an iPhone 11 (1,700).
        let k = 2900.0 / 1700.0
        let post = scenario.config.content.types[0]
        #expect(post.costDistributions[.body] == .lognormal(p50: 0.3 * k, p95: 1.2 * k))
        #expect(abs(post.costs.appearMs - 0.02 * k) < 1e-12)
        #expect(abs(post.costs.initMs - 0.05 * k) < 1e-12)
        // Render-server costs are not scaled.
        #expect(post.costDistributions[.renderServer] == .uniform(min: 0.02, max: 0.1))
        #expect(post.costDistributions[.effect] == .lognormal(p50: 0.1, p95: 0.3))
        let header = try #require(scenario.config.content.sections?.header)
        #expect(header.costDistributions[.body] == .uniform(min: 0.02 * k, max: 0.06 * k))
        let card = try #require(scenario.config.content.types[2].row?.itemTypes.first)
        #expect(card.costDistributions[.body] == .lognormal(p50: 0.2 * k, p95: 0.5 * k))
        #expect(card.costDistributions[.renderServer] == .uniform(min: 0.01, max: 0.05))
        #expect(abs(scenario.config.device.frameOverheadMs - DeviceConfig().frameOverheadMs * k) < 1e-12)
        #expect(scenario.config.device.viewport == Size(width: 414, height: 896))
        #expect(scenario.config.device.refreshRate == 60)
    }

    @Test func fixedCostsReportExactlyAsNumbers() throws {
        // The shipped feed with each cost number x written as {"fixed": x}: the same report.
        let root = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Scenarios/feed-fling.json")))
        func fixing(_ type: JSONValue) -> JSONValue {
            guard var object = type.objectValue else { return type }
            for phase in CostPhase.allCases {
                if case .number(let x) = object[phase.key] { object[phase.key] = .object(["fixed": .number(x)]) }
            }
            return .object(object)
        }
        var top = try #require(root.objectValue)
        var content = try #require(top["content"]?.objectValue)
        let types = try #require(content["types"]?.arrayValue)
        content["types"] = .array(types.map(fixing))
        top["content"] = .object(content)
        let fixed = JSONValue.object(top)
        #expect(fixed != root)
        let writer = JSONWriter(decimals: 6)
        let a = try ScenarioLoader.decode(Data(writer.string(root).utf8), file: "feed-fling.json")
        let b = try ScenarioLoader.decode(Data(writer.string(fixed).utf8), file: "feed-fling.json")
        #expect(a.contentHash == b.contentHash)
        #expect(a.config == b.config)
        // The reports are the same but for the source they quote (`scenario.source` holds the
        // file as written, `{"fixed": x}` and all).
        func withoutSource(_ scenario: Scenario) throws -> String {
            let text = ReportBuilder.render(scenario: scenario, result: Simulation.run(scenario.config), harness: nil).text
            var report = try #require(try JSONValue.parse(Data(text.utf8)).objectValue)
            var section = try #require(report["scenario"]?.objectValue)
            #expect(section["source"] != nil)
            section["source"] = nil
            report["scenario"] = .object(section)
            return JSONWriter().string(.object(report))
        }
        #expect(try withoutSource(a) == withoutSource(b))
    }
}
