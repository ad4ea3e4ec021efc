import Foundation
@testable import ScrollSimEngine
import Testing
@testable import ScrollSimKit
@testable import ScrollSimTesting

/// A measurement taken on a layout that did not settle says so: `unsettledFrames` and the
/// `unsettled` events (<doc:ContentContract>, the viewport's layout loop).
@Suite struct UnsettledLayoutTests {
    /// The report of a scenario text, as `scrollsim run` writes it.
    static func report(_ text: String, label: String) throws -> Report {
        let scenario = try ScenarioDecoder(file: "\(label).json") { _, _ in [] }.decode(bytes: Array(text.utf8))
        let written = JSONWriter().string(ReportBuilder.build(scenario: scenario, result: scenario.run(), harness: nil))
        return try Report(path: "\(label).report.json", root: JSONParser.parse(Array(written.utf8))).checked()
    }

    /// Property-test seed 415: an initial estimate of 0 and the list placed at its bottom
    /// (`defaultScrollAnchor`), rows of up to 100,000 pt. Laid out downward from the estimated
    /// bottom, the loop did not settle its first frame (each pass measured rows the 0 pt
    /// estimate had stacked at the bottom, and the running average moved by orders of magnitude
    /// between passes): `unsettledFrames` 1, one `unsettled` event at frame 0 asking for
    /// −130,454.7 pt. A stack placed at its bottom now measures from its last row upward, which
    /// no estimate above moves, so the frame settles: 0, no event, and the summary does not list
    /// the metric (changed to 0 on purpose, as this test said it would be; with the upward walk
    /// taken out of `LazyStack.buildViewportRows` it fails again with the old figures).
    @Test func seed415Settles() throws {
        let report = try Self.report(ScenarioGenerator.text(seed: 415), label: "g415")
        let frames = try report.frames()
        let events = try report.events(frameCount: frames.count)
        #expect(report[.unsettledFrames] == 0)
        #expect(!events.contains { $0.kind == SimulationEvent.Kind.unsettled.name })
        #expect(!KeyFigures(report).figures.contains { $0.metric == .unsettledFrames })
    }

    /// A sound run lists no unsettled frames: the metric's scope is no scenario, so a 0 is not
    /// shown (the shipped scenarios are all 0, `BaselineCheckTests` and the exact gate hold that).
    @Test func aSettledRunDoesNotListTheMetric() throws {
        let report = try Self.report(ReportInvariantsTests.text, label: "invariants")
        #expect(report[.unsettledFrames] == 0)
        #expect(!KeyFigures(report).figures.contains { $0.metric == .unsettledFrames })
    }
}
