import Foundation

/// A report read back from JSON, for comparison and charts.
///
/// Reading is tolerant of what it does not use but strict about what it does: a file that is
/// not strict JSON, not a ScrollSim report, of another schema, or holding a value no simulation
/// writes (`checked()`: a metric that is a string, `null` or negative) is rejected with a
/// message naming the file and the key path (the command line exits with status 2).
public struct Report: Sendable {
    public var path: String
    public var root: JSONValue

    public init(path: String, root: JSONValue) throws {
        self.path = path
        self.root = root
        guard case .object = root else { throw ScrollSimError(file: path, message: "not a ScrollSim report (expected a JSON object)") }
        guard let schema = root["schema"]?.numberValue else {
            throw ScrollSimError(file: path, message: "not a ScrollSim report (no \"schema\")")
        }
        guard Report.schemas.contains(schema) else {
            throw ScrollSimError(file: path, message: "report schema \(JSONWriter.text(schema)) is not supported (this ScrollSim reads schemas \(ReportBuilder.schema) and \(ReportBuilder.ensembleSchema))")
        }
        guard root["scenario"]?["name"]?.stringValue != nil else {
            throw ScrollSimError(file: path, message: "not a ScrollSim report (no scenario.name)")
        }
        guard case .object = root["summary"] else {
            throw ScrollSimError(file: path, message: "not a ScrollSim report (no summary object)")
        }
        if schema == Double(ReportBuilder.ensembleSchema) {
            guard let section = root["ensemble"] else {
                throw ScrollSimError(file: path, message: "a schema \(ReportBuilder.ensembleSchema) report needs its ensemble section")
            }
            ensemble = try EnsembleReport(section, file: path)
        }
    }

    /// The schemas this version reads: a single run's (1) and an ensemble's (2).
    static let schemas: Set<Double> = [Double(ReportBuilder.schema), Double(ReportBuilder.ensembleSchema)]

    /// An ensemble's runs (`EnsembleReport`); nil for a single run's report.
    public private(set) var ensemble: EnsembleReport?

    /// The number of runs the report summarizes: 1 for a single run.
    public var runCount: Int { ensemble?.runs ?? 1 }

    /// Reads a report file strictly (`checked()`): at most `maximumFileBytes`, strict JSON, a
    /// ScrollSim report of this schema, nothing impossible in it.
    ///
    /// With `columns` false the `frames` and `events` sections are checked as JSON as strictly
    /// as the rest but not kept (`JSONParser.parse(_:skipping:)`): the reading of a reader that
    /// needs the scenario, summary and harness alone (compare without pages, `history record`),
    /// at a small part of the time and memory; `frameColumn(_:)` and `frames()` then find no
    /// columns. A file either reading refuses, the other refuses with the same message.
    /// - Throws: `ScrollSimError` naming the file and, for a corrupt report, the line and
    ///   column or the key path.
    public static func load(path: String, columns: Bool = true) throws -> Report {
        let bytes = try InputFile.contents(path, limit: maximumFileBytes)
        let root: JSONValue
        if columns {
            root = try JSONParser.parse(bytes, file: path)
        } else {
            do {
                root = try JSONParser.parse(bytes, skipping: columnSections)
            } catch let error as ScrollSimError {
                throw error.placed(in: .file(path))
            }
        }
        return try Report(path: path, root: root).checked()
    }

    /// The sections `load(path:columns:)` leaves out when asked to: the per-frame and per-event
    /// columns, nearly all of a report's bytes.
    public static let columnSections: Set<String> = ["frames", "events"]

    public var scenarioName: String { scenario.name }
    public var contentHash: String { scenario.contentHash }
    /// The scenario as the report records it (`ScenarioSource`); nil in a report written before
    /// reports recorded it.
    public var scenarioSource: JSONValue? { scenario.source }
    public var summary: JSONValue { root["summary"] ?? .object([:]) }

    /// Every numeric summary metric by dotted path (`frameWorkMs.p99`), budgets and attribution
    /// left out.
    public var metrics: [String: Double] { Report.flatten(summary) }

    /// The budgets the report was checked against, in display order (`Metric.sorted`).
    ///
    /// A report written before budgets were named by metric path (`p99FrameMs`, `peakMemoryMB`
    /// in MiB) reads as if it had been written now: keyed by the metric's path, in its unit.
    public var budgetResults: [BudgetResult] {
        guard case .object(let budgets) = summary["budgets"] ?? .null else { return [] }
        var results: [String: BudgetResult] = [:]
        for key in budgets.keys.sorted() {
            guard let limit = budgets[key]?["limit"]?.numberValue, let value = budgets[key]?["value"]?.numberValue else { continue }
            let over = budgets[key]?["over"]?.stringValue.flatMap(Budget.Over.init(rawValue:)) ?? .mean
            if let (metric, formerScale) = Budget.metric(forKey: key) {
                let scale = formerScale ?? 1
                results[metric.path] = BudgetResult(key: metric.path, limit: limit * scale, value: value * scale, over: over)
            } else {
                results[key] = BudgetResult(key: key, limit: limit, value: value, over: over)
            }
        }
        return Metric.sorted(results.keys).compactMap { results[$0] }
    }

    /// A frames column as numbers (nil if absent).
    public func frameColumn(_ name: String) -> [Double]? {
        root["frames"]?[name]?.arrayValue?.map { $0.numberValue ?? .nan }
    }

    /// Summary keys that are not metrics: the scenario's budgets, and the attribution
    /// (`byType`, `worstFrames`), whose keys differ between variants of a list (type names,
    /// frame numbers) and which compare shows on pages but never judges.
    public static let nonMetricSummaryKeys: Set<String> = ["budgets", "byType", "worstFrames"]

    /// Numeric leaves of a summary object by dotted path, skipping `nonMetricSummaryKeys` at
    /// the top level.
    public static func flatten(_ value: JSONValue, prefix: String = "") -> [String: Double] {
        var out: [String: Double] = [:]
        guard case .object(let object) = value else { return out }
        for (key, child) in object where !(prefix.isEmpty && nonMetricSummaryKeys.contains(key)) {
            let path = prefix.isEmpty ? key : "\(prefix).\(key)"
            switch child {
            case .number(let n): out[path] = n
            case .object: out.merge(flatten(child, prefix: path)) { a, _ in a }
            default: break
            }
        }
        return out
    }
}
