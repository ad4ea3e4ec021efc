/// Reading a report file strictly: a value a simulation never writes is a corrupt report, not
/// something to compare or draw.
///
/// Checked: every catalog metric present in `summary` is a number (not a string, `null` or an
/// object) that is finite, below 2^53 in magnitude, not negative, and whole for counts (an
/// ensemble's summary holds means: there each run's value in `ensemble.runs` is held to it); the
/// groups of dotted metrics (`frameWorkMs`) are objects; every budget is an object
/// with a numeric `limit` and `value` and a boolean `pass`; `scenario.name` is a non-empty
/// string of at most 200 characters, `scenario.contentHash`, when present, a string and
/// `scenario.source`, when present, an object. Any other number in `summary` (a metric of a
/// newer report) is held to the same magnitude, and every number of the attribution
/// (`summary.byType`, `summary.worstFrames`: counts, frames, times) is not negative and below
/// it too, so reading one as a whole number cannot overflow. A catalog metric that is absent is
/// not an error (an older report, read as "new metric"). An ensemble's report (schema 2) holds
/// means in `summary`, so a count there may be fractional; each run's value of a catalog metric
/// (`ensemble.runs`) is held to what a single run's summary is: finite, below 2^53, not
/// negative, whole for counts.
extension Report {
    /// The largest metric magnitude a report can hold: 2^53, the last whole number a double
    /// (and a JSON number, RFC 8259 §6) holds exactly. `JSONWriter` writes every whole number
    /// below it exactly, and every limit a scenario is checked against keeps a run's values
    /// below it (modeled bytes at most 9 × 10^15), so whatever `run` writes, every reader reads.
    public static let largestMetric = 9_007_199_254_740_992.0

    /// "magnitude below 2^53", for messages.
    static let largestMetricWords = "magnitude below 2^53 = 9007199254740992"

    /// The most bytes a report file may have (a run at the frame limit writes about 50 MB).
    public static let maximumFileBytes = 1 << 30

    /// The report, if nothing in it is impossible.
    /// - Throws: `ScrollSimError` ("corrupt report: summary.droppedFrames: …") at the first
    ///   problem, by key path.
    public func checked() throws -> Report {
        func corrupt(_ keyPath: String, _ message: String) -> ScrollSimError {
            ScrollSimError(file: path, message: "corrupt report: \(keyPath): \(message)")
        }
        guard let name = root["scenario"]?["name"]?.stringValue, !name.isEmpty, name.unicodeScalars.count <= 200 else {
            throw corrupt("scenario.name", "expected a name of 1 to 200 characters")
        }
        if let hash = root["scenario"]?["contentHash"], hash.stringValue == nil {
            throw corrupt("scenario.contentHash", "expected a string, found \(hash.kindDescription)")
        }
        if let source = root["scenario"]?["source"], source.objectValue == nil {
            throw corrupt("scenario.source", "expected an object, found \(source.kindDescription)")
        }
        let summary = self.summary
        for metric in Metric.allCases {
            let parts = metric.pathKeys
            var value: JSONValue? = summary
            for (i, part) in parts.enumerated() {
                guard let current = value else { break }
                guard case .object(let object) = current else {
                    throw corrupt("summary." + parts[..<i].joined(separator: "."), "expected an object, found \(current.kindDescription)")
                }
                value = object[part]
            }
            guard let value else { continue }
            let keyPath = "summary.\(metric.path)"
            guard case .number(let n) = value else { throw corrupt(keyPath, "expected a number, found \(value.kindDescription)") }
            guard abs(n) < Report.largestMetric else { throw corrupt(keyPath, "\(JSONWriter.text(n)) is outside what a report can hold (\(Report.largestMetricWords))") }
            guard n >= 0 else { throw corrupt(keyPath, "\(JSONWriter.text(n)) is negative; \(Report.noun(metric.kind)) never is") }
            // An ensemble's summary holds means: a count's mean need not be whole, its runs' are.
            if metric.kind == .count, ensemble == nil, n.rounded() != n {
                throw corrupt(keyPath, "\(JSONWriter.text(n)) is not a whole number; a count always is")
            }
        }
        if let ensemble {
            for metric in Metric.allCases {
                for (i, n) in (ensemble.values[metric.path] ?? []).enumerated() {
                    let keyPath = "ensemble.runs.\(metric.path)[\(i)]"
                    guard abs(n) < Report.largestMetric else { throw corrupt(keyPath, "\(JSONWriter.text(n)) is outside what a report can hold (\(Report.largestMetricWords))") }
                    guard n >= 0 else { throw corrupt(keyPath, "\(JSONWriter.text(n)) is negative; \(Report.noun(metric.kind)) never is") }
                    if metric.kind == .count, n.rounded() != n {
                        throw corrupt(keyPath, "\(JSONWriter.text(n)) is not a whole number; a count in one run always is")
                    }
                }
            }
        }
        // The values are sorted (for the first by key path) only when one is out of range.
        let flat = Report.flatten(summary)
        if flat.values.contains(where: { !(abs($0) < Report.largestMetric) }) {
            for (keyPath, value) in flat.sorted(by: { $0.key < $1.key }) where !(abs(value) < Report.largestMetric) {
                throw corrupt("summary.\(keyPath)", "\(JSONWriter.text(value)) is outside what a report can hold (\(Report.largestMetricWords))")
            }
        }
        for key in ["byType", "worstFrames"] {
            // Key paths are spelled (and objects' keys sorted) only for a section that has one.
            if let value = summary[key], Report.holdsImpossible(value), let (keyPath, n) = Report.firstImpossible(value, at: "summary.\(key)") {
                throw corrupt(keyPath, "\(JSONWriter.text(n)) is outside what a report holds here (not negative, \(Report.largestMetricWords))")
            }
        }
        if let budgets = summary["budgets"] {
            guard case .object(let entries) = budgets else { throw corrupt("summary.budgets", "expected an object, found \(budgets.kindDescription)") }
            for key in entries.keys.sorted() {
                let keyPath = "summary.budgets.\(key)"
                guard case .object(let entry) = entries[key] ?? .null else { throw corrupt(keyPath, "expected an object with limit, value and pass") }
                for field in ["limit", "value"] {
                    guard case .number(let n) = entry[field] ?? .null, n.isFinite else {
                        throw corrupt("\(keyPath).\(field)", "expected a number, found \(entry[field]?.kindDescription ?? "nothing")")
                    }
                }
                guard case .bool = entry["pass"] ?? .null else {
                    throw corrupt("\(keyPath).pass", "expected true or false, found \(entry["pass"]?.kindDescription ?? "nothing")")
                }
            }
        }
        return self
    }

    /// The first number in `value` (objects by sorted key, arrays in order) that is negative,
    /// not finite, or of magnitude 2^53 or more, with its key path.
    static func firstImpossible(_ value: JSONValue, at keyPath: String) -> (String, Double)? {
        switch value {
        case .number(let n):
            return n >= 0 && n < largestMetric ? nil : (keyPath, n)
        case .object(let object):
            for key in object.keys.sorted() {
                if let found = firstImpossible(object[key] ?? .null, at: "\(keyPath).\(key)") { return found }
            }
            return nil
        case .array(let items):
            for (i, item) in items.enumerated() {
                if let found = firstImpossible(item, at: "\(keyPath)[\(i)]") { return found }
            }
            return nil
        default:
            return nil
        }
    }

    /// Whether `firstImpossible` finds a number in `value`, without spelling a key path.
    static func holdsImpossible(_ value: JSONValue) -> Bool {
        switch value {
        case .number(let n): return !(n >= 0 && n < largestMetric)
        case .object(let object): return object.values.contains(where: holdsImpossible)
        case .array(let items): return items.contains(where: holdsImpossible)
        default: return false
        }
    }

    /// What a metric of a kind is, for "… is negative; a byte count never is".
    static func noun(_ kind: Metric.Kind) -> String {
        switch kind {
        case .count: return "a count"
        case .time: return "a time"
        case .memory: return "a byte count"
        case .length: return "a length"
        case .rate: return "a ratio"
        case .fraction: return "a fraction"
        case .seconds: return "a duration"
        }
    }
}
