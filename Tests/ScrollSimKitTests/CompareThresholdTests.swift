import Foundation
import Testing
@testable import ScrollSimKit

@Suite struct CompareThresholdTests {
    static let time = Threshold(warning: .relative(0.05), error: .relative(0.10), floor: 0.01)
    static let count = Threshold(error: .absolute(0))

    @Test(arguments: [
        // threshold, baseline, current, polarity, verdict, severity
        (time, 1.09, 1.635, Metric.Polarity.lowerIsBetter, Verdict.regressed, Severity?.some(.error)),
        (time, 1.0, 1.07, .lowerIsBetter, .regressed, .warning),
        (time, 1.0, 1.05, .lowerIsBetter, .unchanged, nil),          // exactly on the limit
        (time, 1.0, 1.04, .lowerIsBetter, .unchanged, nil),
        (time, 1.0, 0.8, .lowerIsBetter, .improved, nil),
        (time, 1.0, 0.97, .lowerIsBetter, .unchanged, nil),          // better, but not significantly
        (time, 0.0, 0.005, .lowerIsBetter, .unchanged, nil),         // below the floor from zero
        (time, 0.0, 0.02, .lowerIsBetter, .regressed, .error),       // above the floor from zero
        (time, 0.001, 0.002, .lowerIsBetter, .unchanged, nil),       // +100 % but 0.001 ms
        (count, 0, 0, .lowerIsBetter, .unchanged, nil),
        (count, 0, 1, .lowerIsBetter, .regressed, .error),
        (count, 3, 2, .lowerIsBetter, .improved, nil),
        (count, 10, 11, .higherIsBetter, .improved, nil),
        (count, 10, 9, .higherIsBetter, .regressed, .error),
        (count, 960, 900, .neutral, .changed, nil),
        (count, 960, 960, .neutral, .unchanged, nil),
        (Threshold.off, 1, 100, .lowerIsBetter, .changed, nil),
        (Threshold(error: .absolute(2)), 0, 2, .lowerIsBetter, .unchanged, nil),
        (Threshold(error: .absolute(2)), 0, 3, .lowerIsBetter, .regressed, .error),
    ])
    func judge(threshold: Threshold, baseline: Double, current: Double, polarity: Metric.Polarity,
               verdict: Verdict, severity: Severity?) {
        let result = threshold.judge(baseline: baseline, current: current, polarity: polarity)
        #expect(result.verdict == verdict)
        #expect(result.severity == severity)
    }

    @Test(arguments: [
        ("5%", Threshold.Limit.relative(0.05)),
        ("2", .absolute(2)),
        ("0.01", .absolute(0.01)),
        (" 12.5 % ", .relative(0.125)),
        ("0", .absolute(0)),
    ])
    func parsesLimits(text: String, limit: Threshold.Limit) throws {
        #expect(try Threshold.Limit(parsing: text) == limit)
    }

    @Test(arguments: ["", "-5%", "five", "5%%", "nan", "inf", "%"])
    func rejectsBadLimits(text: String) {
        #expect(throws: ScrollSimError.self) { try Threshold.Limit(parsing: text) }
    }

    @Test func limitsPrintInTheFormTheyAreWritten() {
        #expect(Threshold.Limit.relative(0.05).description == "5%")
        #expect(Threshold.Limit.relative(0.125).description == "12.5%")
        #expect(Threshold.Limit.absolute(2).description == "2")
    }

    @Test(arguments: [
        ("frameWorkMs.p99=5%", "frameWorkMs.p99", Threshold.Limit?.none, Threshold.Limit?.some(.relative(0.05))),
        ("droppedFrames=2", "droppedFrames", nil, .absolute(2)),
        ("frameWorkMs.*=3%,8%", "frameWorkMs.*", .relative(0.03), .relative(0.08)),
        ("peakMemoryBytes=off", "peakMemoryBytes", nil, nil),
        // Equal limits are not looser: no warning band, a move past them an error.
        ("frameWorkMs.p99=5%,5%", "frameWorkMs.p99", .relative(0.05), .relative(0.05)),
        ("droppedFrames=3,3", "droppedFrames", .absolute(3), .absolute(3)),
    ])
    func parsesThresholdArguments(argument: String, metric: String, warning: Threshold.Limit?, error: Threshold.Limit?) throws {
        let override = try Thresholds.Override(argument: argument)
        #expect(override.metric == metric)
        #expect(override.warning == .set(warning))
        #expect(override.error == .set(error))
        #expect(override.floor == .keep)
    }

    @Test(arguments: [
        ("frameWorkMs.p99", "is not METRIC=LIMIT"),
        ("framWorkMs.p99=5%", "did you mean \"frameWorkMs.p99\""),
        ("frames=5%", "neutral"),
        ("nothing.*=5%", "matches no judged metric"),
        ("droppedFrames=-1", "negative"),
        ("frameWorkMs.p99=10%,5%", "looser than the error limit"),
        ("frameWorkMs.p99=1%,2%,3%", "is not a threshold"),
    ])
    func rejectsBadThresholdArguments(argument: String, fragment: String) {
        do {
            _ = try Thresholds.Override(argument: argument)
            Issue.record("\(argument) was accepted")
        } catch let error as ScrollSimError {
            #expect(error.description.contains(fragment), "\(error.description)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func overridesApplyInOrderAndKeepWhatTheyDoNotName() throws {
        var thresholds = Thresholds(preset: .relative)
        thresholds.overrides = [
            try Thresholds.Override(argument: "frameWorkMs.*=20%"),
            Thresholds.Override(metric: "frameWorkMs.p99", scenario: "feed", floor: .set(0.5)),
            try Thresholds.Override(argument: "frameWorkMs.max=off"),
        ]
        let p99Feed = thresholds.threshold(for: "frameWorkMs.p99", scenario: "feed")
        #expect(p99Feed == Threshold(warning: nil, error: .relative(0.2), floor: 0.5))
        let p99Other = thresholds.threshold(for: "frameWorkMs.p99", scenario: "other")
        #expect(p99Other == Threshold(warning: nil, error: .relative(0.2), floor: 0.01))
        #expect(thresholds.threshold(for: "frameWorkMs.max", scenario: "feed").isOff)
        #expect(thresholds.threshold(for: "droppedFrames", scenario: "feed") == Threshold(error: .absolute(0)))
    }

    @Test func neutralAndUnknownMetricsAreNeverJudged() {
        #expect(Thresholds.standard.threshold(for: "frames", scenario: "x").isOff)
        #expect(Thresholds.standard.threshold(for: "pagination.someday", scenario: "x").isOff)
        #expect(Thresholds.exact.threshold(for: "appears", scenario: "x").isOff)
    }

    @Test func presetsCoverEveryJudgedMetric() {
        for preset in Thresholds.Preset.all {
            for metric in Metric.allCases where metric.polarity != .neutral {
                #expect(!preset.threshold(for: metric.kind).isOff, "\(preset.name) leaves \(metric.path) unjudged")
            }
        }
    }

    @Test func standardPresetMatchesTheDocumentedDefaults() {
        let standard = Thresholds.standard
        #expect(standard.threshold(for: "droppedFrames", scenario: "x") == Threshold(warning: .relative(0.1), error: .relative(0.25), floor: 0.05, rule: .hitchGrades))
        #expect(standard.threshold(for: "hitchRatio", scenario: "x") == Threshold(warning: .relative(0.1), error: .relative(0.25), floor: 0.05, rule: .hitchGrades))
        #expect(standard.threshold(for: "frameWorkMs.p99", scenario: "x") == Threshold(warning: .relative(0.05), error: .relative(0.1), floor: 0.01, rule: .frameBudget))
        #expect(standard.threshold(for: "bodyEvaluations", scenario: "x") == Threshold(warning: .relative(0.05), error: .relative(0.1), floor: 2))
        #expect(standard.threshold(for: "visibleJumps", scenario: "x") == Threshold(error: .absolute(0)))
        #expect(standard.threshold(for: "peakMemoryBytes", scenario: "x") == Threshold(warning: .relative(0.02), error: .relative(0.05), floor: 4096))
        #expect(standard.overBudget == .error)
        #expect(Thresholds.relative.overBudget == nil && Thresholds.exact.overBudget == nil)
        // The former standard, kept as `relative`.
        #expect(Thresholds.relative.threshold(for: "droppedFrames", scenario: "x") == Threshold(error: .absolute(0)))
        #expect(Thresholds.relative.threshold(for: "frameWorkMs.p99", scenario: "x") == Threshold(warning: .relative(0.05), error: .relative(0.1), floor: 0.01))
    }

    @Test func anOverrideKeepsThePresetRuleUnlessItNamesOne() throws {
        var thresholds = Thresholds.standard
        thresholds.overrides = [try Thresholds.Override(argument: "frameWorkMs.p99=20%"),
                                Thresholds.Override(metric: "frameWorkMs.max", rule: .set(.limits))]
        #expect(thresholds.threshold(for: "frameWorkMs.p99", scenario: "x") == Threshold(warning: nil, error: .relative(0.2), floor: 0.01, rule: .frameBudget))
        #expect(thresholds.threshold(for: "frameWorkMs.max", scenario: "x").rule == .limits)
    }

    @Test func thresholdsRoundTripThroughCodable() throws {
        let threshold = Threshold(warning: .relative(0.03), error: .absolute(2), floor: 0.5)
        let data = try JSONEncoder().encode(threshold)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"3%\""))
        #expect(try JSONDecoder().decode(Threshold.self, from: data) == threshold)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Threshold.Limit.self, from: Data("\"-3%\"".utf8)) }
    }

    /// A limit of 0 is allowed (any move at all counts), as the thresholds file allows it; a
    /// negative number or an infinite one is not.
    @Test func aZeroLimitDecodesAndANegativeOneDoesNot() throws {
        #expect(try JSONDecoder().decode(Threshold.Limit.self, from: Data("0".utf8)) == .absolute(0))
        #expect(try JSONDecoder().decode(Threshold.Limit.self, from: Data("0.5".utf8)) == .absolute(0.5))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Threshold.Limit.self, from: Data("-0.5".utf8)) }
    }
}
