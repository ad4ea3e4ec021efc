import Foundation
import ScrollSimKit

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
            .init(name: "report", short: nil, value: "PATH", help: "Also write the run's report (without harness figures) with summary.calibration."),
        ],
        discussion: """
        The scenario is played once; the traces' hitches and frames are read over their scroll
        window (from the first scroll, or --window START, to the trace's end or --window END).
        Printed side by side, measured and predicted, with the error in percent: the hitch time
        ratio (hitch ms per second of scrolling), the hitch count, the total hitch time, and
        frame-work p50/p99 when the trace has frames. The report, when asked for, is the one
        `baseline` writes plus summary.calibration.{measuredHitchRatio, predictedHitchRatio,
        errorPct, …}: the same inputs give the same bytes. Exit status: 0 when compared, 2 for
        an invalid scenario, trace or output path. What accuracy to expect: see the cookbook
        article "Calibrate from Instruments".
        """
    )

    var scenarioPath: String
    var readings: [TraceReading]
    var window: CalibrationWindow?
    var report: String?

    init(_ arguments: ParsedArguments) throws {
        scenarioPath = arguments.positionals[0]
        window = try CalibrationInputs.window(arguments, command: "check-model")
        report = try OutputOptions.path(arguments, "report", command: "check-model")
        if let report {
            try CalibrationInputs.refuseOverwrite(report, inputs: [scenarioPath] + arguments.all("from"), option: "--report")
            try OutputOptions.check(files: [report])
        }
        readings = try CalibrationInputs.readings(arguments, command: "check-model")
    }

    func run(_ console: Console) throws -> ExitStatus {
        CalibrationInputs.warn(readings, console)
        let scenario = try ScenarioFiles.load([scenarioPath], console: console)[0]
        let (text, reportText) = try Self.check(scenario, readings: readings, window: window, withReport: report != nil)
        console.out(text)
        if let report, let reportText {
            let batch = OutputBatch()
            try batch.stage(reportText, to: report)
            try batch.commit()
            console.out("report in \(report)\n")
        }
        return .success
    }

    /// Plays `scenario` and compares it with the traces: the printed table, and the report's
    /// text with `summary.calibration`.
    static func check(_ scenario: Scenario, readings: [TraceReading], window: CalibrationWindow?, withReport: Bool = true) throws -> (String, String?) {
        guard readings.contains(where: \.hasHitchesOrFrames) else {
            throw ScrollSimError(messages: ["\(readings.map(\.file).joined(separator: ", ")): no hitches or frames in the trace\(readings.count == 1 ? "" : "s"), so there is nothing to compare the model with (record with the Animation Hitches template, or export the hitches table)"])
        }
        let report = scenario.report(label: scenario.file)
        let check: ModelCheck
        do {
            check = try ModelCheck(readings: readings, window: window, report: report)
        }
        let text = "\(scenario.name):\n" + check.text
        return (text, withReport ? JSONWriter().string(check.adding(to: report.root)) : nil)
    }
}
