/// A binary indexed tree (Fenwick, 1994) of doubles: point updates and prefix sums in O(log n).
///
/// Index i (0-based) is stored at node i + 1; node k covers the `k & -k` values ending at k.
/// `descend(_:)` walks the tree from the top bit down, which is how the position index finds
/// "the element at y" without a second search structure.
struct FenwickTree: Equatable, Sendable {
    private(set) var nodes: [Double]
    let count: Int
    /// The highest power of two ≤ count: where a top-down walk starts.
    let topBit: Int

    /// - Complexity: O(n)
    init(values: [Double]) {
        count = values.count
        var nodes = [Double](repeating: 0, count: values.count + 1)
        for (i, value) in values.enumerated() {
            nodes[i + 1] += value
            let parent = (i + 1) + ((i + 1) & -(i + 1))
            if parent <= values.count { nodes[parent] += nodes[i + 1] }
        }
        self.nodes = nodes
        var bit = 1
        while bit * 2 <= max(count, 1) { bit *= 2 }
        topBit = bit
    }

    init(count: Int) {
        self.init(values: [Double](repeating: 0, count: count))
    }

    /// Adds `delta` to value i.
    /// - Complexity: O(log n)
    mutating func add(_ delta: Double, at i: Int) {
        precondition(i >= 0 && i < count, "index \(i) outside 0..<\(count)")
        var k = i + 1
        while k <= count {
            nodes[k] += delta
            k += k & -k
        }
    }

    /// The sum of values 0..<i.
    /// - Complexity: O(log n)
    func prefixSum(_ i: Int) -> Double {
        precondition(i >= 0 && i <= count, "prefix \(i) outside 0...\(count)")
        var k = i
        var sum = 0.0
        while k > 0 {
            sum += nodes[k]
            k -= k & -k
        }
        return sum
    }

    var total: Double { prefixSum(count) }
}
