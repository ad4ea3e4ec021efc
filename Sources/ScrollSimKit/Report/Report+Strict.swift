/// Reading a report file strictly: a value a simulation never writes is a corrupt report, not
/// something to compare or draw.
///
/// Checked: every catalog metric present in `summary` is a number (not a string, `null` or an
/// object) that is finite, below 10^15 in magnitude, not negative, and whole for counts; the
/// groups of dotted metrics (`frameWorkMs`) are objects; every budget is an object
/// with a numeric `limit` and `value` and a boolean `pass`; `scenario.name` is a non-empty
/// string of at most 200 characters, `scenario.contentHash`, when present, a string and
/// `scenario.source`, when present, an object. Any other number in `summary` (a metric of a
/// newer report) is held to the same magnitude. A catalog metric that is absent is not an error (an older report, read as "new metric").
extension Report {
    /// The largest metric magnitude a report can hold: `JSONWriter` writes numbers exactly
    /// below it, and no simulation comes near it.
    public static let largestMetric = 1e15

    /// The most bytes a report file may have (a run at the frame limit writes about 50 MB).
    public static let maximumFileBytes = 1 << 30

    /// The report, if nothing in it is impossible.
    /// - Throws: `Report.Invalid` ("corrupt report: summary.droppedFrames: …") at the first
    ///   problem, by key path.
    public func checked() throws -> Report {
        func corrupt(_ keyPath: String, _ message: String) -> Invalid {
            Invalid(path: path, reason: "corrupt report: \(keyPath): \(message)")
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
            let parts = metric.path.split(separator: ".").map(String.init)
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
            guard abs(n) < Report.largestMetric else { throw corrupt(keyPath, "\(JSONWriter.text(n)) is outside what a report can hold (magnitude below 1e15)") }
            guard n >= 0 else { throw corrupt(keyPath, "\(JSONWriter.text(n)) is negative; \(Report.noun(metric.kind)) never is") }
            if metric.kind == .count, n.rounded() != n {
                throw corrupt(keyPath, "\(JSONWriter.text(n)) is not a whole number; a count always is")
            }
        }
        for (keyPath, value) in Report.flatten(summary).sorted(by: { $0.key < $1.key }) where !(abs(value) < Report.largestMetric) {
            throw corrupt("summary.\(keyPath)", "\(JSONWriter.text(value)) is outside what a report can hold (magnitude below 1e15)")
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
