import Testing
@testable import ScrollSimEngine

/// The Fenwick tree under the position index, on its own.
@Suite struct FenwickTreeTests {
    /// A top-down walk starts at the highest power of two that is at most the count (1 for
    /// counts 0 and 1): 4 for 5, 8 for 8 and 15, 64 for 70. A start one power higher still finds
    /// the same rows (the walk skips nodes past the count) but takes a step more every search;
    /// a generated mutant that started there passed every other test.
    @Test func theWalkStartsAtTheHighestPowerOfTwoWithinTheCount() {
        for count in 0...70 {
            let top = FenwickTree<Double>(count: count).topBit
            #expect(top.nonzeroBitCount == 1 && top <= max(count, 1) && top * 2 > max(count, 1), "count \(count): top bit \(top)")
        }
        #expect([5, 8, 15, 70].map { FenwickTree<Double>(count: $0).topBit } == [4, 8, 8, 64])
    }
}
