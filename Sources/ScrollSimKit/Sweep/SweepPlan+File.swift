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
    ///   "objective": "min"
    /// }
    /// ```
    /// Each item of `vary` is an object with `key` and `values`, or a string written as a
    /// `--vary` argument.
    public struct File: Equatable, Sendable {
        public var axes: [SweepAxis]
        public var metric: String?
        public var objective: String?

        /// - Throws: `ScrollSimError` naming the file and the line:column (syntax) or key path.
        public static func load(path: String) throws -> File {
            let bytes: [UInt8]
            do {
                bytes = try InputFile.contents(path, limit: 1 << 20, limitName: "sweep file bytes")
            } catch let failure as InputFile.Failure {
                throw ScrollSimError(file: path, message: "cannot read the sweep file: \(failure.reason)")
            }
            let root: JSONValue
            do {
                root = try JSONParser.parse(bytes)
            } catch let error as JSONSyntaxError {
                throw ScrollSimError(file: path, location: .text(line: error.line, column: error.column), message: error.detail)
            }
            return try parse(root, file: path)
        }

        public static func parse(_ root: JSONValue, file: String) throws -> File {
            guard let object = root.objectValue else { throw ScrollSimError(file: file, message: "expected an object with \"vary\", found \(root.kindDescription)") }
            let known: Set<String> = ["vary", "metric", "objective", "$comment"]
            for key in object.keys.sorted() where !known.contains(key) {
                throw ScrollSimError(file: file, location: .keyPath(key), message: "unknown key (a sweep file has vary, metric, objective)")
            }
            guard let items = object["vary"]?.arrayValue, !items.isEmpty else {
                throw ScrollSimError(file: file, location: .keyPath("vary"), message: "expected a non-empty array of {\"key\": …, \"values\": […]} or \"key=v1,v2\"")
            }
            var axes: [SweepAxis] = []
            for (i, item) in items.enumerated() {
                let at = "vary[\(i)]"
                switch item {
                case .string(let text):
                    do {
                        axes.append(try SweepAxis.parse(text))
                    } catch let error as ScrollSimError {
                        throw ScrollSimError(file: file, location: .keyPath(at), message: error.description)
                    }
                case .object(let axis):
                    for key in axis.keys.sorted() where key != "key" && key != "values" {
                        throw ScrollSimError(file: file, location: .keyPath("\(at).\(key)"), message: "unknown key (an axis has key and values)")
                    }
                    guard let keyText = axis["key"]?.stringValue else { throw ScrollSimError(file: file, location: .keyPath("\(at).key"), message: "expected a key path string") }
                    let keyPath: JSONKeyPath
                    do {
                        keyPath = try JSONKeyPath(keyText)
                    } catch let error as ScrollSimError {
                        throw ScrollSimError(file: file, location: .keyPath("\(at).key"), message: error.description)
                    }
                    guard let values = axis["values"]?.arrayValue, !values.isEmpty else {
                        throw ScrollSimError(file: file, location: .keyPath("\(at).values"), message: "expected a non-empty array of values")
                    }
                    let parsed = SweepAxis(keyPath: keyPath, values: values)
                    try parsed.checkDistinct(origin: "\(file): \(at).values")
                    axes.append(parsed)
                default:
                    throw ScrollSimError(file: file, location: .keyPath(at), message: "expected an object {\"key\": …, \"values\": […]} or a string \"key=v1,v2\", found \(item.kindDescription)")
                }
            }
            func text(_ key: String) throws -> String? {
                guard let value = object[key] else { return nil }
                guard let string = value.stringValue else { throw ScrollSimError(file: file, location: .keyPath(key), message: "expected a string, found \(value.kindDescription)") }
                return string
            }
            return File(axes: axes, metric: try text("metric"), objective: try text("objective"))
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
