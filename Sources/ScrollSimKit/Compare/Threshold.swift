/// How far one metric may move before the change counts, at two severities.
///
/// A change Δ = current − baseline *exceeds* a limit when |Δ| is above the `floor` and above
/// the limit: `.absolute(a)` is exceeded when |Δ| > a, `.relative(r)` when |Δ| > r·|baseline|.
/// Both comparisons allow `Threshold.tolerance` for floating point, so a value read back from
/// a report (four decimals) never exceeds a limit it sits exactly on.
///
/// The floor keeps a relative limit from calling 0.001 ms of rounding on a near-zero metric a
/// 100 % regression. When the baseline is 0 a relative limit is exceeded by any change above
/// the floor.
///
/// ```swift
/// let t = Threshold(warning: .relative(0.05), error: .relative(0.10), floor: 0.01)
/// t.severity(ofChange: 0.545, baseline: 1.09)   // .error (+50 %)
/// t.severity(ofChange: 0.07, baseline: 1.09)    // .warning (+6.4 %)
/// t.severity(ofChange: 0.005, baseline: 0)      // nil (below the floor)
/// ```
///
/// A threshold knows magnitudes only; which direction is a regression is the metric's polarity
/// (`Threshold.judge(baseline:current:polarity:)`). A threshold with neither limit is `off`: the
/// metric is reported and never judged. Its `rule` says what else decides the verdict: the
/// limits alone (`.limits`), the frame budget (`.frameBudget`) or Apple's hitch grades
/// (`.hitchGrades`); see `Threshold.Rule`.
public struct Threshold: Equatable, Sendable, Codable {
    /// One limit on the size of a change.
    public enum Limit: Equatable, Sendable {
        /// In the metric's own unit (frames, ms, bytes, points).
        case absolute(Double)
        /// A fraction of the baseline value: `0.05` is 5 %.
        case relative(Double)
    }

    /// Exceeding this makes a regression a warning (nil: no warning band).
    public var warning: Limit?
    /// Exceeding this makes a regression an error (nil: never an error).
    public var error: Limit?
    /// Changes no larger than this, in the metric's unit, never count.
    public var floor: Double
    /// What else decides the verdict besides the limits.
    public var rule: Rule

    /// The one floating-point tolerance of comparisons: values within it are equal.
    public static let tolerance: Double = 1e-9

    /// A metric that is reported and never judged.
    public static let off = Threshold(warning: nil, error: nil)

    /// - Precondition: limits and floor are finite and not negative.
    public init(warning: Limit? = nil, error: Limit?, floor: Double = 0, rule: Rule = .limits) {
        for limit in [warning, error].compactMap({ $0 }) {
            precondition(limit.value.isFinite && limit.value >= 0, "threshold limit \(limit) must be finite and not negative")
        }
        precondition(floor.isFinite && floor >= 0, "threshold floor \(floor) must be finite and not negative")
        self.warning = warning
        self.error = error
        self.floor = floor
        self.rule = rule
    }

    /// Whether neither limit is set.
    public var isOff: Bool { warning == nil && error == nil }

    /// Whether a change of `change` from `baseline` exceeds `limit` (and the floor).
    /// - Complexity: O(1)
    public func exceeds(_ limit: Limit, change: Double, baseline: Double) -> Bool {
        let size = abs(change)
        guard size > floor + Threshold.tolerance else { return false }
        switch limit {
        case .absolute(let allowed): return size > allowed + Threshold.tolerance
        case .relative(let fraction): return size > fraction * abs(baseline) + Threshold.tolerance
        }
    }

    /// The severity a change this large reaches: `.error` past the error limit, else
    /// `.warning` past the warning limit, else nil. Direction is not considered.
    public func severity(ofChange change: Double, baseline: Double) -> Severity? {
        if let error, exceeds(error, change: change, baseline: baseline) { return .error }
        if let warning, exceeds(warning, change: change, baseline: baseline) { return .warning }
        return nil
    }

    /// Whether a change is large enough to count at all (past the lower of the two limits):
    /// what makes a change in the good direction an improvement rather than noise.
    public func isSignificant(change: Double, baseline: Double) -> Bool {
        severity(ofChange: change, baseline: baseline) != nil
    }
}

extension Threshold.Limit: CustomStringConvertible {
    /// The limit's value: a fraction for `.relative`, the metric's unit for `.absolute`.
    public var value: Double {
        switch self {
        case .absolute(let value), .relative(let value): return value
        }
    }

    /// `5%` for a relative limit, `2` or `0.01` for an absolute one: the form the command line
    /// and the thresholds file accept.
    public var description: String {
        switch self {
        case .absolute(let value): return CompareFormat.plain(value)
        case .relative(let fraction): return CompareFormat.plain(fraction * 100) + "%"
        }
    }
}

extension Threshold.Limit: Codable {
    /// Encoded as in the thresholds file: a number for an absolute limit, a string `"5%"` for a
    /// relative one.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            guard number.isFinite, number >= 0 else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "a limit must be a number ≥ 0 or a percentage such as \"5%\"")
            }
            self = .absolute(number)
            return
        }
        let text = try container.decode(String.self)
        do {
            self = try Threshold.Limit(parsing: text)
        } catch let error as ScrollSimError {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .absolute(let value): try container.encode(value)
        case .relative: try container.encode(description)
        }
    }
}
