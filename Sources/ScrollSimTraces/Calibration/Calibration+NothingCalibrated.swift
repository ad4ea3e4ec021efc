import ScrollSimKit
extension Calibration.Result {
    /// Why nothing was calibrated, and what to do, when no interval became a sample of any cost
    /// (nil when something was fitted). `calibrate` then exits 2 and writes nothing: a scenario
    /// written back unchanged, with a `costs.calibration` block claiming a calibration, would
    /// pass for a calibrated one.
    ///
    /// Three cases, by where the intervals went (`samples`):
    /// - the traces hold no interval at all (a hitches table alone, an empty export);
    /// - every interval lies before the first scroll or outside `--window`;
    /// - intervals are there, and none maps: the unmapped names printed above are what to map.
    public func nothingCalibrated(traces: [String]) -> String? {
        guard fits.isEmpty else { return nil }
        let files = traces.joined(separator: ", ")
        let held = samples.unmappedCount + samples.launch + samples.outsideWindow
        let prefix = "nothing calibrated, nothing written: "
        if held == 0 {
            return prefix + "\(files) hold\(traces.count == 1 ? "s" : "") no timed intervals, only what the model check reads (hitches, frames) or nothing; "
                + "give a trace of the cells' work: an xctrace export of the os-signpost-interval table (os-signpost holds points, not intervals), trace-event slices, OTLP spans, or type,phase,ms rows"
        }
        if samples.unmappedCount == 0 {
            var places: [String] = []
            if samples.launch > 0 { places.append("\(samples.launch) before the first scroll (the launch)") }
            if samples.outsideWindow > 0 { places.append("\(samples.outsideWindow) outside --window") }
            return prefix + "all \(held) intervals of \(files) were left out, \(places.joined(separator: " and ")); "
                + (samples.outsideWindow > 0 ? "widen --window (seconds from the trace's start) to hold the scroll" : "record the scroll itself, after the launch")
        }
        let phases = CostTarget.Phase.allCases.map(\.name).joined(separator: ", ")
        return prefix + "none of the \(samples.unmappedCount) intervals of \(files) maps to a cost of the scenario; "
            + "map the names listed above that are a cell's work with --map 'NAME=TYPE.PHASE' (or 'NAME[KEY=VALUE]=TYPE.PHASE'), "
            + "TYPE one of the scenario's view types (\(types.joined(separator: ", "))) and PHASE one of \(phases)"
    }
}
