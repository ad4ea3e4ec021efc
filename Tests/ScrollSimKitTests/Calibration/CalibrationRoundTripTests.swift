import Foundation
@testable import ScrollSimKit
import Testing

/// The round trip as an oracle: a scenario whose cost distributions are known → its own trace
/// (or an xctrace / OTLP export of the same slices) → `TraceReader` → `Calibration` → the
/// recovered p50 and p95 of every type and phase within 3 % of the truth, and the calibrated
/// scenario's hitch ratio within 5 % of the truth's.
///
/// The truth: each cost c with jitter 0.2, which the engine draws as c · (1 + 0.2 · (2u − 1)),
/// u uniform on [0, 1): uniform on [0.8c, 1.2c], so p50 = c and p95 = 0.8c + 0.95 · 0.4c = 1.18c.
@Suite struct CalibrationRoundTripTests {
    static let truth: [(type: String, phase: CostTarget.Phase, ms: Double)] = [
        ("post", .initialize, 0.5), ("post", .body, 4), ("post", .layout, 3),
        ("ad", .initialize, 0.8), ("ad", .body, 6), ("ad", .layout, 4),
    ]

    static let scenarioText = """
    {
      "schema": 1,
      "name": "round-trip-truth",
      "seed": 5,
      "duration": 16,
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
            "initMs": 0.5,
            "bodyMs": 4,
            "layoutMs": 3,
            "jitter": 0.2
          },
          {
            "name": "ad",
            "weight": 1,
            "height": {
              "fixed": 160
            },
            "initMs": 0.8,
            "bodyMs": 6,
            "layoutMs": 4,
            "jitter": 0.2
          }
        ]
      },
      "script": [
    \((0..<8).map { "    {\"at\": \(Double($0) * 2 + 0.5), \"fling\": {\"velocity\": 12000}}" }.joined(separator: ",\n"))
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
                Issue.record("\(format): \(type).\(phase.rawValue) not fitted")
                continue
            }
            let p50Error = abs(fit.p50 - ms) / ms * 100
            let p95Error = abs(fit.p95 - 1.18 * ms) / (1.18 * ms) * 100
            #expect(p50Error <= 3, "\(format) \(type).\(phase.rawValue): p50 \(fit.p50) vs truth \(ms) (\(p50Error) %, n \(fit.n))")
            #expect(p95Error <= 3, "\(format) \(type).\(phase.rawValue): p95 \(fit.p95) vs truth \(1.18 * ms) (\(p95Error) %, n \(fit.n))")
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
            map.add(try CalibrationMap.rule("\(phase.rawValue)[\(key)=\(type)]=\(type).\(phase.rawValue)", origin: "test"))
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
