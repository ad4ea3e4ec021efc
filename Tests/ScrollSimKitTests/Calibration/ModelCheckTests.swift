import Foundation
@testable import ScrollSimKit
import Testing

/// The check against a hitch table written from a known run: the same run's late frames as an
/// xctrace `hitches` table (start at the missed vsync, duration dropped × 8.333 ms), and two
/// signposts marking the first and last scrolling frame (the trace's span).
@Suite struct ModelCheckTests {
    @Test func aHitchTableOfTheRunItselfIsPredicted() throws {
        let (scenario, report, _) = try CalibrationRoundTripTests.truthRun()
        let frames = try report.frames()
        let moving = report.frameColumn("moving") ?? [], launch = report.frameColumn("launch") ?? []
        let budgetNs = Int64((frames.budgetMs * 1e6).rounded())
        var hitches: [TraceHitch] = []
        var scrolling: [Int] = []
        for i in 0..<frames.count where moving[i] > 0 && launch[i] == 0 {
            scrolling.append(i)
            let start = Int64((frames.timeMs[i] * 1e6).rounded())
            if frames.dropped[i] > 0 { hitches.append(TraceHitch(startNs: start + budgetNs, durationNs: Int64(frames.dropped[i]) * budgetNs, kind: "Expensive Commit")) }
        }
        let first = Int64((frames.timeMs[scrolling[0]] * 1e6).rounded())
        let last = Int64((frames.timeMs[scrolling[scrolling.count - 1]] * 1e6).rounded()) + budgetNs
        let xml = TraceExportWriter.xctrace(intervals: [TraceInterval(name: "scroll", startNs: first, durationNs: 1), TraceInterval(name: "scroll", startNs: last - 1, durationNs: 1)], hitches: hitches)
        let reading = try TraceReader.read(path: try TraceFiles.write(xml, name: "hitches.xml"))
        let check = try ModelCheck(readings: [reading], window: nil, report: report)
        let rows = Dictionary(uniqueKeysWithValues: check.rows.map { ($0.key, $0) })
        let predictedMs = report.metrics["hitchTimeMs"] ?? -1
        // Same frames, same figures: hitch time and count agree exactly.
        #expect(abs((rows["HitchTimeMs"]?.measured ?? 0) - predictedMs) < 0.01, "measured \(rows["HitchTimeMs"]?.measured ?? 0) ms vs predicted \(predictedMs) ms")
        #expect(rows["HitchCount"]?.measured == rows["HitchCount"]?.predicted, "\(hitches.count) hitches written")
        #expect(rows["HitchCount"]?.errorPct == 0)
        // The ratios differ only by their denominators: the span from the first to the last
        // scrolling frame against the run's seconds of motion (the same here, within a frame per pause).
        let error = try #require(check.errorPct)
        #expect(abs(error) < 2, "hitch ratio measured \(rows["HitchRatio"]?.measured ?? 0) vs predicted \(rows["HitchRatio"]?.predicted ?? 0) ms/s: \(error) % (\(scenario.name))")
        #expect(check.text.contains("hitch time ratio"))
        let summary = check.adding(to: report.root)["summary"]?["calibration"]
        #expect(summary?["measuredHitchRatio"]?.numberValue == rows["HitchRatio"]?.measured)
        #expect(summary?["predictedHitchRatio"]?.numberValue == report.metrics["hitchRatio"])
        #expect(summary?["errorPct"]?.numberValue == error)
    }
}
