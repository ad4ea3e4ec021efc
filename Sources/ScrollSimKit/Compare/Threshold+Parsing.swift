import Foundation

extension Threshold {
    /// The forms a threshold may be written in, for error messages and help.
    public static let syntaxHelp = "a limit (2 for an absolute change, 5% for a relative one), two limits \"warning,error\" (3%,8%), or off"
}

extension Threshold.Limit {
    /// Reads `5%` (relative), or `2` / `0.01` (absolute, in the metric's unit).
    ///
    /// - Throws: `ScrollSimError` (a problem without a source) for anything else, a negative or a non-finite number.
    public init(parsing text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let isPercent = trimmed.hasSuffix("%")
        let digits = isPercent ? String(trimmed.dropLast()).trimmingCharacters(in: .whitespaces) : trimmed
        guard let number = Double(digits), number.isFinite else {
            throw ScrollSimError("\"\(text)\" is not a limit: expected a number ≥ 0 (2, 0.01) or a percentage (5%)")
        }
        guard number >= 0 else {
            throw ScrollSimError("\"\(text)\" is negative: a limit bounds the size of a change in either direction")
        }
        self = isPercent ? .relative(number / 100) : .absolute(number)
    }

    /// An absolute limit from a number (a thresholds file's `2`).
    /// - Throws: `ScrollSimError` (a problem without a source) for a negative or non-finite number.
    public init(checking number: Double) throws {
        guard number.isFinite, number >= 0 else {
            throw ScrollSimError("\(number) is not a limit: expected a number ≥ 0")
        }
        self = .absolute(number)
    }
}

extension Thresholds.Override {
    /// Reads the value part of `--threshold METRIC=VALUE` or of a thresholds file entry:
    /// `off` (report, never judge), `L` (an error past L, no separate warning), or `W,E` (a
    /// warning past W, an error past E). The floor is kept.
    ///
    /// - Throws: `ScrollSimError` (a problem without a source), also when the warning limit is looser than the error
    ///   limit of the same form.
    public init(metric: String, scenario: String? = nil, parsing text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == "off" {
            self.init(metric: metric, scenario: scenario, warning: .set(nil), error: .set(nil))
            return
        }
        let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        switch parts.count {
        case 1:
            self.init(metric: metric, scenario: scenario, warning: .set(nil), error: .set(try Threshold.Limit(parsing: parts[0])))
        case 2:
            let warning = try Threshold.Limit(parsing: parts[0])
            let error = try Threshold.Limit(parsing: parts[1])
            try Thresholds.Override.checkOrder(warning: warning, error: error)
            self.init(metric: metric, scenario: scenario, warning: .set(warning), error: .set(error))
        default:
            throw ScrollSimError("\"\(text)\" is not a threshold: expected \(Threshold.syntaxHelp)")
        }
    }

    /// Reads one `--threshold` argument: `METRIC=VALUE`, where METRIC is a summary metric path
    /// (`frameWorkMs.p99`) or a prefix ending in `*` (`frameWorkMs.*`).
    ///
    /// - Throws: `ScrollSimError` (a problem without a source) naming the problem and, for a misspelt metric, the
    ///   closest one.
    public init(argument: String) throws {
        guard let equals = argument.firstIndex(of: "=") else {
            throw ScrollSimError("\"\(argument)\" is not METRIC=LIMIT (for example frameWorkMs.p99=5% or droppedFrames=2)")
        }
        let metric = String(argument[..<equals]).trimmingCharacters(in: .whitespaces)
        let value = String(argument[argument.index(after: equals)...])
        try Thresholds.Override.checkMetric(metric)
        do {
            try self.init(metric: metric, parsing: value)
        } catch let error as ScrollSimError {
            throw error.placed(in: .argument(metric))
        }
    }

    /// A warning limit looser than the error limit of the same form would never be reached.
    static func checkOrder(warning: Threshold.Limit, error: Threshold.Limit) throws {
        switch (warning, error) {
        case (.absolute(let w), .absolute(let e)) where w > e, (.relative(let w), .relative(let e)) where w > e:
            throw ScrollSimError("the warning limit \(warning) is looser than the error limit \(error); write \"WARNING,ERROR\" with the warning first")
        default:
            return
        }
    }

    /// Checks that a metric pattern names at least one judged metric of the catalog.
    ///
    /// - Throws: `ScrollSimError` (a problem without a source) for an unknown metric (with the closest name), a
    ///   neutral one (thresholds do not apply), or a pattern that matches nothing.
    public static func checkMetric(_ pattern: String) throws {
        guard !pattern.isEmpty else { throw ScrollSimError("the metric name is empty") }
        if pattern.hasSuffix("*") {
            let prefix = String(pattern.dropLast())
            guard Metric.allCases.contains(where: { $0.polarity != .neutral && $0.path.hasPrefix(prefix) }) else {
                throw ScrollSimError("\"\(pattern)\" matches no judged metric; metrics: \(Metric.judgedPaths)")
            }
            return
        }
        guard let metric = Metric(rawValue: pattern) else {
            var message = "unknown metric \"\(pattern)\""
            if let near = Spelling.closest(to: pattern, in: Metric.allCases.map(\.path)) { message += " (did you mean \"\(near)\"?)" }
            throw ScrollSimError(message + "; metrics: \(Metric.judgedPaths)")
        }
        guard metric.polarity != .neutral else {
            throw ScrollSimError("\(pattern) is neutral (a change in it is neither good nor bad): it is reported and never judged, so thresholds do not apply")
        }
    }
}

extension Metric {
    /// The paths of every metric a threshold can apply to, comma-separated, for messages.
    static var judgedPaths: String {
        allCases.filter { $0.polarity != .neutral }.map(\.path).joined(separator: ", ")
    }
}
