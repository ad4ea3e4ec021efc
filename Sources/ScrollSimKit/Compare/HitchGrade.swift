/// Apple's grade of a hitch time ratio (ms of hitch per second of scrolling), as Xcode
/// Organizer's scroll hitch rate and XCTest's `XCTOSSignpostMetric.scrollingAndDecelerationMetric`
/// report it: good under 5 ms/s, warning from 5 to 10, critical above 10 (WWDC20 "Eliminate
/// animation hitches with XCTest"; WWDC21 "Explore UI animation hitches and the render loop").
///
/// A scenario may grade with other thresholds (`grading` in the scenario file, written into a
/// report as `scenario.hitchGrading`); the grade is the one `HitchGrading.grade(_:)` writes as
/// `summary.hitchGrade`. Ordered from best to worst: `.good < .warning < .critical`.
public enum HitchGrade: String, CaseIterable, Comparable, Sendable, Codable {
    case good
    case warning
    case critical

    /// The grade of `ratio` under `grading`: critical above `critical`, warning from `warning`,
    /// good below it (Apple's bands, whose shared edges go to the milder grade above 10 and to
    /// the worse one at 5, as `summary.hitchGrade` has always been written).
    public init(ratio: Double, grading: HitchGrading) {
        if ratio > grading.critical {
            self = .critical
        } else if ratio >= grading.warning {
            self = .warning
        } else {
            self = .good
        }
    }

    public static func < (a: HitchGrade, b: HitchGrade) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// The mark renderings put after a grade: ⚠️ for warning, ⛔ for critical, none for good.
    public var mark: String {
        switch self {
        case .good: return ""
        case .warning: return "⚠️"
        case .critical: return "⛔"
        }
    }
}

extension HitchGrade {
    /// A scenario's hitch grade on each side of a comparison (nil for a side without a report
    /// or a hitch ratio).
    public struct Change: Equatable, Sendable {
        public var baseline: HitchGrade?
        public var current: HitchGrade?

        public init(baseline: HitchGrade?, current: HitchGrade?) {
            self.baseline = baseline
            self.current = current
        }

        /// The grades of a scenario's reports (either may be missing), each graded by its own
        /// report's `scenario.hitchGrading`.
        public init(baseline: Report?, current: Report?) {
            func grade(_ report: Report?) -> HitchGrade? {
                guard let report, let ratio = report[.hitchRatio] else { return nil }
                return HitchGrade(ratio: ratio, grading: report.scenario.hitchGrading)
            }
            self.init(baseline: grade(baseline), current: grade(current))
        }

        /// The grade that describes the scenario now: the current one, else the baseline's.
        public var now: HitchGrade? { current ?? baseline }

        /// "grade critical ⛔", "grade good → warning ⚠️", "grade good": the grade shown apart
        /// from the verdict in every rendering of a comparison; nil when neither side has one.
        public var text: String? {
            guard let now else { return nil }
            var text = "grade "
            if let baseline, baseline != now { text += "\(baseline.rawValue) → " }
            text += now.rawValue
            return now.mark.isEmpty ? text : "\(text) \(now.mark)"
        }
    }
}
