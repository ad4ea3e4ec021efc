import Foundation
@testable import ScrollSimKit

/// Ensemble reports (schema 2) made by hand for page tests: a synthetic single run's report
/// (`ReportFixtures.synthetic`) turned into an ensemble's, with the per-run values and the band
/// given, so that every figure a page shows can be worked out on paper.
extension ReportFixtures {
    /// The report of an ensemble of `values.first.count` runs (indexes 0…, seeds "000…0i"), whose
    /// frames and events are the synthetic run's (`count` frames, `spikes`), standing for the
    /// representative run `representative`.
    ///
    /// - `values`: each metric's value in each run; the summary holds their mean at the metric's
    ///   path (every other metric keeps the synthetic run's value, the same in every run).
    /// - `band`: the band of per-frame work, one value per frame; none leaves it out.
    /// - `budgets`: `summary.budgets` entries (path → limit, value, statistic).
    static func ensemble(count: Int, spikes: [Int: Double] = [:], name: String = "ensemble", values: [Metric: [Double]],
                         representative: Int = 0, band: (p10: [Double], p90: [Double])? = nil, seeds: [String]? = nil,
                         budgets: [Metric: (limit: Double, value: Double, over: String)] = [:]) throws -> Report {
        let single = try synthetic(count: count, spikes: spikes, name: name)
        guard case .object(var root) = single.root, case .object(var summary) = root["summary"] ?? .null else {
            throw ScrollSimError(file: name, message: "the synthetic report is not an object")
        }
        let runs = values.values.first?.count ?? 1
        var columns: [String: JSONValue] = [
            "index": .array((0..<runs).map { .number(Double($0)) }),
            "seed": .array((seeds ?? (0..<runs).map { EnsembleReport.seedText(UInt64($0)) }).map { .string($0) }),
        ]
        let flat = single.metrics
        for metric in Metric.allCases {
            let column = values[metric] ?? flat[metric.path].map { [Double](repeating: $0, count: runs) }
            guard let column else { continue }
            columns[metric.path] = .array(column.map { .number($0) })
            let mean = column.reduce(0, +) / Double(column.count)
            let parts = metric.path.split(separator: ".").map(String.init)
            if parts.count == 1 {
                summary[parts[0]] = .number(mean)
            } else {
                var inner = summary[parts[0]]?.objectValue ?? [:]
                inner[parts[1]] = .number(mean)
                summary[parts[0]] = .object(inner)
            }
        }
        if !budgets.isEmpty {
            summary["budgets"] = .object(Dictionary(uniqueKeysWithValues: budgets.map { metric, budget in
                (metric.path, JSONValue.object(["limit": .number(budget.limit), "value": .number(budget.value), "over": .string(budget.over),
                                                "pass": .bool(budget.value <= budget.limit)]))
            }))
        }
        root["schema"] = .number(Double(ReportBuilder.ensembleSchema))
        root["summary"] = .object(summary)
        var section: [String: JSONValue] = ["runs": .object(columns), "representativeRun": .number(Double(representative))]
        if let band { section["frameWorkBand"] = .object(["p10": .array(band.p10.map { .number($0) }), "p90": .array(band.p90.map { .number($0) })]) }
        root["ensemble"] = .object(section)
        if case .object(var scenario) = root["scenario"] ?? .null {
            scenario["ensemble"] = .object(["runs": .number(Double(runs)), "firstRun": .number(0), "touchPhase": .bool(true),
                                            "velocity": .number(0.1), "startMs": .number(0)])
            root["scenario"] = .object(scenario)
        }
        return try Report(path: "/tmp/\(name).json", root: .object(root))
    }
}
