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
/// Storage: 20 bytes per row — the two trees (8 + 4) and each row's measured height (8, NaN while
/// estimated). All three start as zero bits (`ZeroedArray`: the measured height is stored as its
/// bit pattern XOR a NaN's, so zero bits read as NaN), so making the index touches no page of
/// them: a 10,000,000-row list pays only for the pages its measured rows reach.
///
/// Invariants: y(0) = 0 exactly; y is non-decreasing; `totalHeight` = y(n) − spacing (0 for
/// no rows), O(1) to read.
///
/// The frame loop asks for the top of the same row (the first visible one) from layout, present,
/// render and the anchor, and prefetch for the row below the viewport's: `top(of:)` answers
/// repeats from a memo of the last two rows asked, which every change of the index clears, so
/// it is `y(of:)` exactly (`FrameLoopPerformance`). `version` counts the changes, so a caller
/// can tell that nothing moved between two moments.
struct PositionIndex: Equatable, Sendable {
    private var knownHeights: FenwickTree<Double>
    private var knownCounts: FenwickTree<Int32>
    /// The height each row was measured at, or NaN while it is estimated, as its bit pattern
    /// XOR `PositionIndex.unmeasured` (zero bits: NaN).
    private var measuredBits: ZeroedArray<UInt64>
    /// The bit pattern of the NaN an unmeasured row reads as.
    private static var unmeasured: UInt64 { 0x7FF8_0000_0000_0000 }  // Double.nan.bitPattern
    /// The height assumed for rows not measured yet.
    var estimate: Double {
        get { storedEstimate }
        set {
            setEstimate(newValue)
            changed()
        }
    }
    private var storedEstimate: Double
    /// `totalHeight`, kept up to date by every change (the viewport asks for it several times a
    /// frame; it is computed by the same formula as `y(of:)`, so it is the same number).
    private(set) var totalHeight = 0.0
    let spacing: Double
    private(set) var knownCount = 0
    /// How many changes the index has had (heights, the estimate, the row count).
    private(set) var version = 0
    /// The last `top(of:)` answer, or row -1.
    private var memo = (row: -1, y: 0.0)
    /// The row `memo` held before: prefetch asks for the top of the row below the viewport,
    /// the other stages for the first visible row's, so a frame asks for two rows.
    private var previousMemo = (row: -1, y: 0.0)

    /// - Parameters:
    ///   - count: rows in the list now.
    ///   - capacity: rows the list can grow to (`grow(to:)`), at least `count`.
    /// - Complexity: O(1): the storage starts as zero bits (`ZeroedArray`).
    init(count: Int, capacity: Int? = nil, estimate: Double, spacing: Double) {
        precondition(count >= 0, "row count \(count) must be ≥ 0")
        precondition(max(count, capacity ?? count) < Int(Int32.max), "at most \(Int32.max) rows")
        let size = max(count, capacity ?? count)
        knownHeights = FenwickTree(count: size)
        knownCounts = FenwickTree(count: size)
        measuredBits = ZeroedArray(count: size)
        self.count = count
        storedEstimate = estimate
        self.spacing = spacing
        updateTotal()
    }

    /// Every change goes through here: the total is recomputed, the memo forgotten.
    private mutating func changed() {
        version &+= 1
        memo.row = -1
        previousMemo.row = -1
        updateTotal()
    }

    private mutating func updateTotal() {
        totalHeight = count == 0 ? 0 : max(0, y(of: count) - spacing)
    }

    /// Rows in the list (positions past it are not part of the content).
    private(set) var count: Int

    /// Rows were appended: the list now has `newCount` rows.
    /// - Complexity: O(1)
    mutating func grow(to newCount: Int) {
        precondition(newCount >= count && newCount <= measuredBits.count, "cannot grow from \(count) to \(newCount) rows (capacity \(measuredBits.count))")
        count = newCount
        changed()
    }

    /// The height row `row` was measured at, or NaN.
    private func measured(_ row: Int) -> Double {
        Double(bitPattern: measuredBits[row] ^ PositionIndex.unmeasured)
    }

    func isKnown(_ row: Int) -> Bool { !measured(row).isNaN }

    /// The height the index uses for a row: measured, or the estimate.
    /// - Complexity: O(1)
    func height(of row: Int) -> Double {
        let h = measured(row)
        return h.isNaN ? estimate : h
    }

    /// The measured height of a row, if any.
    func measuredHeight(of row: Int) -> Double? {
        let h = measured(row)
        return h.isNaN ? nil : h
    }

    private mutating func setEstimate(_ value: Double) {
        precondition(value >= 0 && value.isFinite, "estimate \(value) must be finite and ≥ 0")
        storedEstimate = value
    }

    /// Records a row's laid-out height (replacing an earlier measurement) and, when there is
    /// one, a new estimate: one change, so the total is worked out once (a measurement moves
    /// both).
    /// - Complexity: O(log n)
    mutating func setHeight(_ height: Double, of row: Int, estimate newEstimate: Double? = nil) {
        precondition(height >= 0 && height.isFinite, "height \(height) of row \(row) must be finite and ≥ 0")
        if let old = measuredHeight(of: row) {
            if old != height { knownHeights.add(height - old, at: row) }
        } else {
            knownHeights.add(height, at: row)
            knownCounts.add(1, at: row)
            knownCount += 1
        }
        measuredBits[row] = height.bitPattern ^ PositionIndex.unmeasured
        if let newEstimate { setEstimate(newEstimate) }
        changed()
    }

    /// Forgets a row's measurement; it goes back to the estimate.
    /// - Complexity: O(log n)
    mutating func forgetHeight(of row: Int) {
        guard let old = measuredHeight(of: row) else { return }
        knownHeights.add(-old, at: row)
        knownCounts.add(-1, at: row)
        knownCount -= 1
        measuredBits[row] = 0
        changed()
    }

    /// The top of row i (i may equal `count`: the end of the last row plus one spacing).
    /// - Complexity: O(log n)
    func y(of row: Int) -> Double {
        if row == 0 { return 0 }
        let known = knownCounts.prefixSum(row)
        let sum = knownHeights.prefixSum(row)
        let unknown = Double(row - Int(known))
        return sum + unknown * estimate + Double(row) * spacing
    }

    /// `y(of:)`, remembered for the last two rows asked until the index changes: the same
    /// number, computed once however many stages of a frame ask.
    /// - Complexity: O(1) for the two rows asked last, else O(log n).
    @inline(__always)
    mutating func top(of row: Int) -> Double {
        if memo.row == row { return memo.y }
        if previousMemo.row == row { return previousMemo.y }
        let y = y(of: row)
        previousMemo = memo
        memo = (row, y)
        return y
    }

    /// The row at `y` (`row(at:)`), found from a row near it when `y` lies well inside that
    /// row's slot (its height and the spacing below) or the next row's: the frame loop's first
    /// visible row rarely moves, and then mostly by one row, and this saves the descent. "Well
    /// inside" leaves a margin far above the rounding of either sum, so the answer is
    /// `row(at:)`'s exactly; near a boundary it descends.
    /// - Complexity: O(1) when `near`'s top is remembered and `y` is inside its slot or the
    ///   next one's, else O(log n).
    mutating func row(at y: Double, near: Int) -> Int {
        guard near >= 0, near < count else { return row(at: y) }
        let top = top(of: near)
        let slot = height(of: near) + spacing
        if PositionIndex.isWellInside(y, top: top, slot: slot) { return near }
        // A scroll moves a row or so a frame: the next row, by the same test, before searching.
        let next = near + 1
        if next < count, y >= top + slot, PositionIndex.isWellInside(y, top: top + slot, slot: height(of: next) + spacing) {
            return next
        }
        return row(at: y)
    }

    /// Whether `y` lies in [top, top + slot) by a margin far above the rounding of the sums that
    /// gave `top` (10⁻¹² of it, 10⁻⁹ pt at least).
    @inline(__always)
    private static func isWellInside(_ y: Double, top: Double, slot: Double) -> Bool {
        let margin = 1e-9 + 1e-12 * (abs(top) + slot)
        return top + margin <= y && y + margin < top + slot
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
                    + Double(bit - Int(knownCounts.nodes[next])) * estimate
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

extension PositionIndex {
    /// Equal when they hold the same heights (a NaN marks an estimated row, so rows compare by
    /// bit pattern).
    static func == (a: PositionIndex, b: PositionIndex) -> Bool {
        a.knownHeights == b.knownHeights && a.knownCounts == b.knownCounts && a.estimate == b.estimate && a.spacing == b.spacing
            && a.count == b.count && a.knownCount == b.knownCount && a.totalHeight == b.totalHeight
            && a.measuredBits == b.measuredBits
    }
}
