import Foundation
@testable import ScrollSimKit
@testable import ScrollSimPresentation
import Testing

/// What the scenario page says about causes: the view types table, the slowest frames with
/// what they built, the hover notes, and the frame-budget chart's two stages and its marks.
@Suite struct ScenarioPageAttributionTests {
    static let twoTypes = ReportFixtures.packageRoot.appendingPathComponent("Tests/ScrollSimKitTests/Fixtures/attribution/two-heavy-types.json").path

    /// The case of AttributionTests (worked out there by hand): reel owns all the over-budget
    /// work, frame 58 built element e8.
    @Test func theViewTypesAndTheSlowestFramesNameTheReel() throws {
        let html = try ScenarioPage.render(ScenarioLoader.load(path: Self.twoTypes).report())
        let section = try #require(html.components(separatedBy: "id=\"view-types-section\"").last)
        let table = try #require(section.components(separatedBy: "</table>").first)
        let rows = table.components(separatedBy: "<tr>").dropFirst(2)
        // Sorted by over-budget work: reel first with 100 %, then photo (more work, none late).
        #expect(rows.first?.hasPrefix("<td>reel</td><td>3</td>") == true, "\(rows.first ?? "")")
        #expect(rows.first?.contains("36.0 ms") == true && rows.first?.contains("100%") == true)
        #expect(rows.dropFirst().first?.hasPrefix("<td>photo</td><td>12</td>") == true)
        #expect(rows.dropFirst().first?.contains("> 0%") == true)

        let worst = try #require(html.components(separatedBy: "class=\"worst-frames\"").last?.components(separatedBy: "</table>").first)
        let first = try #require(worst.components(separatedBy: "<tr>").dropFirst(2).first)
        // The frame's number leads to its replay.
        #expect(first.hasPrefix("<td><a href=\"#replay\" data-replay-frame=\"58\" title=\"replay the list at frame 58\">58</a></td>"), "\(first)")
        #expect(first.contains("reel (element e8)") && first.contains("drag at 0 s") && first.contains("body 12.0 ms"))

        let hover = try #require(html.components(separatedBy: "id=\"frame-budget-data\">").last?.components(separatedBy: "</script>").first)
        #expect(hover.contains("\"built reel (element e8); after drag at 0 s\""), "\(hover.prefix(400))")
    }

    /// Both stages and the marks: render-server bars, red where the render server was late,
    /// and its dropped intervals (effects-live); prefetch overruns outlined and marked
    /// (prefetch-chunked-heavy-cells); launch and scroll frames in the strip.
    @Test func theChartShowsBothStagesAndMarksTheIntervals() throws {
        let shipped = try ReportFixtures.shipped()
        let effects = try #require(shipped.first { $0.scenarioName == "effects-live" })
        let live = Chart.frameBudget(try effects.frames()).svg
        #expect(live.contains("class=\"rs late\"") && live.contains("class=\"dropped render\""))
        #expect(live.contains(">render server, ms</text>"))
        let drawing = try #require(shipped.first { $0.scenarioName == "effects-drawinggroup" })
        let grouped = Chart.frameBudget(try drawing.frames()).svg
        #expect(grouped.contains("class=\"rs\"") && !grouped.contains("class=\"rs late\"") && !grouped.contains("class=\"dropped render\""))

        let chunked = try #require(shipped.first { $0.scenarioName == "prefetch-chunked-heavy-cells" })
        let overruns = Chart.frameBudget(try chunked.frames()).svg
        #expect(overruns.contains("class=\"overrun\"") && overruns.contains("class=\"overrun-mark\""))
        #expect(overruns.contains("class=\"iv-launch\"") && overruns.contains("class=\"iv-scroll\"") && overruns.contains("class=\"late-bg\""))
        let deadline = try #require(shipped.first { $0.scenarioName == "prefetch-deadline-heavy-cells" })
        #expect(!Chart.frameBudget(try deadline.frames()).svg.contains("class=\"overrun\""))
    }

    /// A report written before attribution existed still renders, saying so.
    @Test func aReportWithoutAttributionStillRenders() throws {
        let html = try ScenarioPage.render(ReportFixtures.synthetic(count: 500, spikes: [100: 30]))
        #expect(html.contains("This report has no attribution by view type"))
        #expect(html.contains("<details open><summary>The ten slowest frames</summary>"))
    }
}
