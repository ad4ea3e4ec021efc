import Foundation

/// The thresholds file (`Reports/thresholds.json` in this repository):
///
/// ```json
/// {
///   "schema": 1,
///   "preset": "standard",
///   "overBudget": "error",
///   "metrics": {
///     "frameWorkMs.*": {"warning": "5%", "error": "10%", "floor": 0.01},
///     "peakMemoryBytes": "3%,8%",
///     "droppedFrames": 0
///   },
///   "scenarios": {
///     "origami-vstack": {"frameWorkMs.max": "25%"}
///   }
/// }
/// ```
///
/// Every key but `schema` is optional. A metric's value is a number (an absolute error limit),
/// a string in the `--threshold` forms (`"5%"`, `"3%,8%"`, `"off"`), or an object whose
/// `warning`, `error` (each a limit or `"off"`), `floor` and `rule` (`"limits"`,
/// `"frameBudget"`, `"hitchGrades"`: `Threshold.Rule`) replace only what they name.
/// `overBudget` (`"error"`, `"warning"` or `"off"`) is the severity of a metric over its own
/// budget, replacing the preset's.
/// Within `metrics` (and within each scenario) patterns ending in `*` apply before exact
/// names, shorter prefixes first; every scenario override applies after every `metrics` entry.
/// Unknown keys, misspelt metrics and neutral metrics are errors naming the key path.
extension Thresholds {
    public static let fileSchema = 1

    /// Reads a thresholds file.
    /// - Throws: `ScrollSimError` naming the file and, when it can, the key path.
    public static func load(path: String) throws -> Thresholds {
        let data: Data
        do {
            data = Data(try InputFile.contents(path, limit: 1 << 20))
        } catch let failure as InputFile.Failure {
            throw ScrollSimError(file: path.isEmpty ? "\"\"" : path, message: "cannot read the file (\(failure.reason))")
        }
        return try decode(data, file: path)
    }

    /// Parses the text of a thresholds file; `file` names it in errors and in `sources`.
    public static func decode(_ data: Data, file: String) throws -> Thresholds {
        let root: JSONValue
        do {
            root = try JSONValue.parse(data)
        } catch let error as JSONSyntaxError {
            throw ScrollSimError(file: file, message: "\(error.line):\(error.column): \(error.detail)")
        }
        return try decode(root, file: file)
    }

    static func decode(_ root: JSONValue, file: String) throws -> Thresholds {
        var top = try KeyedReader(file: file, path: "", value: root)
        let schema = try top.integer("schema")
        guard schema == fileSchema else {
            throw ScrollSimError(file: file, location: .keyPath("schema"), message: "this ScrollSim reads thresholds schema \(fileSchema), the file says \(schema)")
        }
        let preset = try top.choice("preset", Preset.all.map { ($0.name, $0) }, default: .standard)
        var overBudget = Override.Change<Severity?>.keep
        if top.has("overBudget") {
            let choices: [(String, Severity?)] = [("error", .error), ("warning", .warning), ("off", nil)]
            overBudget = .set(try top.choice("overBudget", choices, default: nil))
        }
        var overrides: [Override] = []
        if var metrics = try top.object("metrics") {
            overrides += try decodeOverrides(&metrics, scenario: nil)
        }
        if var scenarios = try top.object("scenarios") {
            for name in scenarios.object.keys.sorted() {
                guard var entries = try scenarios.object(name) else { continue }
                overrides += try decodeOverrides(&entries, scenario: name)
            }
            try scenarios.finish()
        }
        try top.finish()
        return Thresholds(preset: preset, overrides: overrides, sources: [file], overBudget: overBudget)
    }

    /// Patterns first (shorter prefixes first), then exact names, each group sorted.
    static func applicationOrder(_ keys: [String]) -> [String] {
        keys.sorted { a, b in
            let (pa, pb) = (a.hasSuffix("*"), b.hasSuffix("*"))
            if pa != pb { return pa }
            if pa && a.count != b.count { return a.count < b.count }
            return a < b
        }
    }

    static func decodeOverrides(_ reader: inout KeyedReader, scenario: String?) throws -> [Override] {
        var overrides: [Override] = []
        for key in applicationOrder(Array(reader.object.keys)) {
            let path = reader.keyPath(key)
            do {
                try Override.checkMetric(key)
            } catch let error as ScrollSimError {
                throw error.placed(in: .file(reader.file), at: .keyPath(path))
            }
            guard let value = reader.value(key) else { continue }
            do {
                switch value {
                case .number(let number):
                    overrides.append(Override(metric: key, scenario: scenario, warning: .set(nil), error: .set(try Threshold.Limit(checking: number))))
                case .string(let text):
                    overrides.append(try Override(metric: key, scenario: scenario, parsing: text))
                case .object:
                    var entry = try KeyedReader(file: reader.file, path: path, value: value)
                    overrides.append(try decodeOverrideObject(&entry, metric: key, scenario: scenario))
                default:
                    throw ScrollSimError("expected a limit (a number, or a string such as \"5%\", \"3%,8%\" or \"off\") or an object with warning, error and floor, found \(value.kindDescription)")
                }
            } catch let error as ScrollSimError {
                throw error.placed(in: .file(reader.file), at: .keyPath(path))
            }
        }
        try reader.finish()
        return overrides
    }

    static func decodeOverrideObject(_ entry: inout KeyedReader, metric: String, scenario: String?) throws -> Override {
        var override = Override(metric: metric, scenario: scenario)
        for (key, assign) in [("warning", true), ("error", false)] {
            guard let value = entry.value(key) else { continue }
            let limit: Threshold.Limit?
            do {
                switch value {
                case .number(let number): limit = try Threshold.Limit(checking: number)
                case .string(let text) where text.lowercased() == "off": limit = nil
                case .string(let text): limit = try Threshold.Limit(parsing: text)
                default: throw ScrollSimError("expected a limit (2, \"5%\") or \"off\", found \(value.kindDescription)")
                }
            } catch let error as ScrollSimError {
                throw error.placed(in: .file(entry.file), at: .keyPath(entry.keyPath(key)))
            }
            if assign { override.warning = .set(limit) } else { override.error = .set(limit) }
        }
        if entry.has("floor") {
            override.floor = .set(try entry.number("floor", range: 0...1e15))
        }
        if entry.has("rule") {
            override.rule = .set(try entry.choice("rule", Threshold.Rule.allCases.map { ($0.rawValue, $0) }, default: .limits))
        }
        if case .set(let warning?) = override.warning, case .set(let error?) = override.error {
            do {
                try Override.checkOrder(warning: warning, error: error)
            } catch let error as ScrollSimError {
                throw error.placed(in: .file(entry.file), at: .keyPath(entry.path))
            }
        }
        try entry.finish()
        return override
    }
}
