import Testing
@testable import ScrollSimEngine

/// `row(at:)` and `y(of:)` exactly at row tops and bottoms, and with zero-height rows, against
/// positions added up by hand. (The seeded brute-force test draws random y values, which never
/// land on a row top, so it cannot tell `<=` from `<` there.)
@Suite struct PositionIndexEdgeTests {
    /// Rows 100, 0, 30 (measured) and one estimated at 50, spacing 10:
    ///
    ///     row 0: top   0, bottom 100, spacing 100…110
    ///     row 1: top 110 (0 + 100 + 10), bottom 110 (zero height), spacing 110…120
    ///     row 2: top 120 (110 + 0 + 10), bottom 150, spacing 150…160
    ///     row 3: top 160 (120 + 30 + 10), bottom 210 (estimate 50)
    ///     y(4) = 210 + 10 = 220; totalHeight = 220 − 10 = 210
    func index() -> PositionIndex {
        var index = PositionIndex(count: 4, estimate: 50, spacing: 10)
        index.setHeight(100, of: 0)
        index.setHeight(0, of: 1)
        index.setHeight(30, of: 2)
        return index
    }

    @Test func topsAndTotalAreTheHandSums() {
        let index = index()
        #expect((0...4).map { index.y(of: $0) } == [0, 110, 120, 160, 220])
        #expect(index.totalHeight == 210)
        #expect(index.height(of: 3) == 50)
    }

    /// A list of one row is as tall as the row (no spacing after it), estimated or measured;
    /// an empty list is 0 tall. Found by a generated mutant that gave one row no height and
    /// passed every test, the scenario suites included.
    @Test func oneRowIsItsHeightAndNoRowIsNothing() {
        var one = PositionIndex(count: 1, estimate: 50, spacing: 10)
        #expect(one.totalHeight == 50)
        one.setHeight(120, of: 0)
        #expect(one.totalHeight == 120)
        #expect(PositionIndex(count: 0, estimate: 50, spacing: 10).totalHeight == 0)
    }

    /// `row(at:)` is the last row whose top is at or above y: at a row's exact top that row,
    /// at its bottom and in the spacing below it still that row.
    @Test(arguments: [
        (-5.0, 0), (0, 0), (99.5, 0), (100, 0), (109.999, 0),
        (110, 1),            // row 1's top (and its bottom: it is 0 pt tall)
        (119.999, 1),        // in the spacing below row 1
        (120, 2), (150, 2), (159.999, 2),
        (160, 3), (210, 3), (220, 3), (10_000, 3),
    ])
    func rowAtExactTopsAndBottoms(y: Double, row: Int) {
        #expect(index().row(at: y) == row, "y = \(y)")
    }

    /// With no spacing, zero-height rows share their top with the next row: the last of them
    /// (the one with height) is the row at that y.
    ///
    ///     heights 100, 0, 0, 40 → tops 0, 100, 100, 100; y(4) = 140
    @Test func zeroHeightRowsWithoutSpacing() {
        var index = PositionIndex(count: 4, estimate: 44, spacing: 0)
        for (row, h) in [100.0, 0, 0, 40].enumerated() { index.setHeight(h, of: row) }
        #expect((0...4).map { index.y(of: $0) } == [0, 100, 100, 100, 140])
        #expect(index.row(at: 99.999) == 0)
        #expect(index.row(at: 100) == 3)
        #expect(index.row(at: 139.999) == 3)
        #expect(index.row(at: 140) == 3)
        #expect(index.totalHeight == 140)
    }

    /// Rows of the estimate and measured rows mixed, at exact tops after the estimate changes:
    /// 8 rows, rows 2 and 5 measured at 70 and 10, estimate 25 then 40, spacing 5.
    ///
    ///     estimate 25: tops 0, 30, 60, 135, 165, 195, 210, 240   (30 = 25 + 5, 135 = 60 + 70 + 5, 210 = 195 + 10 + 5)
    ///     estimate 40: tops 0, 45, 90, 165, 210, 255, 270, 315
    @Test func exactTopsFollowTheEstimate() {
        var index = PositionIndex(count: 8, estimate: 25, spacing: 5)
        index.setHeight(70, of: 2)
        index.setHeight(10, of: 5)
        let tops25: [Double] = [0, 30, 60, 135, 165, 195, 210, 240]
        #expect((0..<8).map { index.y(of: $0) } == tops25)
        for (row, top) in tops25.enumerated() {
            #expect(index.row(at: top) == row, "estimate 25, top of row \(row)")
            if row > 0 { #expect(index.row(at: top - 0.001) == row - 1, "estimate 25, just above row \(row)") }
        }
        index.estimate = 40
        let tops40: [Double] = [0, 45, 90, 165, 210, 255, 270, 315]
        #expect((0..<8).map { index.y(of: $0) } == tops40)
        for (row, top) in tops40.enumerated() {
            #expect(index.row(at: top) == row, "estimate 40, top of row \(row)")
        }
        // Forgetting row 2 puts it back to the estimate: row 3's top is 90 + 40 + 5 = 135.
        index.forgetHeight(of: 2)
        #expect(index.y(of: 3) == 135)
        #expect(index.row(at: 135) == 3)
        #expect(index.row(at: 134.999) == 2)
    }
}
