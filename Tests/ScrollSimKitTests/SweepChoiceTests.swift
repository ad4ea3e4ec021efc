import Foundation
@testable import ScrollSimKit
@testable import ScrollSimPresentation
import Testing

/// How a sweep of ensembles picks its best variant (`SweepChoice`): the best mean is the best
/// only when its difference from every other variant has a 95 % interval that excludes 0 in
/// its favour. Every figure below is worked by hand from the runs given.
///
/// The runs (five per variant, the same five draws, so paired):
/// - A = 2, 3, 4, 5, 6: mean 4.
/// - B = A + (1, 1, 2, 1, 1) = 3, 4, 6, 6, 7: mean 5.2. B − A = 1, 1, 2, 1, 1: mean 1.2,
///   sd √(((−0.2)² × 4 + 0.8²) / 4) = √0.2 = 0.44721, standard error 0.44721 / √5 = 0.2,
///   t(0.975, 4) = 2.776445, so 1.2 ± 0.55529 = 0.64471…1.75529: wholly above 0.
/// - C = A + (−1, 2, 0, 3, 1) = 1, 5, 4, 8, 7: mean 5. C − A = −1, 2, 0, 3, 1: mean 1,
///   deviations −2, 1, −1, 2, 0, sd √(10 / 4) = 1.58114, standard error 0.70711, so
///   1 ± 1.96324 = −0.96324…2.96324: it includes 0.
///
/// A's own interval (4 ± 2.776445 × 1.58114 / √5 = 4 ± 1.96324) holds B's mean 5.2: the means'
/// intervals overlap, yet the pairs tell A and B apart — what pairing is for.
@Suite struct SweepChoiceTests {
    static let draws = (0..<5).map { "\($0)/seed\($0)" }
    static let a = SweepChoice.Candidate(index: 0, runs: [2, 3, 4, 5, 6], draws: draws)
    static let b = SweepChoice.Candidate(index: 1, runs: [3, 4, 6, 6, 7], draws: draws)
    static let c = SweepChoice.Candidate(index: 2, runs: [1, 5, 4, 8, 7], draws: draws)

    @Test func theLeaderIsTheBestWhenEveryPairedIntervalExcludesZeroInItsFavour() throws {
        let choice = try #require(SweepChoice.choose([Self.b, Self.a], objective: .min))
        #expect(choice.leader == 0)
        #expect(choice.isSignificant)
        #expect(choice.best == 0)
        #expect(choice.tied == [0])
        let versus = try #require(choice.others.first)
        #expect(versus.index == 1 && versus.leaderIsBetter)
        #expect(versus.difference.kind == .paired && versus.difference.count == 5)
        #expect(abs(versus.difference.mean - 1.2) < 1e-12)
        #expect(abs(versus.difference.low - 0.64471) < 1e-5)
        #expect(abs(versus.difference.high - 1.75529) < 1e-5)
    }

    @Test func aRivalWhoseIntervalIncludesZeroLeavesNoBestAndIsTied() throws {
        let choice = try #require(SweepChoice.choose([Self.a, Self.b, Self.c], objective: .min))
        // Means 4, 5.2, 5: A leads; B is significantly worse, C is not told apart.
        #expect(choice.leader == 0)
        #expect(!choice.isSignificant)
        #expect(choice.best == nil)
        #expect(choice.tied == [0, 2])
        let c = try #require(choice.others.first { $0.index == 2 })
        #expect(!c.leaderIsBetter)
        #expect(abs(c.difference.low - -0.96324) < 1e-5 && abs(c.difference.high - 2.96324) < 1e-5)
        #expect(choice.others.first { $0.index == 1 }?.leaderIsBetter == true)
        // The runner-up is C (1.0 from A), not B (1.2).
        #expect(choice.closest?.index == 2)
    }

    /// For `max`, the same runs rank the other way: B (5.2) leads, A − B = −1.2 ± 0.55529 lies
    /// wholly below 0 (in B's favour), and C − B = −2, 1, −2, 2, 0 (mean −0.2, deviations −1.8,
    /// 1.2, −1.8, 2.2, 0.2, sd √(12.8 / 4) = 1.78885, half-width 2.776445 × 1.78885 / √5 =
    /// 2.22115: −2.42…+2.02) includes it: B and C are tied.
    @Test func theObjectiveMaxFavoursTheHighestMean() throws {
        let two = try #require(SweepChoice.choose([Self.a, Self.b], objective: .max))
        #expect(two.best == 1)
        let three = try #require(SweepChoice.choose([Self.a, Self.b, Self.c], objective: .max))
        #expect(three.leader == 1 && three.best == nil && three.tied == [1, 2])
        let c = try #require(three.others.first { $0.index == 2 })
        #expect(abs(c.difference.mean - -0.2) < 1e-12)
        #expect(abs(c.difference.high - 2.02115) < 1e-5)
    }

    /// The same runs as A and B, but drawn from different seeds: unpaired (Welch). A's
    /// variance 2.5 and B's 2.7 over 5 runs give a standard error √(0.5 + 0.54) = 1.01980 and
    /// 1.04² / (0.5² / 4 + 0.54² / 4) = 7.988 degrees of freedom (t ≈ 2.307): 1.2 ± 2.35, which
    /// includes 0. Without the pairs, the same numbers do not tell A from B.
    @Test func variantsWhoseRunsDrewDifferentlyAreComparedUnpaired() throws {
        var other = Self.b
        other.draws = (0..<5).map { "\($0)/other\($0)" }
        let choice = try #require(SweepChoice.choose([Self.a, other], objective: .min))
        let versus = try #require(choice.others.first)
        #expect(versus.difference.kind == .unpaired)
        #expect(versus.difference.low < 0 && versus.difference.high > 2.4)
        #expect(choice.best == nil && choice.tied == [0, 1])
    }

    /// Two variants whose runs are the same (a varied key that changes nothing): every
    /// difference is 0, the interval is 0…0, which does not exclude 0: tied, and the lower
    /// number leads.
    @Test func identicalRunsAreTiedAndTheLowerNumberLeads() throws {
        let twin = SweepChoice.Candidate(index: 3, runs: Self.a.runs, draws: Self.draws)
        let choice = try #require(SweepChoice.choose([twin, Self.a], objective: .min))
        #expect(choice.leader == 0 && choice.best == nil && choice.tied == [0, 3])
    }

    @Test func noCandidateNoChoice() {
        #expect(SweepChoice.choose([], objective: .min) == nil)
    }
}

/// A sweep summary of ensembles, from hand-made schema-2 reports: intervals in every table,
/// the best only when significant, the tied set named.
@Suite struct SweepSummaryEnsembleTests {
    /// A schema-2 report root of `name` whose runs of droppedFrames are `runs` (seeds alike for
    /// every variant unless `seed` says otherwise).
    static func root(_ name: String, runs: [Double], seed: String = "00000000000000a1") -> JSONValue {
        let mean = runs.reduce(0, +) / Double(runs.count)
        return .object([
            "schema": .number(2),
            "scenario": .object(["name": .string(name), "ensemble": .object(["runs": .number(Double(runs.count))])]),
            "summary": .object(["droppedFrames": .number(mean), "hitchGrade": .string("good")]),
            "ensemble": .object([
                "runs": .object([
                    "index": .array(runs.indices.map { .number(Double($0)) }),
                    "seed": .array(runs.indices.map { _ in .string(seed) }),
                    "droppedFrames": .array(runs.map { .number($0) }),
                ]),
                "representativeRun": .number(0),
            ]),
        ])
    }

    static func summary(_ runs: [[Double]]) throws -> SweepSummary {
        let plan = try SweepPlan(file: "f.json", root: .null, name: "f", contentHash: "0", axes: [
            SweepAxis(keyPath: try JSONKeyPath("k"), values: runs.indices.map { .number(Double($0)) }),
        ], metric: .droppedFrames, objective: .min, runs: 5)
        return SweepSummary(plan: plan, reports: runs.enumerated().map { ($0, root(plan.variantName($0), runs: $1)) })
    }

    /// A and B of `SweepChoiceTests`: A is the best. A's interval is 4 ± 1.96324, shown at the
    /// tables' precision as "4 ± 1.96", and in the CSV at the report's four decimals as
    /// 2.0368…5.9632.
    @Test func aSignificantBestIsNamedWithItsIntervalAndItsClosestRival() throws {
        let summary = try Self.summary([[2, 3, 4, 5, 6], [3, 4, 6, 6, 7]])
        #expect(summary.best?.index == 0)
        #expect(summary.cell(.droppedFrames, summary.rows[0]) == "4 ± 1.96")
        let lines = try #require(summary.choiceLines())
        #expect(lines == ["best (min droppedFrames): f-v0: k=0: 4 ± 1.96 (5 runs), significantly lower than every other variant; closest: f-v1 − f-v0: +1.20, 95 % interval +0.64…+1.76 (5 pairs)"])
        let csv = summary.csv().split(separator: "\n").map(String.init)
        #expect(csv[0] == "variant,name,k,budgetsPassed,best,tied,runs,droppedFrames,droppedFrames.low,droppedFrames.high")
        #expect(csv[1].hasPrefix("0,f-v0,0,,true,false,5,4,2.0368,5.9632"))
        let json = try JSONValue.parse(Data(summary.json().utf8))
        #expect(json["best"]?["name"] == .string("f-v0"))
        #expect(json["choice"]?["significant"] == .bool(true))
        #expect(json["runs"] == .number(5), "the plan's run count")
        let first = try #require(json["variants"]?.arrayValue?.first)
        #expect(first["runs"] == .number(5))
        #expect(first["intervals"]?["droppedFrames"]?["low"]?.numberValue.map { abs($0 - 2.03676) < 1e-4 } == true)
        #expect(summary.markdown().contains("| **f-v0** (best) | `0` | 5 | 4 ± 1.96 |"))
    }

    /// A, B and C: no best; A and C are tied, and every output says so.
    @Test func withoutASignificantBestTheTiedVariantsAreListed() throws {
        let summary = try Self.summary([[2, 3, 4, 5, 6], [3, 4, 6, 6, 7], [1, 5, 4, 8, 7]])
        #expect(summary.best == nil)
        let lines = try #require(summary.choiceLines())
        #expect(lines[0] == "best (min droppedFrames): none: no variant is significantly lower than the others; f-v0 and f-v2 are within each other's intervals (each one's difference from f-v0, the lowest mean, has a 95 % interval that includes 0)")
        #expect(lines[1] == "  f-v0: k=0: 4 ± 1.96 (5 runs)")
        #expect(lines[2] == "  f-v2 − f-v0: +1, 95 % interval −0.96…+2.96 (5 pairs)")
        #expect(lines.count == 3)
        let csv = summary.csv().split(separator: "\n").map(String.init)
        #expect(csv[1].hasPrefix("0,f-v0,0,,false,true,5,"))
        #expect(csv[2].hasPrefix("1,f-v1,1,,false,false,5,"))
        #expect(csv[3].hasPrefix("2,f-v2,2,,false,true,5,"))
        let json = try JSONValue.parse(Data(summary.json().utf8))
        #expect(json["best"] == .null)
        #expect(json["choice"]?["tied"] == .array([.string("f-v0"), .string("f-v2")]))
        let markdown = summary.markdown()
        #expect(markdown.contains("| f-v0 (tied) |") && markdown.contains("| f-v2 (tied) |") && !markdown.contains("(best)"))
    }
}
