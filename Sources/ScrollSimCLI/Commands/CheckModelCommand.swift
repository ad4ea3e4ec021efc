import Foundation
import ScrollSimKit
import ScrollSimTraces

/// `scrollsim check-model`: how well does the scenario predict the app? Plays it and puts the
/// measured trace's hitches and frame work beside the run's.
struct CheckModelCommand: Command {
    static let spec = CommandSpec(
        name: "check-model",
        abstract: "Compare a scenario's predicted hitches and frame work with a measured trace's.",
        arguments: "SCENARIO",
        minimumArguments: 1,
        maximumArguments: 1,
        options: [
            CalibrationInputs.fromOption,
            CalibrationInputs.windowOption,
            CalibrationInputs.framesOption,
            CalibrationInputs.limitOption,
            .init(name: "report", short: nil, value: "PATH", help: "Also write the run's report (without harness figures) with summary.calibration."),
            RunsOption.option,
            JobsOption.option,
        ],
        discussion: """
        The scenario is played once and read as its own trace would show it (frames, late
        frames' missed vsyncs, the first drag or fling), so that both sides are measured by one
        rule over the same stretch: from the first scroll (the trace's drag/fling marks, or
        --window START; the launch before it is left out of both), for the shorter of the two
        recordings after it (cut at --window END). Printed side by side, measured and predicted,
        with the error in percent: the hitch time ratio (hitch ms per second of that stretch),
        the hitch count, the total hitch time, and frame-work p50/p99 when the trace has frames
        (its own, --frames NAME, or Android's, Flutter's or Chrome's frame slices). A trace
        without a hitch table has its hitches derived from its frames, and the run's the same
        way. A model's own trace (run --trace) checks at 0.0 % on every figure. The report, when
        asked for, is the one `baseline` writes plus summary.calibration.{measuredHitchRatio,
        predictedHitchRatio, errorPct, …}: the same inputs give the same bytes. Exit status: 0
        when compared, 2 for an invalid scenario, trace or output path, or a trace with nothing
        to compare. What accuracy to expect: see the article "Calibrate from Instruments".

        With --runs N (or the scenario's ensemble.runs), the scenario is played as an ensemble:
        the table compares the traces with the representative run (the run its report and
        trace show), and each figure of each trace is placed within the N predicted runs: "at
        p55" is the share of runs that predicted less (ties half), with where 90 % of the runs
        fall. Several --from traces are placed one by one, a measured distribution against the
        predicted one.
        """
    )

    var scenarioPath: String
    var readings: [TraceReading]
    var window: CalibrationWindow?
    var frames: FrameSelection?
    var report: String?
    var runs: Int?
    var jobs: Int

    init(_ arguments: ParsedArguments) throws {
        scenarioPath = arguments.positionals[0]
        window = try CalibrationInputs.window(arguments, command: "check-model")
        frames = try CalibrationInputs.frames(arguments, command: "check-model")
        report = try OutputOptions.path(arguments, "report", command: "check-model")
        if let report {
            try CalibrationInputs.refuseOverwrite(report, inputs: [scenarioPath] + arguments.all("from"), option: "--report")
            try OutputOptions.check(files: [report])
        }
        readings = try CalibrationInputs.readings(arguments, command: "check-model")
        runs = try RunsOption.parse(arguments, command: "check-model")
        jobs = try JobsOption.parse(arguments, command: "check-model")
    }

    func run(_ console: Console) throws -> ExitStatus {
        CalibrationInputs.warn(readings, console)
        let loaded = try ScenarioFiles.load([scenarioPath], console: console)
        // The scenario's data file is an input too: --report never replaces it.
        let inputs = ScenarioFiles.inputs([scenarioPath] + readings.map(\.file), loaded)
        if let report { try OutputOptions.claim([(report, "the check's report")], inputs: inputs) }
        let scenario = RunsOption.apply(runs, to: loaded)[0]
        let (text, reportText) = try Self.check(scenario, readings: readings, window: window, frames: frames, withReport: report != nil, jobs: jobs)
        console.out(text)
        if let report, let reportText {
            let batch = OutputBatch(guarding: inputs)
            try batch.stage(reportText, to: report)
            try batch.commit()
            console.out("report in \(report)\n")
        }
        return .success
    }

    /// Plays `scenario` and compares it with the traces: the printed table, and the report's
    /// text with `summary.calibration`.
    /// - Throws: `ScrollSimError` when the traces have nothing to compare (no hitches, no frames,
    ///   an empty window).
    ///
    /// A scenario played as an ensemble (its `ensemble.runs`, or `--runs N`) is compared with its
    /// representative run, the run its report and trace show (so its own trace still checks at
    /// 0.0 %), and each measured trace is placed within the predicted runs
    /// (`ModelCheckEnsemble`).
    static func check(_ scenario: Scenario, readings: [TraceReading], window: CalibrationWindow?, frames: FrameSelection?, withReport: Bool = true,
                      jobs: Int = 1) throws -> (String, String?) {
        let measured = try ModelCheck.timelines(of: readings, frames: frames)
        let report = scenario.report(label: scenario.file, jobs: jobs)
        let check = try ModelCheck.compare(measured: measured, predicted: try CheckTimeline(run: report), window: window)
        var text = "\(scenario.name):\n" + check.text
        var root = check.adding(to: report.root)
        if let ensemble = report.ensemble {
            let names = readings.filter { CheckTimeline(reading: $0, frames: frames).hasHitchesOrFrames }.map(\.file)
            let placement = try ModelCheckEnsemble(scenario, plan: scenario.ensemble, measured: measured, names: names, window: window, jobs: jobs)
            text = "\(scenario.name):\n" + check.text.replacingOccurrences(of: "model check over", with: "model check against run \(ensemble.representativeRun) (the representative run) over")
                + placement.text
            if case .object(var object) = root, case .object(var summary)? = object["summary"], case .object(var calibration)? = summary["calibration"] {
                calibration["ensemble"] = placement.json
                summary["calibration"] = .object(calibration)
                object["summary"] = .object(summary)
                root = .object(object)
            }
        }
        return (text, withReport ? JSONWriter().string(root) : nil)
    }
}
