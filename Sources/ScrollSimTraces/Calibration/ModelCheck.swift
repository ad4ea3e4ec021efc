import ScrollSimKit
import ScrollSimEngine

/// How well the model predicts the app: the measured trace's hitches and frames beside the
/// scenario's run, both read by one rule over the same stretch of time.
///
/// The predicted run is read as its own `--trace` would show it (`CheckTimeline(run:)`), never
/// through the model's own figures (`hitchRatio` per `movingSeconds`, `frameWorkMs` over every
/// frame with the launch): a real trace has frames with a start and a duration, hitches, and
/// perhaps a mark where scrolling began, and knows nothing of the model's `moving` flag. Both
/// sides are then measured over one `CheckWindow` — from the first scroll (the launch left out
/// of both), for the same length — so the model's own trace checks at exactly 0 % on every
/// figure:
///
/// - **hitch time ratio**: Σ durations of the hitches that start in the window ÷ the window's
///   seconds (hitch ms per second, Apple's hitch time ratio over the stretch compared);
/// - **hitches** and **hitch time**: their count and Σ durations;
/// - **frame work p50 / p99** (when the trace has frames): type-7 percentiles of the durations
///   of the frames that start in the window.
///
/// Hitches are the trace's own (an xctrace hitches table, ScrollSim's `Dropped ×N` slices) and
/// the run's late frames. A trace that has frames but no hitches (Android, Flutter, Chrome) has
/// them derived from its frames by the model's main-thread rule — a frame of work d over the
/// budget B misses ⌈d ÷ B⌉ − 1 vsyncs — and the run's are derived from its frames the same way,
/// so that both sides count the same kind of hitch. Error = (predicted − measured) ÷ measured,
/// in percent; none when the measured value is 0 (then both being 0 is 0 %).
public struct ModelCheck: Equatable, Sendable {
    public struct Row: Equatable, Sendable {
        /// The figure's key in `summary.calibration` without its measured/predicted prefix.
        public var key: String
        public var label: String
        public var unit: String
        public var measured: Double
        public var predicted: Double

        public var errorPct: Double? {
            if measured == 0 { return predicted == 0 ? 0 : nil }
            return (predicted - measured) / measured * 100
        }
    }

    public var rows: [Row]
    /// The compared stretch, in seconds (summed over the traces).
    public var windowSeconds: Double
    /// Whether every trace's window starts at its first scroll (the launch left out).
    public var fromFirstScroll: Bool
    /// Where the measured frames came from, when not the traces' own; and whether the hitches
    /// were derived from frames (no trace recorded hitches), with the budget used.
    public var frameSources: [String]
    public var derivedHitchBudgetMs: Double?

    /// Compares `readings` (their hitches and frames; `frames` names the frame slices) with
    /// `report`, a run of the scenario.
    /// - Throws: `ScrollSimError` when no trace has hitches or frames, when the window is empty,
    ///   or when the report's frames cannot be read.
    public init(readings: [TraceReading], window: CalibrationWindow?, report: Report, frames: FrameSelection? = nil) throws {
        self = try ModelCheck.compare(measured: try ModelCheck.timelines(of: readings, frames: frames), predicted: try CheckTimeline(run: report), window: window)
    }

    /// The traces that have hitches or frames, as the check reads them (before the scenario is
    /// played, so that a trace with nothing to compare is refused at once).
    /// - Throws: `ScrollSimError` naming the files when none has hitches or frames.
    public static func timelines(of readings: [TraceReading], frames: FrameSelection?) throws -> [CheckTimeline] {
        let timelines = readings.map { CheckTimeline(reading: $0, frames: frames) }.filter(\.hasHitchesOrFrames)
        guard timelines.isEmpty else { return timelines }
        let names = readings.map(\.file).joined(separator: ", ")
        let defaults = FrameSelection.defaults.map { "\($0.selection.description) (\($0.toolkit))" }.joined(separator: ", ")
        let framesHint = frames.map { "no slice named '\($0.description)'" } ?? "no frames (of its own, or slices \(defaults))"
        throw ScrollSimError(messages: ["\(names): no hitches and \(framesHint) in the trace\(readings.count == 1 ? "" : "s"), so there is nothing to compare the model with (record with the Animation Hitches template and export the hitches table, or name the trace's frame slices with --frames NAME)"])
    }

    /// Compares the measured traces with one predicted run. The one place the figures are made,
    /// so a run of an ensemble can be checked on its own.
    /// - Throws: `ScrollSimError` when the windows hold no time (a trace that ends before its
    ///   first scroll, or a `--window` outside it).
    public static func compare(measured: [CheckTimeline], predicted: CheckTimeline, window: CalibrationWindow?) throws -> ModelCheck {
        let budgetNs = predicted.budgetNs ?? 0
        var measuredSide = Side(), predictedSide = Side()
        var lengthNs: Int64 = 0
        var fromFirstScroll = true
        var derived = false
        for trace in measured {
            let span = CheckWindow(measured: trace, predicted: predicted, window: window)
            guard span.lengthNs > 0 else { continue }
            lengthNs &+= span.lengthNs
            fromFirstScroll = fromFirstScroll && span.fromFirstScroll
            let recorded = trace.hitches != nil
            derived = derived || !recorded
            measuredSide.add(frames: trace.frames, hitches: trace.hitches ?? trace.derivedHitches(budgetNs: budgetNs), in: span, predicted: false)
            predictedSide.add(frames: predicted.frames, hitches: recorded ? predicted.hitches ?? [] : predicted.derivedHitches(budgetNs: budgetNs), in: span, predicted: true)
        }
        guard lengthNs > 0 else {
            throw ScrollSimError(messages: ["nothing to compare: no time is left from the first scroll to the end of the trace\(measured.count == 1 ? "" : "s")\(window == nil ? "" : " within --window") and of the run (a trace that ends before it scrolls, a --window outside the trace, or a script that never scrolls within the run)"])
        }
        let seconds = Double(lengthNs) / 1e9
        var rows = [
            Row(key: "HitchRatio", label: "hitch time ratio", unit: "ms/s", measured: measuredSide.hitchMs / seconds, predicted: predictedSide.hitchMs / seconds),
            Row(key: "HitchCount", label: "hitches", unit: "", measured: Double(measuredSide.hitchCount), predicted: Double(predictedSide.hitchCount)),
            Row(key: "HitchTimeMs", label: "hitch time", unit: "ms", measured: measuredSide.hitchMs, predicted: predictedSide.hitchMs),
        ]
        if !measuredSide.frameMs.isEmpty {
            let m = Percentiles(of: measuredSide.frameMs), p = Percentiles(of: predictedSide.frameMs)
            rows.append(Row(key: "FrameWorkP50", label: "frame work p50", unit: "ms", measured: m.p50, predicted: p.p50))
            rows.append(Row(key: "FrameWorkP99", label: "frame work p99", unit: "ms", measured: m.p99, predicted: p.p99))
        }
        var sources: [String] = []
        for case let source? in measured.map(\.frameSource) where !sources.contains(source) { sources.append(source) }
        return ModelCheck(rows: rows, windowSeconds: seconds, fromFirstScroll: fromFirstScroll, frameSources: sources,
                          derivedHitchBudgetMs: derived ? Double(budgetNs) / 1e6 : nil)
    }

    public init(rows: [Row], windowSeconds: Double, fromFirstScroll: Bool = true, frameSources: [String] = [], derivedHitchBudgetMs: Double? = nil) {
        self.rows = rows
        self.windowSeconds = windowSeconds
        self.fromFirstScroll = fromFirstScroll
        self.frameSources = frameSources
        self.derivedHitchBudgetMs = derivedHitchBudgetMs
    }

    /// What one side shows in the windows: hitches and frames that start inside.
    struct Side {
        var hitchCount = 0
        var hitchNs: Int64 = 0
        var frameMs: [Double] = []

        var hitchMs: Double { Double(hitchNs) / 1e6 }

        mutating func add(frames: [TraceFrame], hitches: [TraceHitch], in window: CheckWindow, predicted: Bool) {
            for hitch in hitches where window.contains(hitch.startNs, predicted: predicted) {
                hitchCount += 1
                hitchNs &+= hitch.durationNs
            }
            for frame in frames where window.contains(frame.startNs, predicted: predicted) {
                frameMs.append(Double(frame.durationNs) / 1e6)
            }
        }
    }

    /// The hitch time ratio's error in percent (nil when nothing was measured but something predicted).
    public var errorPct: Double? { rows.first?.errorPct }

    /// `summary.calibration`: `measuredHitchRatio`, `predictedHitchRatio`, `errorPct` (of the
    /// hitch ratio), and each other row's measured, predicted and `…ErrorPct`; `windowSeconds`;
    /// `derivedHitchBudgetMs` when the hitches were derived from frames.
    public var json: JSONValue {
        var object: [String: JSONValue] = ["windowSeconds": .number(windowSeconds)]
        for row in rows {
            object["measured" + row.key] = .number(row.measured)
            object["predicted" + row.key] = .number(row.predicted)
            if let error = row.errorPct { object[row.key == "HitchRatio" ? "errorPct" : "errorPct" + row.key] = .number(error) }
        }
        if let derivedHitchBudgetMs { object["derivedHitchBudgetMs"] = .number(derivedHitchBudgetMs) }
        return .object(object)
    }

    /// An error in percent as printed: `0.0 %` only when exactly 0, otherwise signed.
    static func percent(_ error: Double?) -> String {
        guard let error else { return "—" }
        if error == 0 { return "0.0 %" }
        return (error > 0 ? "+" : "-") + DisplayFormat.fixed(abs(error), 1) + " %"
    }

    /// The side-by-side table.
    public var text: String {
        func value(_ v: Double, _ unit: String) -> String {
            (unit.isEmpty ? DisplayFormat.integer(v) : DisplayFormat.fixed(v, 2)) + (unit.isEmpty ? "" : " " + unit)
        }
        let from = fromFirstScroll
            ? "from the first scroll (trace and run side by side from there; the launch left out of both)"
            : "from the start (the trace marks no scroll, so the launch is in both; --window START leaves it out)"
        var lines = ["model check over \(DisplayFormat.fixed(windowSeconds, 2)) s \(from):",
                     "  " + "".padding(toLength: 18, withPad: " ", startingAt: 0) + "measured".leftPadded(14) + "predicted".leftPadded(14) + "error".leftPadded(10)]
        for row in rows {
            lines.append("  " + row.label.padding(toLength: 18, withPad: " ", startingAt: 0)
                + value(row.measured, row.unit).leftPadded(14) + value(row.predicted, row.unit).leftPadded(14) + ModelCheck.percent(row.errorPct).leftPadded(10))
        }
        for source in frameSources { lines.append("  frames: \(source)") }
        if let derivedHitchBudgetMs {
            lines.append("  hitches: derived from the frames on both sides (the trace has no hitch table): a frame over the \(DisplayFormat.fixed(derivedHitchBudgetMs, 2)) ms budget misses ⌈work ÷ budget⌉ − 1 vsyncs")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `root` with `summary.calibration` set to this check.
    public func adding(to root: JSONValue) -> JSONValue {
        guard var object = root.objectValue else { return root }
        var summary = object["summary"]?.objectValue ?? [:]
        summary["calibration"] = json
        object["summary"] = .object(summary)
        return .object(object)
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? " " + self : String(repeating: " ", count: width - count) + self
    }
}
