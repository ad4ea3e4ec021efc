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

    /// The JSON Schema of thresholds files, generated from the declarations the reader uses
    /// (`ThresholdsKeys`), as scenario files' is (`ScenarioSchema`); committed as
    /// `Reports/thresholds.schema.json` (a test fails when the two drift).
    public static var jsonSchema: JSONValue { ScenarioSchema.json(of: ThresholdsKeys.top.shape, title: "ScrollSim thresholds") }

    /// Reads a thresholds file.
    /// - Throws: `ScrollSimError` naming the file and, when it can, the key path.
    public static func load(path: String) throws -> Thresholds {
        try decode(Data(InputFile.contents(path, limit: 1 << 20)), file: path)
    }

    /// Parses the text of a thresholds file; `file` names it in errors and in `sources`.
    /// - Throws: `ScrollSimError`: a syntax error at its line:column, or every problem of the
    ///   keys (`ThresholdsKeys`) with its key path.
    public static func decode(_ data: Data, file: String) throws -> Thresholds {
        try decode(JSONParser.parse([UInt8](data), file: file), file: file)
    }

    static func decode(_ root: JSONValue, file: String) throws -> Thresholds {
        guard case .object = root else { throw ScrollSimError(file: file, message: "expected an object, found \(root.kindDescription)") }
        let context = DecodingContext(file: file)
        var draft = ThresholdsKeys.Draft()
        ThresholdsKeys.top.decode(root, at: "", into: &draft, context)
        if let error = context.error { throw error }
        return Thresholds(preset: draft.preset, overrides: draft.metrics + draft.scenarios, sources: [file], overBudget: draft.overBudget)
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
}
