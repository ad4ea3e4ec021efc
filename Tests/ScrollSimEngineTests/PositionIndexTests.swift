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
}
