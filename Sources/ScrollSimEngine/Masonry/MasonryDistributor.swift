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
    /// item keeps a column). Returns each item's column.
    ///
    /// One pass over plain buffers: a rotation distributes every photo of the list, and a
    /// call per item (each checking its arrays' uniqueness) was a fifth of it. The heights
    /// are summed in the same order as `place(_:height:in:)` sums them.
    /// - Complexity: O(n · c) for n items and c columns.
    mutating func assign(_ itemHeights: [Double], keeping kept: [Int16]) -> [Int16] {
        let count = heights.count
        let spacing = spacing
        let n = itemHeights.count
        precondition(kept.isEmpty || kept.count >= n, "a kept column for each of the \(n) items")
        return [Int16](unsafeUninitializedCapacity: n) { assigned, initialized in
            heights.withUnsafeMutableBufferPointer { heights in
                counts.withUnsafeMutableBufferPointer { counts in
                    itemHeights.withUnsafeBufferPointer { itemHeights in
                        kept.withUnsafeBufferPointer { kept in
                            for item in 0..<n {
                                var c = kept.isEmpty ? -1 : Int(kept[item])
                                if c < 0 || c >= count { c = MasonryDistributor.shortest(in: heights) }
                                if counts[c] > 0 { heights[c] += spacing }
                                heights[c] += max(0, itemHeights[item])
                                counts[c] &+= 1
                                assigned[item] = Int16(truncatingIfNeeded: c)
                            }
                        }
                    }
                }
            }
            initialized = n
        }
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
