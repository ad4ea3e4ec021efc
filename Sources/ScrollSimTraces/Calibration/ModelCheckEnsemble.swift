import ScrollSimKit
import ScrollSimEngine

/// Where measured traces fall within an ensemble's predicted runs (`scrollsim check-model` of a
/// scenario played as an ensemble): "the measured hitch ratio 10.8 ms/s lies at the 55th
/// percentile of 100 predicted runs; 90 % of runs between 6.1 and 15.2".
///
/// Each run of the ensemble is checked against the traces as the single run is
/// (`ModelCheck.compare`: one rule, one window), which gives every row's predicted figure in
/// every run. Each measured trace is also checked on its own against each run, so several
/// traces (several `--from`) are a measured distribution of their own. A trace's percentile is
/// the share of runs that predicted less than it measured, ties counting half (the mid-rank
/// percentile): 50 when it is the median run, 0 below every run, 100 above every run.
public struct ModelCheckEnsemble: Equatable, Sendable {
    /// One row of the check (`ModelCheck.Row.key`) over the runs and the traces.
    public struct Row: Equatable, Sendable {
        public var key: String
        public var label: String
        public var unit: String
        /// Each run's prediction, run by run.
        public var predicted: [Double]
        /// Each trace's own measurement (its window against the run it is compared with is the
        /// same for every run: the traces and the runs are the same length).
        public var measured: [Double]

        /// The percentile (0…100) of a measured value among the predicted runs.
        public func percentile(of value: Double) -> Double {
            let below = predicted.filter { $0 < value }.count
            let ties = predicted.filter { $0 == value }.count
            return 100 * (Double(below) + Double(ties) / 2) / Double(predicted.count)
        }

        /// The predicted runs' spread.
        public var spread: RunSpread { RunSpread(of: predicted) }
    }

    public var runs: Int
    public var traces: [String]
    public var rows: [Row]

    /// Checks every run of `plan` for `scenario` against each trace.
    /// - Parameters:
    ///   - measured: the traces' timelines (`ModelCheck.timelines`), one per trace file.
    ///   - names: the traces' file names, in the same order.
    /// - Complexity: runs simulations, each checked against every trace.
    public init(_ scenario: Scenario, plan: EnsemblePlan, measured: [CheckTimeline], names: [String], window: CalibrationWindow?, jobs: Int = 1) throws {
        var single = scenario
        single.ensemble = .single
        let runs = plan.runs(seed: scenario.config.seed)
        let predicted: [Result<CheckTimeline, Error>] = try OrderedParallel.map(runs, jobs: jobs) { run in
            Result {
                let result = Simulation.run(scenario.config.forRun(run, variation: plan.variation))
                let report = try Report(path: scenario.file, root: ReportBuilder.build(scenario: single, result: result, harness: nil))
                return try CheckTimeline(run: report)
            }
        }
        var rows: [Row] = []
        for (r, timeline) in predicted.enumerated() {
            let timeline = try timeline.get()
            let all = try ModelCheck.compare(measured: measured, predicted: timeline, window: window)
            let each = try measured.map { try ModelCheck.compare(measured: [$0], predicted: timeline, window: window) }
            if r == 0 {
                rows = all.rows.map { Row(key: $0.key, label: $0.label, unit: $0.unit, predicted: [], measured: []) }
                for check in each {
                    for i in rows.indices { rows[i].measured.append(check.rows.first { $0.key == rows[i].key }?.measured ?? .nan) }
                }
            }
            for i in rows.indices { rows[i].predicted.append(all.rows.first { $0.key == rows[i].key }?.predicted ?? .nan) }
        }
        self.runs = runs.count
        traces = names
        self.rows = rows
    }

    /// The table of placements.
    public var text: String {
        func value(_ v: Double, _ unit: String) -> String {
            (unit.isEmpty ? DisplayFormat.number(v) : DisplayFormat.fixed(v, 2)) + (unit.isEmpty ? "" : " " + unit)
        }
        var lines = ["against \(runs) predicted runs (the scenario's ensemble; percentile: the share of runs predicting less, ties half):"]
        for row in rows {
            let s = row.spread
            let sorted = row.predicted.sorted()
            let p5 = Percentiles.interpolated(sorted, 0.05), p95 = Percentiles.interpolated(sorted, 0.95)
            let placements = row.measured.map { "\(value($0, row.unit)) at p\(DisplayFormat.fixed(row.percentile(of: $0), 0))" }
            let measured = row.measured.count == 1 ? "measured " + placements[0]
                : "measured \(row.measured.count) traces: " + placements.joined(separator: ", ") + " (mean \(value(RunSpread(of: row.measured).mean, row.unit)))"
            lines.append("  \(row.label.padding(toLength: 18, withPad: " ", startingAt: 0)) \(measured); 90 % of runs \(value(p5, row.unit))…\(value(p95, row.unit)) (mean \(value(s.mean, row.unit)))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `summary.calibration.ensemble`: per row, each trace's measured value and percentile, and
    /// the runs' mean, p5, p50, p95.
    public var json: JSONValue {
        var object: [String: JSONValue] = ["runs": .number(Double(runs)), "traces": .array(traces.map { .string($0) })]
        for row in rows {
            let sorted = row.predicted.sorted()
            object[row.key] = .object([
                "measured": .array(row.measured.map { .number($0) }),
                "percentile": .array(row.measured.map { .number(row.percentile(of: $0)) }),
                "predictedMean": .number(row.spread.mean),
                "predictedP5": .number(Percentiles.interpolated(sorted, 0.05)),
                "predictedP50": .number(row.spread.p50),
                "predictedP95": .number(Percentiles.interpolated(sorted, 0.95)),
            ])
        }
        return .object(object)
    }
}
