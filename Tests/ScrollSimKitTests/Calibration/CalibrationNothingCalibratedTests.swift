@testable import ScrollSimKit
@testable import ScrollSimTraces
import Testing

/// What calibrate says when no interval became a sample: where the intervals went, counted
/// exactly, and the one piece of advice that fits. A window that left intervals out is what
/// to change when it did; otherwise the trace holds only the launch.
@Suite struct CalibrationNothingCalibratedTests {
    static func result(launch: Int = 0, outsideWindow: Int = 0, unmapped: Int = 0) -> Calibration.Result {
        var samples = CalibrationSamples()
        samples.launch = launch
        samples.outsideWindow = outsideWindow
        if unmapped > 0 { samples.unmapped = [.init(name: "body", count: unmapped, totalMs: 1)] }
        return Calibration.Result(fits: [], kept: [], samples: samples, jitterCleared: [], types: ["ad", "post"], text: [])
    }

    static let prefix = "nothing calibrated, nothing written: "

    /// One interval, before the first scroll, no window: the launch alone, and no "0 outside".
    @Test func aTraceOfTheLaunchAloneSaysRecordTheScroll() {
        #expect(Self.result(launch: 1).nothingCalibrated(traces: ["t.json"])
                == Self.prefix + "all 1 intervals of t.json were left out, 1 before the first scroll (the launch); record the scroll itself, after the launch")
    }

    /// One interval outside --window: counted (one is not none), and the window is what to widen.
    @Test func oneIntervalOutsideTheWindowSaysWidenIt() {
        #expect(Self.result(outsideWindow: 1).nothingCalibrated(traces: ["t.json"])
                == Self.prefix + "all 1 intervals of t.json were left out, 1 outside --window; widen --window (seconds from the trace's start) to hold the scroll")
    }

    /// Both: the launch first, then the window, and the window is the advice.
    @Test func bothPlacesAreNamedInOrder() {
        #expect(Self.result(launch: 2, outsideWindow: 1).nothingCalibrated(traces: ["a.json", "b.json"])
                == Self.prefix + "all 3 intervals of a.json, b.json were left out, 2 before the first scroll (the launch) and 1 outside --window; widen --window (seconds from the trace's start) to hold the scroll")
    }

    /// No interval anywhere: "holds" for one trace, "hold" for two.
    @Test func tracesWithNoIntervalsSayWhatToRecord() throws {
        let one = try #require(Self.result().nothingCalibrated(traces: ["h.xml"]))
        #expect(one.hasPrefix(Self.prefix + "h.xml holds no timed intervals, "))
        let two = try #require(Self.result().nothingCalibrated(traces: ["h.xml", "i.xml"]))
        #expect(two.hasPrefix(Self.prefix + "h.xml, i.xml hold no timed intervals, "))
    }

    /// Intervals that map to nothing outweigh the launch: the map is what to write.
    @Test func unmappedIntervalsAskForAMap() throws {
        let text = try #require(Self.result(launch: 4, unmapped: 3).nothingCalibrated(traces: ["t.json"]))
        #expect(text.hasPrefix(Self.prefix + "none of the 3 intervals of t.json maps to a cost of the scenario; "))
        #expect(text.contains("TYPE one of the scenario's view types (ad, post)"))
    }
}
