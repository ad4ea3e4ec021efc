/// Where each row of a lazy stack sits, from the heights it has measured and an estimate for the
/// rest — answering "y of row i" and "row at y" in O(log n).
///
/// Row i's top is
///
///     y(i) = Σ known heights above i + (rows above i not yet known) · estimate + i · spacing
///
/// Two Fenwick trees hold the known heights and the count of known rows, so a measurement is
/// O(log n) and a change of the estimate (the running average of measured heights) is O(1): the
/// unknown rows are never touched one by one. That is how a LazyVStack can offer a content height
/// for 100,000 rows it has never built, and why that height moves as it learns.
///
/// Invariants: y(0) = 0 exactly; y is non-decreasing; `totalHeight` = y(n) − spacing.
struct PositionIndex: Equatable, Sendable {
    private var knownHeights: FenwickTree
    private var knownCounts: FenwickTree
    /// The height each row was measured at, or nil while it is estimated.
    private var measured: [Double?]
    /// The height assumed for rows not measured yet.
    var estimate: Double {
        didSet { precondition(estimate >= 0 && estimate.isFinite, "estimate \(estimate) must be finite and ≥ 0") }
    }
    let spacing: Double
    private(set) var knownCount = 0

    /// - Parameters:
    ///   - count: rows in the list now.
    ///   - capacity: rows the list can grow to (`grow(to:)`), at least `count`.
    /// - Complexity: O(capacity)
    init(count: Int, capacity: Int? = nil, estimate: Double, spacing: Double) {
        precondition(count >= 0, "row count \(count) must be ≥ 0")
        let size = max(count, capacity ?? count)
        knownHeights = FenwickTree(count: size)
        knownCounts = FenwickTree(count: size)
        measured = [Double?](repeating: nil, count: size)
        self.count = count
        self.estimate = estimate
        self.spacing = spacing
    }

    /// Rows in the list (positions past it are not part of the content).
    private(set) var count: Int

    /// Rows were appended: the list now has `newCount` rows.
    /// - Complexity: O(1)
    mutating func grow(to newCount: Int) {
        precondition(newCount >= count && newCount <= measured.count, "cannot grow from \(count) to \(newCount) rows (capacity \(measured.count))")
        count = newCount
    }

    func isKnown(_ row: Int) -> Bool { measured[row] != nil }

    /// The height the index uses for a row: measured, or the estimate.
    /// - Complexity: O(1)
    func height(of row: Int) -> Double { measured[row] ?? estimate }

    /// The measured height of a row, if any.
    func measuredHeight(of row: Int) -> Double? { measured[row] }

    /// Records a row's laid-out height (replacing an earlier measurement).
    /// - Complexity: O(log n)
    mutating func setHeight(_ height: Double, of row: Int) {
        precondition(height >= 0 && height.isFinite, "height \(height) of row \(row) must be finite and ≥ 0")
        if let old = measured[row] {
            if old != height { knownHeights.add(height - old, at: row) }
        } else {
            knownHeights.add(height, at: row)
            knownCounts.add(1, at: row)
            knownCount += 1
        }
        measured[row] = height
    }

    /// Forgets a row's measurement; it goes back to the estimate.
    /// - Complexity: O(log n)
    mutating func forgetHeight(of row: Int) {
        guard let old = measured[row] else { return }
        knownHeights.add(-old, at: row)
        knownCounts.add(-1, at: row)
        knownCount -= 1
        measured[row] = nil
    }

    /// The top of row i (i may equal `count`: the end of the last row plus one spacing).
    /// - Complexity: O(log n)
    func y(of row: Int) -> Double {
        if row == 0 { return 0 }
        let known = knownCounts.prefixSum(row)
        let sum = knownHeights.prefixSum(row)
        let unknown = (Double(row) - known).rounded()
        return sum + unknown * estimate + Double(row) * spacing
    }

    /// Estimated height of the whole content.
    /// - Complexity: O(log n)
    var totalHeight: Double {
        count == 0 ? 0 : max(0, y(of: count) - spacing)
    }

    /// The last row whose top is at or above y (row 0 for y ≤ 0, the last row past the end).
    /// It contains y unless y falls in the spacing below it.
    /// - Complexity: O(log n): one top-down walk over both trees at once.
    func row(at y: Double) -> Int {
        guard count > 0 else { return 0 }
        var position = 0
        var accumulated = 0.0
        var bit = knownHeights.topBit
        while bit > 0 {
            let next = position + bit
            if next <= knownHeights.count {
                let span = knownHeights.nodes[next]
                    + (Double(bit) - knownCounts.nodes[next]).rounded() * estimate
                    + Double(bit) * spacing
                if accumulated + span <= y {
                    position = next
                    accumulated += span
                }
            }
            bit >>= 1
        }
        return min(position, count - 1)
    }
}
