import Testing
@testable import ScrollSimEngine

/// The masonry distributor: shortest column first, by precomputed height; cases from the build
/// plan, worked out by hand.
@Suite struct MasonryDistributorTests {
    @Test func noItems() {
        var d = MasonryDistributor(columns: 3, spacing: 8)
        d.append([])
        #expect(d.columns == [[], [], []])
        #expect(d.heights == [0, 0, 0])
        #expect(d.imbalance == 0)
    }

    @Test func oneColumnTakesEverythingInOrder() {
        var d = MasonryDistributor(columns: 1, spacing: 8)
        d.append([100, 50, 300])
        #expect(d.columns == [[0, 1, 2]])
        #expect(d.heights == [100 + 8 + 50 + 8 + 300])
    }

    @Test func eachItemGoesToTheShortestColumn() {
        var d = MasonryDistributor(columns: 2, spacing: 8)
        // 0 → c0 (100); 1 → c1 (300); 2 → c0 (208 + 8 + 100? no: 100 + 8 + 100 = 208);
        // 3 → c0 (208 < 300: 208 + 8 + 50 = 266); 4 → c0 (266 < 300: 266 + 8 + 200 = 474);
        // 5 → c1 (300 < 474).
        d.append([100, 300, 100, 50, 200, 10])
        #expect(d.columns == [[0, 2, 3, 4], [1, 5]])
        #expect(d.heights == [474, 318])
    }

    @Test func assignPlacesLikeAppendWithoutListingTheItems() {
        // The figures of `eachItemGoesToTheShortestColumn`, worked by hand: columns 0 1 0 0 0 1.
        var d = MasonryDistributor(columns: 2, spacing: 8)
        var places = [Int32](repeating: -1, count: 6)
        let columns = d.assign([100, 300, 100, 50, 200, 10], keeping: [], places: &places)
        #expect(columns == [0, 1, 0, 0, 0, 1])
        #expect(places == [0, 0, 1, 2, 3, 1])
        #expect(d.heights == [474, 318])
        #expect(d.counts == [4, 2])
        #expect(d.columns == [[], []])   // listed by the caller, not here
    }

    @Test func assignKeepsAColumnThatExistsAndPlacesTheRestInTheShortest() {
        // 3 columns, spacing 2. Item 0 keeps column 2 (50); item 1 keeps column 7, which does
        // not exist: shortest is column 0 (0) → 20; item 2 (-1) → shortest column 1 (0) → 30;
        // item 3 keeps column 0: 20 + 2 + 40 = 62; item 4 (-1): shortest is column 1 (30) →
        // 30 + 2 + 5 = 37; item 5 (-1): column 1 (37) and column 2 (50) → column 1: 37 + 2 + 1.
        var d = MasonryDistributor(columns: 3, spacing: 2)
        var places = [Int32](repeating: -1, count: 6)
        let columns = d.assign([50, 20, 30, 40, 5, 1], keeping: [2, 7, -1, 0, -1, -1], places: &places)
        #expect(columns == [2, 0, 1, 0, 1, 1])
        #expect(places == [0, 0, 0, 1, 1, 2])
        #expect(d.heights == [62, 40, 50])
        #expect(d.counts == [2, 3, 1])
    }

    @Test func assignBreaksTiesToTheLeftAndCountsANegativeHeightAsZero() {
        var d = MasonryDistributor(columns: 3, spacing: 0)
        // All equal at 0: column 0; then columns 1 and 2 tie at 0 → column 1; the -5 adds
        // nothing; then column 2 (0) is the shortest.
        var places = [Int32](repeating: -1, count: 4)
        let columns = d.assign([10, -5, 10, 10], keeping: [], places: &places)
        #expect(columns == [0, 1, 1, 2])
        #expect(places == [0, 0, 1, 0])
        #expect(d.heights == [10, 10, 10])
    }

    @Test func anItemTallerThanEveryColumnStillGoesToTheShortest() {
        var d = MasonryDistributor(columns: 3, spacing: 0)
        d.append([10, 20, 30, 5000, 1])
        // 5000 goes to c0 (10, the shortest); then 1 goes to c1 (20).
        #expect(d.columns == [[0, 3], [1, 4], [2]])
        #expect(d.heights == [5010, 21, 30])
    }

    @Test func identicalItemsGoRoundRobinLeftFirst() {
        var d = MasonryDistributor(columns: 3, spacing: 4)
        d.append(Array(repeating: 100, count: 7))
        #expect(d.columns == [[0, 3, 6], [1, 4], [2, 5]])
        #expect(d.heights == [308, 204, 204])
    }

    @Test func extremeAspectRatios() {
        // A 160 pt column: a panorama (aspect 0.05: 8 pt) and a strip (aspect 20: 3,200 pt).
        var d = MasonryDistributor(columns: 2, spacing: 0)
        d.append([160 * 20, 160 * 0.05, 160 * 0.05, 160 * 1])
        #expect(d.columns == [[0], [1, 2, 3]])
        #expect(d.heights == [3200, 8 + 8 + 160])
        #expect(d.imbalance == 3200 - 176)
    }

    @Test func appendingPagesEqualsDistributingAtOnce() {
        let heights: [Double] = (0..<50).map { Double(($0 * 37) % 211 + 40) }
        var once = MasonryDistributor(columns: 3, spacing: 6)
        once.append(heights)
        var paged = MasonryDistributor(columns: 3, spacing: 6)
        for page in stride(from: 0, to: 50, by: 8) { paged.append(Array(heights[page..<min(50, page + 8)])) }
        #expect(once == paged)
    }

    @Test(arguments: [(320.0, 2), (768, 4), (1024, 5), (1366, 7), (1366 * 0.33, 2), (1366 * 0.5, 3), (1366 * 0.66, 5)])
    func theColumnCountFollowsTheWidth(width: Double, columns: Int) {
        // max(2, ⌊width / 180⌋): 320 → 1 → 2; 768 → 4; 1024 → 5; 1366 → 7; Split View 451 → 2,
        // 683 → 3, 901.6 → 5.
        #expect(MasonryDistributor.columnCount(width: width, targetColumnWidth: 180) == columns)
    }

    /// The rule holds for any positive target, a fraction of a point included (10 pt at 0.5 pt
    /// is 20 columns); a target of 0 or less has no quotient and gives the minimum, 2. Found by
    /// a generated mutant that took every target up to 1 pt for no target.
    @Test func aTargetUnderOnePointStillDividesTheWidth() {
        #expect(MasonryDistributor.columnCount(width: 10, targetColumnWidth: 0.5) == 20)
        #expect(MasonryDistributor.columnCount(width: 10, targetColumnWidth: 1) == 10)
        #expect(MasonryDistributor.columnCount(width: 10, targetColumnWidth: 0) == 2)
        #expect(MasonryDistributor.columnCount(width: 10, targetColumnWidth: -4) == 2)
    }

    /// Up to four columns take a path of their own (heights in registers, compared as bit
    /// patterns); five and more the plain loop. Both must choose as this restatement of the
    /// rule does — leftmost shortest, a kept column when it exists, spacing before every item
    /// but a column's first, negative heights as 0 — on lists full of ties (heights from a
    /// handful of values, 0, −0 and +∞ among them), five spacings (−0 and a negative one among
    /// them), with and without kept columns, from empty columns and from columns already
    /// holding items.
    @Test func assignChoosesAsTheRuleSaysWhateverTheColumnCount() {
        var random = SplitMix64(seed: 0x5EED)
        let values: [Double] = [0, -0.0, 1, 2.5, 3, 100, -4, 0.1, 0.2, 0.30000000000000004, .infinity]
        for columns in 1...6 {
            // A negative spacing (−5) makes column heights negative, which only the generic
            // path may compare: the four-column path orders heights by their bit patterns.
            for spacing in [0.0, 8, 0.1, -0.0, -5] {
                for round in 0..<40 {
                    let n = Int(random.next() % 60)
                    let earlier = (0..<Int(random.next() % 5)).map { _ in values[Int(random.next() % UInt64(values.count - 1))] }
                    let heights = (0..<n).map { _ in values[Int(random.next() % UInt64(round % 4 == 0 ? values.count : values.count - 1))] }
                    let kept: [Int16] = round % 2 == 0 ? [] : (0..<n).map { _ in random.next() % 3 == 0 ? Int16(random.next() % 8) - 1 : -1 }
                    // The rule, restated: columns' heights and counts after `earlier` were appended.
                    var sums = [Double](repeating: 0, count: columns)
                    var counts = [Int](repeating: 0, count: columns)
                    var expected: [(column: Int16, place: Int32)] = []
                    for (i, h) in (earlier + heights).enumerated() {
                        var c = sums.indices.first { sums[$0] == sums.min()! }!
                        if i >= earlier.count, !kept.isEmpty, kept[i - earlier.count] >= 0, Int(kept[i - earlier.count]) < columns {
                            c = Int(kept[i - earlier.count])
                        }
                        if counts[c] > 0 { sums[c] += spacing }
                        sums[c] += max(0, h)
                        if i >= earlier.count { expected.append((Int16(c), Int32(counts[c]))) }
                        counts[c] += 1
                    }
                    var d = MasonryDistributor(columns: columns, spacing: spacing)
                    d.append(earlier)
                    var places = [Int32](repeating: -1, count: n)
                    let assigned = d.assign(heights, keeping: kept, places: &places)
                    let label = "\(columns) columns, spacing \(spacing), round \(round)"
                    #expect(assigned == expected.map(\.column), "\(label)")
                    #expect(places == expected.map(\.place), "\(label)")
                    #expect(d.heights.map(\.bitPattern) == sums.map(\.bitPattern), "\(label)")
                    #expect(d.counts == counts, "\(label)")
                }
            }
        }
    }

    /// A −0 spacing (which passes `>= 0` but has the sign bit set) and −0 heights: worked by
    /// hand. Item 0 (0) → column 0 (both at 0, the left one); item 1 (−0) → column 0 again
    /// (0 + −0 spacing + −0 is +0, still level with column 1); item 2 (5) → column 0 (level);
    /// item 3 (5) → column 1 (0 against 5). Heights 5 and 5, both +0-signed sums.
    @Test func aNegativeZeroSpacingAndHeightsChooseAsWorkedByHand() {
        var d = MasonryDistributor(columns: 2, spacing: -0.0)
        var places = [Int32](repeating: -1, count: 4)
        let columns = d.assign([0, -0.0, 5, 5], keeping: [], places: &places)
        #expect(columns == [0, 0, 0, 1])
        #expect(places == [0, 1, 2, 0])
        #expect(d.heights == [5, 5])
        #expect(d.heights.allSatisfy { $0.sign == .plus })
    }
}
