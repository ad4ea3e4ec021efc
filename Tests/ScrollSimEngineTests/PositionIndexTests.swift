import XCTest
@testable import ScrollSimEngine

/// The index against a brute-force sum over seeded random heights.
final class PositionIndexTests: XCTestCase {
    func bruteY(_ heights: [Double?], estimate: Double, spacing: Double, _ row: Int) -> Double {
        var y = 0.0
        for i in 0..<row { y += (heights[i] ?? estimate) + spacing }
        return y
    }

    func testAgreesWithBruteForceOverManySeeds() {
        for seed in 0..<200 {
            var random = SplitMix64(seed: UInt64(seed))
            let n = 1 + Int(random.nextUnit() * 300)
            let spacing = Double(Int(random.nextUnit() * 3)) * 4
            var index = PositionIndex(count: n, estimate: 50, spacing: spacing)
            var heights = [Double?](repeating: nil, count: n)
            for _ in 0..<(n * 2) {
                let row = Int(random.nextUnit() * Double(n))
                if random.nextUnit() < 0.2 {
                    index.forgetHeight(of: row)
                    heights[row] = nil
                } else {
                    let h = (random.nextUnit() * 400).rounded()
                    index.setHeight(h, of: row)
                    heights[row] = h
                }
                if random.nextUnit() < 0.1 { index.estimate = (random.nextUnit() * 300).rounded() }
            }
            XCTAssertEqual(index.y(of: 0), 0, "seed \(seed)")
            for row in 0...n {
                let expected = bruteY(heights, estimate: index.estimate, spacing: spacing, row)
                XCTAssertEqual(index.y(of: row), expected, accuracy: 1e-6, "seed \(seed) row \(row)")
            }
            XCTAssertEqual(index.totalHeight, bruteY(heights, estimate: index.estimate, spacing: spacing, n) - spacing, accuracy: 1e-6, "seed \(seed)")
            // row(at:) is the last row whose top is at or above y.
            for _ in 0..<50 {
                let y = random.nextUnit() * (index.totalHeight + 200) - 100
                let row = index.row(at: y)
                var expected = 0
                for r in 0..<n where bruteY(heights, estimate: index.estimate, spacing: spacing, r) <= y { expected = r }
                XCTAssertEqual(row, expected, "seed \(seed) y \(y)")
            }
        }
    }

    /// `row(at:near:)` answers what the brute-force walk does (and `row(at:)`), from a near row
    /// that is the answer, the row above it, or any other, at y on a row's top, a hair either
    /// side of it, and anywhere; heights with fractions, so sums round.
    func testRowNearAgreesWithBruteForce() {
        for seed in 0..<150 {
            var random = SplitMix64(seed: UInt64(1_000 + seed))
            let n = 2 + Int(random.nextUnit() * 120)
            let spacing = [0, 0.5, 8][Int(random.nextUnit() * 3)]
            var index = PositionIndex(count: n, estimate: 44.3, spacing: spacing)
            var heights = [Double?](repeating: nil, count: n)
            for row in 0..<n where random.nextUnit() < 0.7 {
                let h = random.nextUnit() < 0.1 ? 0 : random.nextUnit() * 300
                index.setHeight(h, of: row)
                heights[row] = h
            }
            let tops = (0..<n).map { bruteY(heights, estimate: index.estimate, spacing: spacing, $0) }
            func expected(_ y: Double) -> Int {
                var answer = 0
                for r in 0..<n where tops[r] <= y { answer = r }
                return answer
            }
            for _ in 0..<80 {
                let target = Int(random.nextUnit() * Double(n))
                let y: Double
                switch Int(random.nextUnit() * 4) {
                case 0: y = tops[target]
                case 1: y = tops[target].nextUp
                case 2: y = tops[target].nextDown
                default: y = random.nextUnit() * (index.totalHeight + 100) - 50
                }
                let near = [target, max(0, target - 1), Int(random.nextUnit() * Double(n))][Int(random.nextUnit() * 3)]
                let answer = index.row(at: y, near: near)
                XCTAssertEqual(answer, index.row(at: y), "seed \(seed) y \(y) near \(near)")
                // Exactly on a boundary the index's own sums decide; elsewhere the brute force does.
                if abs(y - tops[expected(y)]) > 1e-6, expected(y) + 1 >= n || abs(tops[expected(y) + 1] - y) > 1e-6 {
                    XCTAssertEqual(answer, expected(y), "seed \(seed) y \(y) near \(near)")
                }
            }
        }
    }

    /// Far down a long list the two sums round differently: a top near 10⁹ pt is a sum whose
    /// last place is about 10⁻⁷ pt, and `row(at:)`'s descent adds the same heights in another
    /// order. So the shortcut's "well inside" margin has to grow with the offset: with a fixed
    /// 10⁻⁹ pt, y a few 10⁻⁸ pt below a top it computed was "inside" the row whose top the
    /// descent put above y. At 10⁻⁸ to 10⁻⁶ pt either side of tops between 4·10⁸ and 9·10⁸ pt,
    /// from the row itself and the row above, the shortcut answers what the descent does.
    func testRowNearAgreesWithTheDescentFarDownALongList() {
        var random = SplitMix64(seed: 2_024)
        let n = 200_000
        var index = PositionIndex(count: n, estimate: 4_321.37, spacing: 0.25)
        for row in 0..<n where random.nextUnit() < 0.8 {
            index.setHeight(0.001 + random.nextUnit() * 9_000, of: row)
        }
        XCTAssertGreaterThan(index.y(of: n / 2), 4e8, "the tops tested are far enough down for their sums to round")
        var nearAnswers = 0
        for _ in 0..<1_500 {
            let row = n / 2 + Int(random.nextUnit() * Double(n / 2 - 2))
            let top = index.y(of: row)
            for y in [top, top.nextUp, top.nextDown, top + 1e-8, top - 1e-8, top + 4e-8, top - 4e-8, top + 1e-6, top - 1e-6, top + 1] {
                let descent = index.row(at: y)
                for near in [row, row - 1] {
                    XCTAssertEqual(index.row(at: y, near: near), descent, "y \(y) near \(near) (top of row \(row): \(top))")
                }
                if descent == row || descent == row - 1 { nearAnswers += 1 }
            }
        }
        XCTAssertGreaterThan(nearAnswers, 10_000, "the rows asked about are the near rows or the next")
    }

    func testEstimateChangeMovesOnlyUnknownRows() {
        var index = PositionIndex(count: 5, estimate: 10, spacing: 0)
        index.setHeight(100, of: 0)
        XCTAssertEqual(index.y(of: 2), 110)
        index.estimate = 20
        XCTAssertEqual(index.y(of: 2), 120)
        XCTAssertEqual(index.knownCount, 1)
    }

    func testEmptyIndex() {
        let index = PositionIndex(count: 0, estimate: 44, spacing: 8)
        XCTAssertEqual(index.totalHeight, 0)
        XCTAssertEqual(index.row(at: 100), 0)
    }

    /// Two indexes are equal exactly when they hold the same heights, estimate, spacing and
    /// rows: the same measurements made apart are equal; a swapped pair of heights (the same
    /// total), another estimate, spacing or row count, or a height forgotten makes them differ.
    func testIndexesAreEqualExactlyWhenTheyHoldTheSameHeights() {
        func index(_ heights: [Int: Double], count: Int = 10, estimate: Double = 50, spacing: Double = 8) -> PositionIndex {
            var index = PositionIndex(count: count, estimate: estimate, spacing: spacing)
            for (row, height) in heights.sorted(by: { $0.key < $1.key }) { index.setHeight(height, of: row) }
            return index
        }
        let a = index([3: 100, 4: 120])
        XCTAssertEqual(a, index([4: 120, 3: 100]))
        XCTAssertNotEqual(a, index([3: 120, 4: 100]))
        XCTAssertNotEqual(a, index([3: 100, 4: 120], estimate: 60))
        XCTAssertNotEqual(a, index([3: 100, 4: 120], spacing: 0))
        XCTAssertNotEqual(a, index([3: 100, 4: 120], count: 11))
        var forgotten = a
        forgotten.forgetHeight(of: 4)
        XCTAssertNotEqual(a, forgotten)
        XCTAssertEqual(forgotten, index([3: 100]))
        // Every row measured: the estimate changes no position, yet it is the height a row
        // appended later takes, so two indexes of other estimates still differ.
        let all = Dictionary(uniqueKeysWithValues: (0..<10).map { ($0, Double(60 + $0)) })
        XCTAssertEqual(index(all).totalHeight, index(all, estimate: 70).totalHeight)
        XCTAssertNotEqual(index(all), index(all, estimate: 70))
    }
}
