import Foundation
import ScrollSimKit
import ScrollSimTraces

/// `scrollsim calibrate`: fits a scenario's costs to measured traces and writes the scenario
/// with only those costs (and `costs.calibration`) changed.
struct CalibrateCommand: Command {
    static let spec = CommandSpec(
        name: "calibrate",
        abstract: "Fit a scenario's view-type costs to measured traces (Instruments, Perfetto, OpenTelemetry, CSV).",
        arguments: "SCENARIO",
        minimumArguments: 1,
        maximumArguments: 1,
        options: [
            CalibrationInputs.fromOption,
            .init(name: "map", short: nil, value: "NAME=TYPE.PHASE",
                  help: "Which intervals measure which cost: an interval name, optionally filtered by an attribute ('body[view.name=PostCell]=post.body'); PHASE is init, body, layout, render, appear, renderServer or effect (or the key: bodyMs). Repeatable.",
                  repeatable: true),
            .init(name: "map-file", short: nil, value: "MAP.json", help: "More map rules: a JSON object of \"NAME\": \"TYPE.PHASE\" members."),
            CalibrationInputs.windowOption,
            .init(name: "measured-on", short: nil, value: "PROFILE", help: "The device profile the traces were recorded on (written to costs.measuredOn)."),
            .init(name: "out", short: "o", value: "OUT.json", help: "Where the calibrated scenario goes (required; never the input)."),
            .init(name: "check", short: nil, value: nil, help: "Then play the calibrated scenario and compare its hitches and frame work with the traces (as check-model)."),
            .init(name: "report", short: nil, value: "PATH", help: "With --check: also write the run's report with summary.calibration."),
            CalibrationInputs.framesOption,
            CalibrationInputs.limitOption,
        ],
        discussion: """
        Every interval the map covers becomes a sample of its view type's cost; an interval
        named TYPE.PHASE for a type of the scenario (CSV rows, ScrollSim's own --trace) maps
        itself. Per cost: fewer than 30 samples are written as their own quantiles (p1, p10,
        p50, p90, p99, max; type 7), with a warning; from 30, a lognormal when the Lilliefors
        test (Kolmogorov–Smirnov on the log-samples) accepts it at 5 % and its p95 is at most
        1.5 × the largest sample, else the quantiles. Printed per cost: n, p50, p90, p99, max,
        what is written (its numbers as in OUT.json) and why; a cost the map names without
        samples keeps its value. Every name the map does not cover is listed with its count
        and total ms, largest first, and the attributes its intervals carry (the keys that
        tell them apart, with their most frequent values: view.name=PostCell ×1500); a rule
        that takes no interval says why (no such name, a key the intervals do not carry, a
        value the key never takes). Intervals outside --window and before the trace's first
        scroll (the launch) are left out and counted, and so are the events a trace's reader
        leaves out (an unfinished slice, an end without a beginning) and the tables it skips
        (os-signpost points instead of os-signpost-interval). OUT.json is the input text with
        only the calibrated cost values replaced in place (a type's jitter is set to 0: the
        fitted spread replaces it) and costs.calibration (sources with SHA-256, window,
        samples, exclusions) added; it is written all or nothing. With --check, a check that
        cannot run (no hitches or frames in the traces) is a warning after the calibration is
        written. Exit status: 0 when written, 2 for an invalid scenario, trace, map or output
        path, or when no interval maps to any cost (nothing is written; the message says why).
        """
    )

    var scenarioPath: String
    var readings: [TraceReading]
    var map: CalibrationMap
    var window: CalibrationWindow?
    var measuredOn: String?
    var out: String
    var check: Bool
    var report: String?
    var mapFile: String?
    var frames: FrameSelection?
    /// The scenario, traces and map file; the scenario's data file joins them once it is read.
    var inputPaths: [String] = []

    init(_ arguments: ParsedArguments) throws {
        scenarioPath = arguments.positionals[0]
        guard let out = try OutputOptions.path(arguments, "out", command: "calibrate") else {
            throw ScrollSimError.usage(command: "calibrate", "give the calibrated scenario's path with --out OUT.json")
        }
        self.out = out
        report = try OutputOptions.path(arguments, "report", command: "calibrate")
        check = arguments.flag("check")
        if report != nil && !check { throw ScrollSimError.usage(command: "calibrate", "--report needs --check") }
        measuredOn = arguments.value("measured-on")
        window = try CalibrationInputs.window(arguments, command: "calibrate")
        frames = try CalibrationInputs.frames(arguments, command: "calibrate")
        if frames != nil && !check { throw ScrollSimError.usage(command: "calibrate", "--frames needs --check") }
        map = CalibrationMap()
        for text in arguments.all("map") {
            do {
                map.add(try CalibrationMap.rule(text, origin: "--map '\(text)'"))
            } catch let invalid as ScrollSimError {
                throw invalid.withUsage(of: "calibrate")
            }
        }
        mapFile = try OutputOptions.path(arguments, "map-file", command: "calibrate")
        readings = []
        if let mapFile {
            let bytes = try InputFile.contents(mapFile, limit: 1 << 20, limitName: "map file bytes")
            do {
                for rule in try CalibrationMap.rules(file: mapFile, bytes: bytes) { map.add(rule) }
            }
        }
        let inputs = [scenarioPath] + arguments.all("from") + (mapFile.map { [$0] } ?? [])
        inputPaths = inputs
        try CalibrationInputs.refuseOverwrite(out, inputs: inputs, option: "--out")
        if let report { try CalibrationInputs.refuseOverwrite(report, inputs: inputs + [out], option: "--report") }
        try OutputOptions.check(files: [out] + (report.map { [$0] } ?? []))
        readings = try CalibrationInputs.readings(arguments, command: "calibrate")
    }

    func run(_ console: Console) throws -> ExitStatus {
        CalibrationInputs.warn(readings, console)
        // The input must be a valid scenario before anything is fitted into it.
        let loaded = try ScenarioFiles.load([scenarioPath], console: console)
        // The scenario's data file is an input too: neither --out nor --report may replace it.
        let inputs = ScenarioFiles.inputs(inputPaths, loaded)
        try OutputOptions.claim([(out, "the calibrated scenario")] + (report.map { [($0, "the check's report")] } ?? []), inputs: inputs)
        let bytes = try InputFile.contents(scenarioPath, limit: ScenarioLimits.standard.fileBytes, limitName: "file-bytes")
        let result: Calibration.Result
        do {
            result = try Calibration.calibrate(scenario: bytes, file: scenarioPath, readings: readings, map: map, window: window, measuredOn: measuredOn)
        }
        console.out(CalibrationText.summary(result, readings: readings, file: scenarioPath))
        if let reason = result.nothingCalibrated(traces: readings.map(\.file)) { throw ScrollSimError(messages: [reason]) }
        for (target, fit) in result.fits where fit.isThin {
            console.err("warning: \(target): only \(fit.n) sample\(fit.n == 1 ? "" : "s") (fewer than \(CostFit.thinBelow)): written as measured, so no draw exceeds the largest (\(CostFit.text(fit.max)) ms); record a longer scroll for its tail\n")
        }
        // The result must decode as a scenario before it is written.
        let calibrated: Scenario
        do {
            calibrated = try ScenarioLoader.decode(result.text, file: out, directory: URL(fileURLWithPath: scenarioPath).deletingLastPathComponent())
        } catch let error as ScrollSimError {
            throw ScrollSimError(problems: [ScrollSimError.Problem(source: .none, message: "the calibrated scenario does not validate (nothing written):")] + error.problems)
        }
        let batch = OutputBatch(guarding: inputs)
        try batch.stage(String(decoding: result.text, as: UTF8.self), to: out)
        var written = ["calibrated scenario in \(out)"]
        // A check that cannot run (no hitches or frames to compare) does not throw the fit away:
        // the calibration is written, then the reason is given.
        var checked: (text: String, report: String?)?
        var notChecked: ScrollSimError?
        if check {
            do {
                checked = try CheckModelCommand.check(calibrated, readings: readings, window: window, frames: frames)
            } catch let error as ScrollSimError {
                notChecked = error
            }
        }
        if let checked {
            console.out(checked.text)
            if let report, let reportText = checked.report {
                try batch.stage(reportText, to: report)
                written.append("report in \(report)")
            }
        }
        try batch.commit()
        console.out(written.joined(separator: "; ") + "\n")
        if let notChecked {
            let reportNote = report.map { " (\($0) not written)" } ?? ""
            console.err("warning: --check could not run\(reportNote): \(notChecked.messages.joined(separator: "; ")). The calibration is written; check it with a trace that has hitches or frames: scrollsim check-model \(out) --from TRACE\n")
        }
        return .success
    }
}
