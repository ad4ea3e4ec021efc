/// Assigns items to the columns of a masonry layout: each item, in order, goes to the column that
/// is shortest so far (the leftmost of equal ones), by its precomputed height.
///
/// This is the build plan's pure distributor. It needs every item's height before anything is
/// rendered — here `columnWidth × aspect`, the size the data gives — and never looks at a view.
/// Items keep their order within a column (a column lists increasing item indexes), so
/// appending a page distributes only the new items, from the columns' current heights: the
/// result is the same as distributing everything at once.
///
/// ```swift
/// var d = MasonryDistributor(columns: 2, spacing: 8)
/// d.append([100, 300, 100])   // 0 → column 0, 1 → column 1, 2 → column 0
/// d.columns                   // [[0, 2], [1]]
/// d.heights                   // [208, 300]
/// ```
struct MasonryDistributor: Equatable, Sendable {
    /// Item indexes per column, in increasing order.
    private(set) var columns: [[Int]]
    /// Each column's height so far: its items' heights and the spacing between them.
    private(set) var heights: [Double]
    /// How many items each column has.
    private(set) var counts: [Int]
    let spacing: Double
    /// The next item index `append` assigns.
    private(set) var nextItem = 0

    /// - Precondition: at least one column.
    init(columns count: Int, spacing: Double) {
        precondition(count >= 1 && count <= Int(Int16.max), "a masonry layout needs 1 to \(Int16.max) columns, not \(count)")
        columns = [[Int]](repeating: [], count: count)
        heights = [Double](repeating: 0, count: count)
        counts = [Int](repeating: 0, count: count)
        self.spacing = spacing
    }

    /// Empties the columns for a new distribution over `count` columns, keeping their storage
    /// when the count is the same: a relayout then allocates nothing.
    mutating func reset(columns count: Int) {
        guard count == heights.count else {
            self = MasonryDistributor(columns: count, spacing: spacing)
            return
        }
        for c in 0..<count {
            columns[c].removeAll(keepingCapacity: true)
            heights[c] = 0
            counts[c] = 0
        }
        nextItem = 0
    }

    /// Distributes the next items (indexes `nextItem`, `nextItem + 1`, …), of these heights.
    /// - Complexity: O(m · c) for m items and c columns.
    mutating func append(_ itemHeights: [Double]) {
        for height in itemHeights { place(nextItem, height: height, in: shortestColumn) }
    }

    /// Places an item in a given column (an item that keeps its column across a width change).
    mutating func place(_ item: Int, height: Double, in column: Int) {
        if !columns[column].isEmpty { heights[column] += spacing }
        heights[column] += max(0, height)
        counts[column] += 1
        columns[column].append(item)
        nextItem = max(nextItem, item + 1)
    }

    /// Distributes items 0, 1, … of these heights without listing them (for a caller that
    /// lists the columns' items itself): item e goes to column `kept[e]` when that is one of
    /// the columns, else to the shortest so far, the leftmost of equal ones (`kept` empty: no
    /// item keeps a column). Returns each item's column; `places[e]` becomes item e's place in
    /// its column (how many items the column held before it).
    ///
    /// One pass over plain buffers: a rotation distributes every photo of the list, and a
    /// call per item (each checking its arrays' uniqueness) was a fifth of it. The heights
    /// are summed in the same order as `place(_:height:in:)` sums them. Up to four columns
    /// take `assignToFewColumns`, the same choices with the heights in registers.
    /// - Precondition: `places` and a non-empty `kept` hold an entry for each item.
    /// - Complexity: O(n · c) for n items and c columns.
    mutating func assign(_ itemHeights: [Double], keeping kept: [Int16], places: inout [Int32]) -> [Int16] {
        let n = itemHeights.count
        precondition(kept.isEmpty || kept.count >= n, "a kept column for each of the \(n) items")
        precondition(places.count >= n, "a place for each of the \(n) items")
        // Up to four columns (the fast path says when it applies, nil otherwise).
        if let assigned = assignToFewColumns(itemHeights, keeping: kept, places: &places) { return assigned }
        let count = heights.count
        let spacing = spacing
        return [Int16](unsafeUninitializedCapacity: n) { assigned, initialized in
            heights.withUnsafeMutableBufferPointer { heights in
                counts.withUnsafeMutableBufferPointer { counts in
                    places.withUnsafeMutableBufferPointer { places in
                        itemHeights.withUnsafeBufferPointer { itemHeights in
                            kept.withUnsafeBufferPointer { kept in
                                for item in 0..<n {
                                    var c = kept.isEmpty ? -1 : Int(kept[item])
                                    if c < 0 || c >= count { c = MasonryDistributor.shortest(in: heights) }
                                    if counts[c] > 0 { heights[c] += spacing }
                                    heights[c] += max(0, itemHeights[item])
                                    places[item] = Int32(truncatingIfNeeded: counts[c])
                                    counts[c] &+= 1
                                    assigned[item] = Int16(truncatingIfNeeded: c)
                                }
                            }
                        }
                    }
                }
            }
            initialized = n
        }
    }

    /// `assign` for up to four columns, with the columns' heights held in registers as the bit
    /// patterns of their `Double`s, compared as integers.
    ///
    /// Each item's column depends on the heights the item before it left, so the loop runs at
    /// the length of that chain, not at its instruction count. Kept in memory, each item waited
    /// for its predecessor's store to reach its loads; compared as `Double`s, the compiler
    /// branched on each comparison, a coin toss item after item (a misprediction or two an
    /// item): together a quarter of the masonry workload's time. The chain is kept short: the
    /// shortest column is found as a tournament (columns 0 and 1, 2 and 3, then the two
    /// winners: two comparisons deep, not three), and each column carries beside its height
    /// the height the next item there starts from (`base`: its height plus the spacing once it
    /// holds an item), computed while the next item's comparisons run, so an item's chain is
    /// two comparisons and one addition.
    ///
    /// The choices and sums are the generic path's: a `Double` that is neither negative nor NaN
    /// orders as its bit pattern does (equal heights have equal patterns: a sum of non-negative
    /// heights from +0 never reaches −0), so each comparison is the same comparison; the
    /// tournament picks the leftmost of equal ones as the scan does (a later column wins only
    /// when strictly lower); the additions are the same, in the same order. Absent columns are
    /// +∞: never lower than a real column and, to the right of them all, never chosen on a tie.
    /// The first level's comparisons pick with plain selects, which the compiler keeps as
    /// conditional moves (a comparison and a move: two cycles); the second level's is written
    /// as arithmetic (a subtraction and a shift), because written as a select the compiler
    /// turned it into a branch — a coin toss per item. A standalone copy of the loop over 16
    /// sets of 10,000 photo heights in turn (one set replayed lets the branch predictor learn
    /// it, and flatters branches): all arithmetic 5.6 ns an item, this mix 5.0, all selects
    /// 8.7 (branches); in the workload, a `perf` profile put the loop 10–15 % lower against the
    /// stacks' rendering.
    /// - Returns: nil when a column's height is negative (−0 included) or NaN, or the spacing
    ///   is negative or NaN (the generic path then).
    private mutating func assignToFewColumns(_ itemHeights: [Double], keeping kept: [Int16], places: inout [Int32]) -> [Int16]? {
        let count = heights.count
        let spacing = spacing
        let n = itemHeights.count
        // −0 passes `>= 0` but its pattern has the sign bit set: only +0 and positive heights.
        guard count >= 1, count <= 4, spacing >= 0, heights.allSatisfy({ $0.sign == .plus && !$0.isNaN }) else { return nil }
        var h0 = heights[0].bitPattern
        var h1 = (count > 1 ? heights[1] : .infinity).bitPattern
        var h2 = (count > 2 ? heights[2] : .infinity).bitPattern
        var h3 = (count > 3 ? heights[3] : .infinity).bitPattern
        // Where the next item in each column starts: after a spacing once the column holds one.
        func base(_ c: Int, _ h: UInt64) -> UInt64 {
            c < count && counts[c] > 0 ? (Double(bitPattern: h) + spacing).bitPattern : h
        }
        var b0 = base(0, h0), b1 = base(1, h1), b2 = base(2, h2), b3 = base(3, h3)
        let assigned = [Int16](unsafeUninitializedCapacity: n) { assigned, initialized in
            counts.withUnsafeMutableBufferPointer { counts in
                places.withUnsafeMutableBufferPointer { places in
                    itemHeights.withUnsafeBufferPointer { itemHeights in
                        kept.withUnsafeBufferPointer { kept in
                            for item in 0..<n {
                                // The shortest, the leftmost of equal ones, as `shortest(in:)` scans.
                                let lower1 = h1 < h0, lower3 = h3 < h2
                                let low01 = lower1 ? h1 : h0, low23 = lower3 ? h3 : h2
                                let base01 = lower1 ? b1 : b0, base23 = lower3 ? b3 : b2
                                let c01: UInt64 = lower1 ? 1 : 0, c23: UInt64 = lower3 ? 3 : 2
                                let m = MasonryDistributor.lowerMask(low23, than: low01)
                                var c = c01 ^ ((c01 ^ c23) & m)
                                var start = base01 ^ ((base01 ^ base23) & m)
                                let keep = kept.isEmpty ? -1 : Int(kept[item])
                                if keep >= 0, keep < count {
                                    c = UInt64(keep)
                                    start = keep == 0 ? b0 : keep == 1 ? b1 : keep == 2 ? b2 : b3
                                }
                                let height = Double(bitPattern: start) + max(0, itemHeights[item])
                                let bits = height.bitPattern
                                let next = (height + spacing).bitPattern
                                h0 = c == 0 ? bits : h0
                                h1 = c == 1 ? bits : h1
                                h2 = c == 2 ? bits : h2
                                h3 = c == 3 ? bits : h3
                                b0 = c == 0 ? next : b0
                                b1 = c == 1 ? next : b1
                                b2 = c == 2 ? next : b2
                                b3 = c == 3 ? next : b3
                                places[item] = Int32(truncatingIfNeeded: counts[Int(c)])
                                counts[Int(c)] &+= 1
                                assigned[item] = Int16(truncatingIfNeeded: c)
                            }
                        }
                    }
                }
            }
            initialized = n
        }
        let final = [h0, h1, h2, h3]
        for c in 0..<count { heights[c] = Double(bitPattern: final[c]) }
        return assigned
    }

    /// All ones when `height` is lower than `other`, else zero, in arithmetic: both are bit
    /// patterns of non-negative `Double`s (below 2⁶³), so the top bit of their wrapping
    /// difference is the comparison.
    @inline(__always)
    private static func lowerMask(_ height: UInt64, than other: UInt64) -> UInt64 {
        0 &- ((height &- other) >> 63)
    }

    /// The column an item would go to now: the shortest, the leftmost of equal ones.
    var shortestColumn: Int { MasonryDistributor.shortest(in: heights) }

    /// The index of the smallest of these heights, the leftmost of equal ones, chosen with
    /// selects rather than branches: in a distribution the shortest column changes item by
    /// item, unpredictably.
    @inline(__always)
    static func shortest<Heights: RandomAccessCollection>(in heights: Heights) -> Int where Heights.Element == Double, Heights.Index == Int {
        var best = heights.startIndex
        var lowest = heights[best]
        for c in (heights.startIndex + 1)..<heights.endIndex {
            let h = heights[c]
            best = h < lowest ? c : best
            lowest = h < lowest ? h : lowest
        }
        return best
    }

    /// The difference between the tallest and the shortest column.
    var imbalance: Double { (heights.max() ?? 0) - (heights.min() ?? 0) }

    /// The column count for a width: `max(2, ⌊width / target⌋)`, as the plan's
    /// `onGeometryChange` computes it.
    static func columnCount(width: Double, targetColumnWidth: Double) -> Int {
        guard targetColumnWidth > 0 else { return 2 }
        return max(2, Int(width / targetColumnWidth))
    }

    /// A column's width when `count` columns and the gaps between and around them share `width`.
    static func columnWidth(width: Double, columns count: Int, spacing: Double) -> Double {
        max(1, (width - Double(count + 1) * spacing) / Double(count))
    }
}
