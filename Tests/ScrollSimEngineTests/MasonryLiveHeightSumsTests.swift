import Testing
@testable import ScrollSimEngine

/// `MasonryColumns.liveHeightSums`: each column's live elements and the sum of their heights,
/// four columns summed side by side, against figures worked out by hand and against the plain
/// loop it replaced (one column after another, from 0, in element order), bit for bit.
@Suite struct MasonryLiveHeightSumsTests {
    /// Five columns (a group of four and one left over), elements 0–11 with height 10·e + 1,
    /// the first 9 live. Column 0 holds 0, 5, 10 → live 0, 5: 1 + 51 = 52; column 1 holds 1, 6
    /// → 11 + 61 = 72; column 2 holds 2, 7, 11 → live 2, 7: 21 + 71 = 92; column 3 holds 3, 8
    /// → 31 + 81 = 112; column 4 holds 4, 9 → live 4: 41.
    @Test func fiveColumnsWithAPageNotLiveYet() {
        let ordered: [Int32] = [0, 5, 10, 1, 6, 2, 7, 11, 3, 8, 4, 9]
        let starts = [0, 3, 5, 8, 10, 12]
        let heights = (0..<12).map { Double(10 * $0 + 1) }
        let (live, sums) = MasonryColumns<LazyStack>.liveHeightSums(ordered, starts: starts, heights: heights, liveListElements: 9)
        #expect(live == [2, 2, 2, 2, 1])
        #expect(sums == [52, 72, 92, 112, 41])
    }

    @Test func noColumnsAndEmptyColumns() {
        let none = MasonryColumns<LazyStack>.liveHeightSums([], starts: [0], heights: [], liveListElements: 0)
        #expect(none.live.isEmpty && none.sums.isEmpty)
        let empty = MasonryColumns<LazyStack>.liveHeightSums([0], starts: [0, 0, 1, 1, 1], heights: [7], liveListElements: 1)
        #expect(empty.live == [0, 1, 0, 0])
        #expect(empty.sums == [0, 7, 0, 0])
    }

    /// Random distributions of 1–9 columns, heights that round when added (thirds, sevenths),
    /// every live limit from none to all: the same counts and the same doubles as summing each
    /// column alone.
    @Test func sameDoublesAsOneColumnAtATime() {
        var random = SplitMix64(seed: 42)
        for round in 0..<300 {
            let columns = 1 + Int(random.next() % 9)
            let n = Int(random.next() % 120)
            let heights = (0..<n).map { _ in Double(random.next() % 1000) / [3.0, 7.0, 1.0][Int(random.next() % 3)] }
            let column = (0..<n).map { _ in Int(random.next() % UInt64(columns)) }
            var ordered: [Int32] = []
            var starts = [0]
            for c in 0..<columns {
                ordered += (0..<n).filter { column[$0] == c }.map { Int32($0) }
                starts.append(ordered.count)
            }
            let limit = Int(random.next() % UInt64(n + 1))
            let (live, sums) = MasonryColumns<LazyStack>.liveHeightSums(ordered, starts: starts, heights: heights, liveListElements: limit)
            for c in 0..<columns {
                var count = 0
                var sum = 0.0
                for k in starts[c]..<starts[c + 1] where Int(ordered[k]) < limit {
                    sum += heights[Int(ordered[k])]
                    count += 1
                }
                #expect(live[c] == count, "round \(round), column \(c)")
                #expect(sums[c].bitPattern == sum.bitPattern, "round \(round), column \(c)")
            }
        }
    }
}
