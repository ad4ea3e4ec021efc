/// A binary indexed tree (Fenwick, 1994): point updates and prefix sums in O(log n), over
/// doubles (heights) or 32-bit counts.
///
/// Index i (0-based) is stored at node i + 1; node k covers the `k & -k` values ending at k.
/// The position index walks `nodes` from `topBit` down to find "the row at y" without a second
/// search structure.
///
/// The nodes start as zero bits (`ZeroedArray`), which is `.zero` for the doubles and integers
/// it holds: a tree over 10,000,000 rows touches only the pages its updates reach.
struct FenwickTree<Value: AdditiveArithmetic & BitwiseCopyable & Sendable>: Sendable {
    private(set) var nodes: ZeroedArray<Value>
    let count: Int
    /// The highest power of two ≤ count: where a top-down walk starts.
    let topBit: Int

    /// A tree of `count` zeros.
    /// - Complexity: O(1) (`ZeroedArray`).
    init(count: Int) {
        precondition(count >= 0, "count \(count) must be ≥ 0")
        self.count = count
        nodes = ZeroedArray(count: count + 1)
        var bit = 1
        while bit * 2 <= max(count, 1) { bit *= 2 }
        topBit = bit
    }

    /// Adds `delta` to value i.
    /// - Complexity: O(log n)
    mutating func add(_ delta: Value, at i: Int) {
        precondition(i >= 0 && i < count, "index \(i) outside 0..<\(count)")
        var k = i + 1
        while k <= count {
            nodes[k] += delta
            k += k & -k
        }
    }

    /// The sum of values 0..<i.
    /// - Complexity: O(log n)
    func prefixSum(_ i: Int) -> Value {
        precondition(i >= 0 && i <= count, "prefix \(i) outside 0...\(count)")
        var k = i
        var sum = Value.zero
        while k > 0 {
            sum += nodes[k]
            k -= k & -k
        }
        return sum
    }

    var total: Value { prefixSum(count) }
}

extension FenwickTree: Equatable where Value: Equatable {}
