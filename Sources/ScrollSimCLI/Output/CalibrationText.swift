import ScrollSimKit
import ScrollSimTraces

/// What `scrollsim calibrate` prints: the traces read, the fit per cost, what was kept, left
/// out and not covered by the map (the notes on what was not used: `CalibrationText+Notes`).
enum CalibrationText {
    /// The most unmapped names listed (the rest are counted).
    static let unmappedShown = 20

    static func summary(_ result: Calibration.Result, readings: [TraceReading], file: String) -> String {
        var out = ""
        for reading in readings {
            let tables = reading.tables.isEmpty ? "" : " — \(reading.tables.joined(separator: "; "))"
            out += "read \(reading.file) (\(reading.format.rawValue)\(tables)): \(DisplayFormat.integer(Double(reading.intervals.count))) intervals, \(reading.hitches.count) hitches, \(reading.frames.count) frames\n"
            out += readingNotes(reading)
        }
        // Measured figures, then what is written (the numbers as in OUT.json) and why that form.
        var rows: [[String]] = [["cost", "n", "p50 ms", "p90 ms", "p99 ms", "max ms", "written", "why"]]
        for (target, fit) in result.fits {
            rows.append([target.description, DisplayFormat.integer(Double(fit.n)), DisplayFormat.fixed(fit.p50, 4), DisplayFormat.fixed(fit.p90, 4),
                         DisplayFormat.fixed(fit.p99, 4), DisplayFormat.fixed(fit.max, 4), fit.written, fit.why])
        }
        out += result.fits.isEmpty ? "no interval was mapped to a cost: nothing calibrated (see the unmapped names below)\n" : Format.table(rows)
        for target in result.kept {
            out += "\(target): no samples: keeps the scenario's \(target.phase.key)\n"
        }
        out += idleRules(result.samples)
        if !result.jitterCleared.isEmpty {
            out += "jitter set to 0 for \(result.jitterCleared.joined(separator: ", ")): the fitted distributions carry the spread\n"
        }
        let samples = result.samples
        out += "left out: \(samples.outsideWindow) outside the window, \(samples.launch) in the launch (before the first scroll), \(samples.unmappedCount) not covered by the map\n"
        if !samples.unmapped.isEmpty {
            out += "not covered by the map (count, total ms; largest first):\n"
            for name in samples.unmapped.prefix(unmappedShown) {
                out += unmappedName(name)
            }
            if samples.unmapped.count > unmappedShown {
                let rest = samples.unmapped.dropFirst(unmappedShown)
                out += "  … and \(rest.count) more names (\(rest.reduce(0) { $0 + $1.count }) intervals, \(DisplayFormat.fixed(rest.reduce(0) { $0 + $1.totalMs }, 2)) ms)\n"
            }
        }
        return out
    }
}
