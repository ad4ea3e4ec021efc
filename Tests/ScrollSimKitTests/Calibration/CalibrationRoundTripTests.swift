import Foundation
@testable import ScrollSimKit
@testable import ScrollSimTraces
@testable import ScrollSimPresentation
import Testing

/// The round trip as an oracle: a scenario whose cost distributions are known → its own trace
/// (or an xctrace / OTLP export of the same slices) → `TraceReader` → `Calibration` → the
/// recovered p50 and p95 of every type and phase within 3 % of the truth, and the calibrated
/// scenario's hitch ratio within 5 % of the truth's.
///
/// The truth: every cost a lognormal given by its p50 and p95 (p95 = 1.3 · p50, σ = ln 1.3 /
/// 1.6449 = 0.16), drawn per element by the engine. The recovered figures are the fitted
/// lognormal's p50 and p95 when the fit is a lognormal, else the samples' type-7 quantiles.
///
/// Enough samples for 3 %: the standard error of a lognormal's fitted log-p95 is
/// σ·√(1/n + 1.645²/2n) ≈ 0.16 · 1.53/√n, 2.6 % at n = 88 (what 8 flings built of the rarer
/// `ad`), so a 3 % bound failed about one seed in four. 60 flings, one every half second, build
/// about 2,400 views (about 600 `ad`s): 1 %, and 3 % is three standard errors.
@Suite struct CalibrationRoundTripTests {
    static let truth: [(type: String, phase: CostTarget.Phase, ms: Double)] = [  // p50; p95 = 1.3 · p50
        ("post", .initialize, 0.5), ("post", .body, 4), ("post", .layout, 3),
        ("ad", .initialize, 0.8), ("ad", .body, 6), ("ad", .layout, 4),
    ]

    static let scenarioText = """
    {
      "schema": 1,
      "name": "round-trip-truth",
      "seed": 5,
      "duration": 31,
      "stack": {
        "kind": "lazyVStack"
      },
      "content": {
        "count": 20000,
        "types": [
          {
            "name": "post",
            "weight": 3,
            "height": {
              "fixed": 120
            },
            "initMs": {"lognormal": {"p50": 0.5, "p95": 0.65}},
            "bodyMs": {"lognormal": {"p50": 4, "p95": 5.2}},
            "layoutMs": {"lognormal": {"p50": 3, "p95": 3.9}}
          },
          {
            "name": "ad",
            "weight": 1,
            "height": {
              "fixed": 160
            },
            "initMs": {"lognormal": {"p50": 0.8, "p95": 1.04}},
            "bodyMs": {"lognormal": {"p50": 6, "p95": 7.8}},
            "layoutMs": {"lognormal": {"p50": 4, "p95": 5.2}}
          }
        ]
      },
      "script": [
    \((0..<60).map { "    {\"at\": \(Double($0) * 0.5 + 0.5), \"fling\": {\"velocity\": 12000}}" }.joined(separator: ",\n"))
      ]
    }

    """

    /// The truth's run and its trace (with the build lane), made once for the suite.
    static let truthResult = Result { () throws -> (scenario: Scenario, report: Report, trace: String) in
        let scenario = try ScenarioLoader.decode(Array(scenarioText.utf8), file: "truth.json")
        let report = scenario.report()
        return (scenario, report, try TraceWriter.trace(report, builds: scenario.buildSlices()))
    }

    static func truthRun() throws -> (scenario: Scenario, report: Report, trace: String) {
        try truthResult.get()
    }

    /// Calibrates the truth from `path` and checks every cost and the replayed hitch ratio.
    static func check(_ path: String, map: CalibrationMap, truthReport: Report, format: String) throws {
        let reading = try TraceReader.read(path: path)
        let result = try Calibration.calibrate(scenario: Array(scenarioText.utf8), file: "truth.json", readings: [reading], map: map)
        #expect(result.fits.count == truth.count, "\(format): fitted \(result.fits.map(\.target))")
        for (type, phase, ms) in truth {
            guard let fit = result.fits.first(where: { $0.target == CostTarget(type: type, phase: phase) })?.fit else {
                Issue.record("\(format): \(type).\(phase.name) not fitted")
                continue
            }
            var (p50, p95) = (fit.p50, fit.p95)
            if case .lognormal(let a, let b) = fit.form { (p50, p95) = (a, b) }
            let p50Error = abs(p50 - ms) / ms * 100
            let p95Error = abs(p95 - 1.3 * ms) / (1.3 * ms) * 100
            #expect(p50Error <= 3, "\(format) \(type).\(phase.name): p50 \(p50) vs truth \(ms) (\(p50Error) %, n \(fit.n), \(fit.formName))")
            #expect(p95Error <= 3, "\(format) \(type).\(phase.name): p95 \(p95) vs truth \(1.3 * ms) (\(p95Error) %, n \(fit.n), \(fit.formName))")
        }
        let calibrated = try ScenarioLoader.decode(result.text, file: "calibrated.json")
        let truthRatio = truthReport.metrics["hitchRatio"] ?? 0
        let replayed = calibrated.report().metrics["hitchRatio"] ?? 0
        #expect(truthRatio > 10, "the truth must hitch for the comparison to mean anything: \(truthRatio) ms/s")
        let error = abs(replayed - truthRatio) / truthRatio * 100
        #expect(error <= 5, "\(format): replayed hitch ratio \(replayed) ms/s vs truth \(truthRatio) ms/s (\(error) %)")
    }

    @Test func chromeTraceOfItsOwnRun() throws {
        let (_, report, trace) = try Self.truthRun()
        try Self.check(try TraceFiles.write(trace, name: "truth.trace.json"), map: CalibrationMap(), truthReport: report, format: "chrome")
    }

    /// The build lane's slices as an app would mark them: signposts named by phase, in a
    /// category named by the view type (xctrace), spans with a `view.name` attribute (OTLP).
    static func appIntervals(_ trace: String) throws -> [TraceInterval] {
        let reading = try TraceReader.read(path: try TraceFiles.write(trace, name: "truth.trace.json"))
        return reading.intervals.compactMap { interval in
            guard interval.attributes["cat"] == "build" || interval.attributes["cat"] == "prefetch",
                  let type = interval.attributes["args.type"], let phase = interval.attributes["args.phase"] else { return nil }
            return TraceInterval(name: phase, attributes: ["category": type, "subsystem": "com.example.feed", "view.name": type],
                                 startNs: interval.startNs, durationNs: interval.durationNs)
        }
    }

    static func filteredMap(key: String) throws -> CalibrationMap {
        var map = CalibrationMap()
        for (type, phase, _) in truth {
            map.add(try CalibrationMap.rule("\(phase.name)[\(key)=\(type)]=\(type).\(phase.name)", origin: "test"))
        }
        return map
    }

    @Test func xctraceExportOfTheSameSlices() throws {
        let (_, report, trace) = try Self.truthRun()
        let intervals = try Self.appIntervals(trace).map { var i = $0; i.attributes = i.attributes.filter { $0.key != "view.name" }; return i }
        let xml = TraceExportWriter.xctrace(intervals: intervals)
        try Self.check(try TraceFiles.write(xml, name: "truth.xml"), map: try Self.filteredMap(key: "category"), truthReport: report, format: "xctrace")
    }

    @Test func otlpExportOfTheSameSlices() throws {
        let (_, report, trace) = try Self.truthRun()
        let intervals = try Self.appIntervals(trace).map { var i = $0; i.attributes = ["view.name": i.attributes["view.name"] ?? ""]; return i }
        let json = TraceExportWriter.otlp(intervals: intervals)
        try Self.check(try TraceFiles.write(json, name: "truth.otlp.json"), map: try Self.filteredMap(key: "view.name"), truthReport: report, format: "otlp")
    }
}
