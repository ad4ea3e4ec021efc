import ScrollSimEngine

/// How well the model predicts the app: the measured trace's hitches and frames beside the
/// scenario's run, over the trace's scroll window.
///
/// The scroll window runs from the trace's first scroll (`scrollStartNs`; else the `--window`
/// start; else the trace's start) to the `--window` end or the trace's end. Measured hitch
/// time ratio = Σ durations of the hitches starting in the window ÷ the window's seconds (the
/// ratio Instruments' Hitches instrument and Apple's "hitch time ratio" use); predicted = the
/// run's `hitchRatio` (hitch ms per second of motion). Frame work p50/p99 are compared only
/// when the trace has frames. Error = (predicted − measured) ÷ measured, in percent; none when
/// the measured value is 0 (then both being 0 is 0 %).
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
    /// The measured scroll window, in seconds.
    public var windowSeconds: Double

    /// Compares `readings` (their hitches and frames) with `report` (a run of the scenario). The
    /// predicted hitches are the run's late frames while scrolling, outside the launch: those
    /// `hitchTimeMs` and `hitchRatio` count.
    /// - Throws: `ScrollSimError` when the report's frames cannot be read.
    public init(readings: [TraceReading], window: CalibrationWindow?, report: Report) throws {
        var hitchNs: Int64 = 0
        var hitchCount = 0
        var seconds = 0.0
        var frameMs: [Double] = []
        for reading in readings where reading.hasHitchesOrFrames {
            let origin = reading.originNs
            var start = reading.scrollStartNs ?? origin
            var end = reading.endNs
            if let window {
                start = Swift.max(start, origin &+ Int64((window.startSeconds * 1e9).rounded()))
                if window.endSeconds.isFinite { end = Swift.min(end, origin &+ Int64((window.endSeconds * 1e9).rounded())) }
            }
            guard end > start else { continue }
            seconds += Double(end - start) / 1e9
            for hitch in reading.measuredHitches where hitch.startNs >= start && hitch.startNs < end {
                hitchNs &+= hitch.durationNs
                hitchCount += 1
            }
            for frame in reading.measuredFrames where frame.startNs >= start && frame.startNs < end {
                frameMs.append(Double(frame.durationNs) / 1e6)
            }
        }
        windowSeconds = seconds
        let metrics = report.metrics
        // The run's hitches as `hitchTimeMs` counts them: late frames while scrolling, launch apart.
        let moving = report.frameColumn("moving") ?? []
        let launch = report.frameColumn("launch") ?? []
        let dropped = report.frameColumn("dropped") ?? []
        let predictedHitches = dropped.indices.filter { i in
            dropped[i] > 0 && (i < moving.count ? moving[i] > 0 : false) && (i < launch.count ? launch[i] == 0 : true)
        }.count
        let hitchMs = Double(hitchNs) / 1e6
        rows = [
            Row(key: "HitchRatio", label: "hitch time ratio", unit: "ms/s", measured: seconds > 0 ? hitchMs / seconds : 0, predicted: metrics[Metric.hitchRatio.path] ?? 0),
            Row(key: "HitchCount", label: "hitches", unit: "", measured: Double(hitchCount), predicted: Double(predictedHitches)),
            Row(key: "HitchTimeMs", label: "hitch time", unit: "ms", measured: hitchMs, predicted: metrics[Metric.hitchTimeMs.path] ?? 0),
        ]
        if !frameMs.isEmpty {
            let measured = Percentiles(of: frameMs)
            rows.append(Row(key: "FrameWorkP50", label: "frame work p50", unit: "ms", measured: measured.p50, predicted: metrics[Metric.frameWorkP50.path] ?? 0))
            rows.append(Row(key: "FrameWorkP99", label: "frame work p99", unit: "ms", measured: measured.p99, predicted: metrics[Metric.frameWorkP99.path] ?? 0))
        }
    }

    /// The hitch time ratio's error in percent (nil when nothing was measured but something predicted).
    public var errorPct: Double? { rows.first?.errorPct }

    /// `summary.calibration`: `measuredHitchRatio`, `predictedHitchRatio`, `errorPct` (of the
    /// hitch ratio), and each other row's measured, predicted and `…ErrorPct`.
    public var json: JSONValue {
        var object: [String: JSONValue] = ["windowSeconds": .number(windowSeconds)]
        for row in rows {
            object["measured" + row.key] = .number(row.measured)
            object["predicted" + row.key] = .number(row.predicted)
            if let error = row.errorPct { object[row.key == "HitchRatio" ? "errorPct" : "errorPct" + row.key] = .number(error) }
        }
        return .object(object)
    }

    /// The side-by-side table.
    public var text: String {
        func value(_ v: Double, _ unit: String) -> String {
            (unit.isEmpty ? DisplayFormat.integer(v) : DisplayFormat.fixed(v, 2)) + (unit.isEmpty ? "" : " " + unit)
        }
        var lines = ["model check over \(DisplayFormat.fixed(windowSeconds, 2)) s of measured scrolling:",
                     "  " + "".padding(toLength: 18, withPad: " ", startingAt: 0) + "measured".leftPadded(14) + "predicted".leftPadded(14) + "error".leftPadded(10)]
        for row in rows {
            let error = row.errorPct.map { ($0 >= 0 ? "+" : "") + DisplayFormat.fixed($0, 1) + " %" } ?? "—"
            lines.append("  " + row.label.padding(toLength: 18, withPad: " ", startingAt: 0)
                + value(row.measured, row.unit).leftPadded(14) + value(row.predicted, row.unit).leftPadded(14) + error.leftPadded(10))
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

extension TraceReading {
    /// The trace's hitches; for a trace-event trace without a hitches table, its slices of
    /// category `hitch` (ScrollSim's own `--trace` writes each late frame's missed vsyncs so).
    public var measuredHitches: [TraceHitch] {
        if !hitches.isEmpty { return hitches }
        return intervals.filter { $0.attributes["cat"] == "hitch" }.map { TraceHitch(startNs: $0.startNs, durationNs: $0.durationNs) }
    }

    /// The trace's frames; else its slices of category `frame` (ScrollSim's `Frame N`).
    public var measuredFrames: [TraceFrame] {
        if !frames.isEmpty { return frames }
        return intervals.filter { $0.attributes["cat"] == "frame" }.map { TraceFrame(startNs: $0.startNs, durationNs: $0.durationNs) }
    }

    public var hasHitchesOrFrames: Bool { !measuredHitches.isEmpty || !measuredFrames.isEmpty }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? " " + self : String(repeating: " ", count: width - count) + self
    }
}
