import Testing
@testable import ScrollSimEngine

/// `ZeroedArray` starts as zero bits and behaves as a value: a copy does not see the original's
/// later writes.
@Suite struct ZeroedArrayTests {
    @Test func startsAtZeroAndKeepsWhatIsWritten() {
        var values = ZeroedArray<Double>(count: 1_000_000)
        #expect(values.count == 1_000_000)
        #expect(values[0] == 0 && values[999_999] == 0 && values[123_456] == 0)
        values[123_456] = 2.5
        values[999_999] = -1
        #expect(values[123_456] == 2.5 && values[999_999] == -1 && values[123_457] == 0)
    }

    /// Either side of the size where zeroing moves from a `memset` to the system, a block
    /// allocated where one of the same size was just written all over and freed (the
    /// allocator hands that memory out again) reads as zero everywhere.
    @Test(arguments: [1, 10_000, ZeroedArray<Double>.memsetBytes / 8, ZeroedArray<Double>.memsetBytes / 8 + 1])
    func reusedMemoryStartsAtZero(count: Int) {
        for round in 0..<3 {
            var values = ZeroedArray<Double>(count: count)
            var nonZero = 0
            for i in 0..<count where values[i] != 0 { nonZero += 1 }
            #expect(nonZero == 0, "round \(round): \(nonZero) of \(count) values not zero")
            for i in 0..<count { values[i] = Double(i + 1) }
        }
    }

    @Test func aCopyIsAValue() {
        var a = ZeroedArray<Int32>(count: 10)
        a[3] = 7
        var b = a
        #expect(a == b)
        b[3] = 8
        b[4] = 1
        // The original keeps its own values; the copy has its own.
        #expect(a[3] == 7 && a[4] == 0)
        #expect(b[3] == 8 && b[4] == 1)
        #expect(a != b)
        a[3] = 8
        a[4] = 1
        #expect(a == b)
    }

    /// Arrays of different lengths are not equal, even where the shorter one's values are all
    /// the longer one's (every value zero here).
    @Test func arraysOfDifferentLengthsDiffer() {
        #expect(ZeroedArray<Int32>(count: 3) != ZeroedArray<Int32>(count: 4))
        #expect(ZeroedArray<Int32>(count: 0) != ZeroedArray<Int32>(count: 1))
        #expect(ZeroedArray<Int32>(count: 4) == ZeroedArray<Int32>(count: 4))
    }

    /// The position index reads an unwritten row as unmeasured (its height the estimate), and a
    /// measured height of 0 as measured.
    @Test func positionIndexReadsZeroBitsAsUnmeasured() {
        var index = PositionIndex(count: 5, estimate: 40, spacing: 0)
        #expect(!index.isKnown(2) && index.height(of: 2) == 40)
        index.setHeight(0, of: 2)
        #expect(index.isKnown(2) && index.height(of: 2) == 0 && index.measuredHeight(of: 2) == 0)
        // Rows 0, 1, 3, 4 at 40 and row 2 at 0.
        #expect(index.totalHeight == 160)
        index.forgetHeight(of: 2)
        #expect(!index.isKnown(2) && index.totalHeight == 200)
    }
}
