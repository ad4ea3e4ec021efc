import Foundation

extension SweepPlan {
    /// What a sweep file (`--sweep FILE`) holds: the axes, and optionally the metric and the
    /// objective.
    ///
    /// ```json
    /// {
    ///   "vary": [
    ///     {"key": "prefetch.distance", "values": [1, 2, 4]},
    ///     "keepAlive.seconds=0,0.5,2"
    ///   ],
    ///   "metric": "hitchRatio",
    ///   "objective": "min",
    ///   "runs": 30
    /// }
    /// ```
    /// Each item of `vary` is an object with `key` and `values`, or a string written as a
    /// `--vary` argument; `runs` plays each variant as an ensemble of that many runs. The keys are declared in `SweepKeys`.
    public struct File: Equatable, Sendable {
        public var axes: [SweepAxis]
        public var metric: String?
        public var objective: String?
        /// How many runs each variant plays (`--runs` wins).
        public var runs: Int?

        /// - Throws: `ScrollSimError` naming the file and the line:column (syntax) or key path.
        public static func load(path: String) throws -> File {
            let bytes = try InputFile.contents(path, limit: 1 << 20, limitName: "sweep file bytes")
            return try parse(JSONParser.parse(bytes, file: path), file: path)
        }

        /// Reads a parsed sweep file through its declarations (`SweepKeys`).
        /// - Throws: `ScrollSimError` with every problem, each naming the file and key path.
        public static func parse(_ root: JSONValue, file: String) throws -> File {
            guard case .object = root else { throw ScrollSimError(file: file, message: "expected an object with \"vary\", found \(root.kindDescription)") }
            let context = DecodingContext(file: file)
            var parsed = File(axes: [], metric: nil, objective: nil, runs: nil)
            SweepKeys.file.decode(root, at: "", into: &parsed, context)
            if let error = context.error { throw error }
            return parsed
        }
    }

    /// Parses a metric name for `--metric` (or a sweep file's `metric`).
    public static func metric(_ text: String, origin: String = "--metric") throws -> Metric {
        if let metric = Metric(rawValue: text) { return metric }
        var message = "\(origin) \(text): not a metric"
        if let near = Spelling.closest(to: text, in: Metric.allCases.map(\.rawValue)) { message += " (did you mean '\(near)'?)" }
        throw ScrollSimError(message + "; the metrics are listed in the report reference")
    }

    /// Parses `min` or `max`; nil gives the metric's better direction (`min` when neither is).
    public static func objective(_ text: String?, for metric: Metric, origin: String = "--objective") throws -> Objective {
        guard let text else { return metric.polarity == .higherIsBetter ? .max : .min }
        guard let objective = Objective(rawValue: text) else { throw ScrollSimError("\(origin) \(text): expected min or max") }
        return objective
    }
}
