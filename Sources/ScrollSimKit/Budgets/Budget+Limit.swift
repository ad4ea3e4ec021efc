import Foundation

extension Budget {
    /// The units a limit may be written in for a kind of metric, with their factor into the
    /// metric's unit. Memory is in binary units (1 MiB = 1,048,576 bytes).
    public static func units(for kind: Metric.Kind) -> [(unit: String, factor: Double)] {
        switch kind {
        case .memory: return [("B", 1), ("KiB", 1024), ("MiB", 1_048_576), ("GiB", 1_073_741_824), ("TiB", 1_099_511_627_776)]
        case .time: return [("ms", 1), ("s", 1000)]
        case .length: return [("pt", 1)]
        case .rate: return [("ms/s", 1)]
        case .seconds: return [("s", 1)]
        case .count, .fraction: return []
        }
    }

    /// The largest limit accepted, in the metric's unit.
    public static let largestLimit = 1e15

    /// Reads a limit for `metric`: a number in the metric's unit (bytes for memory), or a
    /// string with a unit (`"200 MiB"`, `"1.5 GiB"`, `"8.33 ms"`).
    ///
    /// - Parameters:
    ///   - value: the limit as the scenario file gives it.
    ///   - metric: the metric it limits, whose kind decides the units accepted.
    ///   - formerScale: for a number given under a former budget name, the factor into the
    ///     metric's unit (`peakMemoryMB` was in MiB); a string's unit makes it irrelevant.
    /// - Throws: `LimitError` for anything else, a unit the metric's kind does not take, a
    ///   negative limit or one past `largestLimit`.
    public static func limit(_ value: JSONValue, for metric: Metric, formerScale: Double? = nil) throws -> Double {
        let units = Budget.units(for: metric.kind)
        let forms = units.isEmpty ? "a number" : "a number (in \(metric.kind.unit)) or a string with a unit (\(units.map { "\"… \($0.unit)\"" }.joined(separator: ", ")))"
        let limit: Double
        switch value {
        case .number(let number):
            limit = number * (formerScale ?? 1)
        case .string(let text):
            limit = try parse(text, units: units, forms: forms)
        default:
            throw ScrollSimError("expected \(forms), found \(value.kindDescription)")
        }
        guard limit.isFinite, limit >= 0, limit <= largestLimit else {
            let given = value.stringValue.map { "\(MessageText.quoted($0)) (\(MessageText.number(limit)))" } ?? MessageText.number(limit)
            throw ScrollSimError("\(given) is outside 0...\(MessageText.number(largestLimit))")
        }
        return limit
    }

    /// `"200 MiB"` → 209,715,200 for a memory metric.
    static func parse(_ text: String, units: [(unit: String, factor: Double)], forms: String) throws -> Double {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let numberEnd = trimmed.firstIndex { !("0123456789.+-eE".contains($0)) } ?? trimmed.endIndex
        let digits = String(trimmed[..<numberEnd])
        let unit = trimmed[numberEnd...].trimmingCharacters(in: .whitespaces)
        guard let number = Double(digits) else {
            throw ScrollSimError("\"\(text)\" is not a limit: expected \(forms)")
        }
        if unit.isEmpty { return number }
        if let match = units.first(where: { $0.unit == unit }) { return number * match.factor }
        if ["KB", "MB", "GB", "TB", "kB"].contains(unit) {
            throw ScrollSimError("\"\(text)\": memory is in binary units here; write \(unit.prefix(1).uppercased())iB (1 MiB = 1,048,576 bytes)")
        }
        guard !units.isEmpty else {
            throw ScrollSimError("\"\(text)\": this metric takes a plain number, with no unit")
        }
        throw ScrollSimError("\"\(text)\": unknown unit \"\(unit)\"; expected \(forms)")
    }
}
