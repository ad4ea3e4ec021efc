import ScrollSimHarness
import Testing

/// Bench's summaries (median, range, quartiles, paired ratios) and the targets judged from
/// them, against figures worked out by hand. No timing: the inputs are made-up measurements.
@Suite struct BenchmarkStatisticsTests {
    /// Five runs 3, 1, 4, 1, 5 sort to 1, 1, 3, 4, 5. Quartile q sits at rank q·(n−1) = q·4:
    /// the median at rank 2 (3), Q1 at rank 1 (1), Q3 at rank 3 (4); IQR 4 − 1 = 3.
    @Test func spreadOfAnOddCount() {
        let spread = Benchmark.Spread([3, 1, 4, 1, 5])
        #expect(spread.count == 5)
        #expect(spread.median == 3)
        #expect(spread.minimum == 1)
        #expect(spread.maximum == 5)
        #expect(spread.lowerQuartile == 1)
        #expect(spread.upperQuartile == 4)
        #expect(spread.interquartileRange == 3)
    }

    /// Four runs 8, 2, 6, 4 sort to 2, 4, 6, 8 (ranks 0–3). Median at rank 1.5: 4 + (6 − 4)·0.5
    /// = 5; Q1 at rank 0.75: 2 + (4 − 2)·0.75 = 3.5; Q3 at rank 2.25: 6 + (8 − 6)·0.25 = 6.5.
    @Test func spreadOfAnEvenCountInterpolates() {
        let spread = Benchmark.Spread([8, 2, 6, 4])
        #expect(spread.median == 5)
        #expect(spread.lowerQuartile == 3.5)
        #expect(spread.upperQuartile == 6.5)
        #expect(spread.interquartileRange == 3)
        #expect(Benchmark.Spread([7]).median == 7, "one run is its own median")
    }

    /// Pairs (B, A) = (2, 1), (3, 2), (9, 0), (5, 10): ratios 2, 1.5, none (A is 0), 0.5. Their
    /// median (of 0.5, 1.5, 2) is 1.5 — while the medians of B (4) and A (1.5) would give 2.67:
    /// pairing keeps each pair's shared load out of the ratio.
    @Test func pairedRatiosSkipAZeroDenominatorAndTakeTheMedianOfPairs() {
        let ratios = Benchmark.pairedRatios([2, 3, 9, 5], [1, 2, 0, 10])
        #expect(ratios == [2, 1.5, 0.5])
        #expect(Benchmark.Spread(ratios).median == 1.5)
        #expect(Benchmark.Spread(ratios).minimum == 0.5)
        #expect(Benchmark.Spread(ratios).maximum == 2)
        #expect(Benchmark.pairedRatios([1, 2], [1]) == [1], "a pair needs both")
    }

    static func figures(_ workload: Benchmark.Workload, _ values: [Double], note: String? = nil) -> Benchmark.WorkloadFigures {
        Benchmark.WorkloadFigures(workload: workload, samples: values.map { Benchmark.Sample(workload: workload, value: $0, wall: nil, unit: "u", note: note) })
    }

    /// feed-10k runs 0.2, 0.3, 0.25: median 0.25 ≤ 0.25, met. feed-10M, one run that pairs with
    /// none: 0.33 ÷ the median 0.25 = 1.32 > 1.2, missed by 1.32 ÷ 1.2 = 1.1×. setup-10M 460 ms = 0.46 s: missed by 2.3×. run-jobs 1.5×
    /// against ≥ 1.7: missed by 1.7 ÷ 1.5 = 1.133×. allocations: runs 0 and 0.64, the largest
    /// counts, and a multiple of zero is no figure. masonry 0.9 ≤ 1: met. No report-10k
    /// measured: no report target.
    @Test func targetsAreJudgedFromTheMedians() throws {
        let targets = Benchmark.targets([
            Self.figures(.feed10k, [0.2, 0.3, 0.25]),
            Self.figures(.feed10M, [0.33]),
            Self.figures(.setup10M, [460]),
            Self.figures(.runJobs, [1.5]),
            Self.figures(.allocations, [0, 0.64], note: "most in masonry"),
            Self.figures(.masonry10k, [0.9]),
        ])
        #expect(targets.map(\.subject) == [
            "frame loop, 10,000 rows", "frame loop, 10,000,000 rows ÷ 10,000", "set-up, 10,000,000 rows",
            "run --jobs 2 against --jobs 1, shipped scenarios", "allocations per steady frame, every shipped scenario",
            "masonry, 10,000 photos, 4 columns, rotation",
        ])
        #expect(targets.map(\.met) == [true, false, false, false, false, true])
        #expect(targets[0].missFactor == nil)
        #expect(abs(try #require(targets[1].missFactor) - 1.1) < 1e-9)
        #expect(abs(targets[2].measured - 0.46) < 1e-12)
        #expect(abs(try #require(targets[2].missFactor) - 2.3) < 1e-9)
        #expect(abs(try #require(targets[3].missFactor) - 1.7 / 1.5) < 1e-12)
        #expect(targets[4].measured == 0.64)
        #expect(targets[4].missFactor == nil)
        #expect(targets[4].note == "most in masonry")
    }

    /// Issue 45's targets, judged from the medians: report-10k 0.25 µs/frame against ≤ 0.2,
    /// missed by 1.25×; the suite's pipeline 0.9 ≤ 1 µs/frame, met; compare 0.12 s against
    /// ≤ 0.1 (1.2×) and its peak memory, the largest of the runs' (worst), 40 ≤ 50 MB, met;
    /// history record 0.02 ≤ 0.03 s, met.
    @Test func thePipelineAndReaderTargetsAreJudged() throws {
        let compare = [(0.12, 30.0), (0.11, 40), (0.13, 35)].map {
            Benchmark.Sample(workload: .compare60, value: $0.0, wall: nil, unit: "s", extras: [Benchmark.Extra("peak RSS MB", $0.1, worst: true)])
        }
        let targets = Benchmark.targets([
            Self.figures(.report10k, [0.25]),
            Self.figures(.suitePipeline, [0.8, 0.9, 1.1]),
            Benchmark.WorkloadFigures(workload: .compare60, samples: compare),
            Self.figures(.historyRecord, [0.02]),
        ])
        #expect(targets.map(\.subject) == [
            "report writing", "run of the shipped suite, --jobs 1, end to end", "compare, the suite's reports against a copy",
            "compare, the suite's reports against a copy: peak memory", "history record, one commit of the suite's reports",
        ])
        #expect(targets.map(\.met) == [false, true, false, true, true])
        #expect(abs(try #require(targets[0].missFactor) - 1.25) < 1e-9)
        #expect(abs(try #require(targets[2].missFactor) - 1.2) < 1e-9)
        #expect(targets[3].measured == 40)
    }

    /// Runs made round by round pair up: feed-10k 0.4, 0.8, 0.5 and feed-10M 0.44, 0.88, 0.9
    /// give the rounds' ratios 1.1, 1.1 and 1.8, median 1.1 — met — where the ratio of the
    /// medians (0.88 ÷ 0.5 = 1.76) would blame the 10M loop for the slow second round.
    @Test func theScaleTargetIsTheMedianOfTheRoundsRatios() throws {
        let targets = Benchmark.targets([Self.figures(.feed10k, [0.4, 0.8, 0.5]), Self.figures(.feed10M, [0.44, 0.88, 0.9])])
        let scale = try #require(targets.first { $0.subject == "frame loop, 10,000,000 rows ÷ 10,000" })
        #expect(abs(scale.measured - 1.1) < 1e-9)
        #expect(scale.met)
    }

    /// Extras summarise by the median, or the largest for a `worst` one: frames 1200, 1200,
    /// 1201 → 1200; allocations 0, 0.5, 0 → 0.5.
    @Test func extrasTakeTheMedianOrTheWorst() {
        let samples = [(1200.0, 0.0), (1200, 0.5), (1201, 0)].map {
            Benchmark.Sample(workload: .feed10k, value: 1, wall: 2, unit: "µs/frame",
                             extras: [Benchmark.Extra("frames", $0.0), Benchmark.Extra("allocations", $0.1, worst: true)])
        }
        let figures = Benchmark.WorkloadFigures(workload: .feed10k, samples: samples)
        #expect(figures.extras.map(\.value) == [1200, 0.5])
        #expect(figures.wall?.median == 2)
    }
}
