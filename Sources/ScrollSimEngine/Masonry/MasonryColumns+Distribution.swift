/// How a masonry layout hands its elements to its columns and builds the columns' stacks: at
/// set-up and on every width change (a rotation distributes every element of the list again).
///
/// A rotation is one pass per step over plain arrays: every height at the new column width,
/// the distributor's choice for each element, a counting sort by column, and each column's
/// table gathered from the sorted elements. A rotation of 10,000 photos used to cost about
/// 290 instructions a photo, most of it arrays rebuilt element by element through the list's
/// table; see the FrameLoopPerformance article.
extension MasonryColumns {
    /// The height an element is given before it is built: the column width × its aspect.
    /// - Complexity: O(1) from the parameters drawn at set-up; O(`ContentDraws.block`) for a
    ///   list of nested rows.
    func precomputedHeight(_ element: Int, width: Double) -> Double {
        guard !parameters.isEmpty else { return list.finalHeight(of: list.firstRow(ofElement: element), width: width) }
        return list.types[list.elementType(element)].height.height(parameter: parameters[element], width: width)
    }

    /// Every element's precomputed height at `width`, in one pass: `distribute` asking for
    /// each height from its mutating body copied the whole content (648 bytes) per element, a
    /// third of a rotation's cost.
    /// - Complexity: O(n) from the parameters drawn at set-up.
    func precomputedHeights(width: Double) -> [Double] {
        let n = list.elementCapacity
        guard !parameters.isEmpty else { return (0..<n).map { precomputedHeight($0, width: width) } }
        let specs = list.types.map(\.height)
        return [Double](unsafeUninitializedCapacity: n) { heights, initialized in
            parameters.withUnsafeBufferPointer { parameters in
                if let spec = specs.first, specs.allSatisfy({ $0 == spec }) {
                    // One height rule for every element (a list of one type): no look-up, and
                    // the rule's case is decided once, outside the loop.
                    for e in 0..<n { heights[e] = spec.height(parameter: parameters[e], width: width) }
                } else {
                    list.map.elementTypes.withUnsafeBufferPointer { types in
                        for e in 0..<n { heights[e] = specs[Int(types[e])].height(parameter: parameters[e], width: width) }
                    }
                }
            }
            initialized = n
        }
    }

    /// Destroys the columns' views and lets their storage go: a redistribution replaces them.
    /// The old columns' storage goes back to the allocator before the new columns ask for
    /// theirs, which is about as much: reused, it is memory already mapped, where fresh memory
    /// costs a page fault a page (not counted by instruction counts, and about as much time as
    /// the whole distribution in the masonry workload).
    mutating func tearDownColumns(_ context: inout FrameContext) {
        for c in columns.indices { columns[c].tearDown(&context) }
        columns = []
    }

    /// A width change's distribution, by `redistribution`: `stable` keeps every element already
    /// viewed in its column (if that column still exists) and distributes the rest; `full`
    /// distributes everything. Returns the viewed items that changed column
    /// (`reshuffledItems`): none with `stable`, which moves a viewed item only when its column
    /// is gone (the column count shrank), and such an item must move whatever the strategy, so
    /// it is not counted.
    /// - Complexity: O(n) in elements, plus building the columns' stacks.
    mutating func redistribute() -> Int {
        switch config.masonry.redistribution {
        case .stable:
            distribute(keeping: viewedColumns())
            return 0
        case .full:
            let before = column
            distribute(keeping: [])
            let count = columns.count
            var reshuffled = 0
            for e in seen.indices where seen[e] && before[e] != column[e] && Int(before[e]) < count { reshuffled += 1 }
            return reshuffled
        }
    }

    /// Each element's column if it was viewed, else -1: what `stable` keeps.
    /// - Complexity: O(n), over plain buffers (through the arrays each element cost two bounds
    ///   checks).
    func viewedColumns() -> [Int16] {
        precondition(seen.count >= column.count, "a seen flag for each element")
        return [Int16](unsafeUninitializedCapacity: column.count) { kept, initialized in
            column.withUnsafeBufferPointer { column in
                seen.withUnsafeBufferPointer { seen in
                    for e in column.indices { kept[e] = seen[e] ? column[e] : -1 }
                }
            }
            initialized = column.count
        }
    }

    /// Assigns every element to a column and builds the columns' stacks (the old ones are torn
    /// down first: `tearDownColumns`). An element e with `kept[e]` ≥ 0 stays in that column when
    /// it still exists (`kept` empty: none stays).
    /// - Complexity: O(n) in elements, plus building the columns' stacks.
    mutating func distribute(keeping kept: [Int16]) {
        precondition(columns.isEmpty, "the old columns are torn down first")
        let count = config.masonry.columnCount(width: viewport.width)
        let width = MasonryDistributor.columnWidth(width: viewport.width, columns: count, spacing: config.spacing)
        var distributor = MasonryDistributor(columns: count, spacing: config.spacing)
        let heights = precomputedHeights(width: width)
        let assigned = distributor.assign(heights, keeping: kept, places: &local)
        var starts = [0]
        for c in 0..<count { starts.append(starts[c] + distributor.counts[c]) }
        let ordered = placeInColumns(assigned, starts: starts)
        let live = list.elementCount
        let (lives, sums) = parameters.isEmpty ? ([], []) : MasonryColumns.liveHeightSums(ordered, starts: starts, heights: heights, liveListElements: live)
        columns = (0..<count).map { c in
            let rows = parameters.isEmpty
                ? RowTable(subsetOf: list, elements: ordered[starts[c]..<starts[c + 1]].map { Int($0) }, liveListElements: live)
                : columnTable(ordered[starts[c]..<starts[c + 1]], live: lives[c], liveSum: sums[c], width: width)
            return Column(column: rows, config: config, viewportSize: Size(width: width, height: viewport.height), budgetMs: budgetMs,
                          seed: seed &+ UInt64(c + 1) &* 0x9E37_79B9_7F4A_7C15)
        }
        primary = min(primary, count - 1)
        updateSpacers()
    }

    /// Records each element's column (its place in it is in `local`, from the distributor), and
    /// returns the elements column after column, each column's in increasing order (column c's
    /// are at `starts[c]..<starts[c + 1]`, element e at `starts[column] + local[e]`: a scatter,
    /// with no count carried from one element to the next).
    private mutating func placeInColumns(_ assigned: [Int16], starts: [Int]) -> [Int32] {
        let n = assigned.count
        precondition(column.count >= n && local.count >= n, "a column and a place for each of the \(n) elements")
        return [Int32](unsafeUninitializedCapacity: n) { ordered, initialized in
            column.withUnsafeMutableBufferPointer { column in
                local.withUnsafeBufferPointer { local in
                    starts.withUnsafeBufferPointer { starts in
                        for element in 0..<n {
                            let c = Int(assigned[element])
                            column[element] = Int16(truncatingIfNeeded: c)
                            ordered[starts[c] &+ Int(local[element])] = Int32(truncatingIfNeeded: element)
                        }
                    }
                }
            }
            initialized = n
        }
    }

    /// A column's table, from the parameters drawn at set-up: its elements (increasing), with
    /// their types and height parameters gathered from the list's, the first `live` of them
    /// live; its true height is `liveSum` (`liveHeightSums`): the heights just distributed,
    /// summed in the order `RowTable.totalFinalHeight` would sum them again. (A list of nested
    /// rows, drawn when asked, takes `RowTable(subsetOf:elements:liveListElements:)`.)
    private func columnTable(_ elements: ArraySlice<Int32>, live: Int, liveSum: Double, width: Double) -> RowTable {
        let globalID = Array(elements)
        return globalID.withUnsafeBufferPointer { elements in
            let types = MasonryColumns.gather(list.map.elementTypes, at: elements)
            let cellParameter = MasonryColumns.gather(parameters, at: elements)
            var rows = RowTable(subsetOf: list, elementTypes: types, cellParameter: cellParameter, globalID: globalID, live: live)
            rows.recordHeights(RowTable.HeightSum(width: width, rows: rows.count, sum: liveSum))
            return rows
        }
    }

    /// Each column's live elements (those below `liveListElements`: a prefix, the elements
    /// being listed in increasing order) and the sum of their heights, added from 0 in element
    /// order. Column c's elements are `ordered[starts[c]..<starts[c + 1]]`.
    ///
    /// Columns are summed four side by side: a column's sum is a chain of additions (each
    /// waits for the one before: about four cycles), so one column after another took four
    /// chains' time where four at once take one's (the columns left over, one by one). Each
    /// column's additions are the same, in the same order, so each sum is the same double.
    /// - Complexity: O(n) for n elements.
    static func liveHeightSums(_ ordered: [Int32], starts: [Int], heights: [Double], liveListElements: Int) -> (live: [Int], sums: [Double]) {
        let count = starts.count - 1
        precondition(count >= 0 && starts.last == ordered.count, "the columns' ranges cover the elements")
        // How many of each column's elements are live: the first that is not, by binary search.
        let live = (0..<count).map { c in
            var (low, high) = (starts[c], starts[c + 1])
            while low < high {
                let middle = low + (high - low) / 2
                if Int(ordered[middle]) < liveListElements { low = middle + 1 } else { high = middle }
            }
            return low - starts[c]
        }
        var sums = [Double](repeating: 0, count: count)
        ordered.withUnsafeBufferPointer { ordered in
            heights.withUnsafeBufferPointer { heights in
                // The sum of column c's first `n` live heights, from `sum` on.
                func sum(_ c: Int, from i: Int, to n: Int, _ sum: Double) -> Double {
                    var sum = sum
                    for k in starts[c] + i..<starts[c] + n { sum += heights[Int(ordered[k])] }
                    return sum
                }
                var first = 0
                while first + 4 <= count {
                    let (c0, c1, c2, c3) = (starts[first], starts[first + 1], starts[first + 2], starts[first + 3])
                    let common = min(live[first], live[first + 1], live[first + 2], live[first + 3])
                    var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0
                    for i in 0..<common {
                        s0 += heights[Int(ordered[c0 + i])]
                        s1 += heights[Int(ordered[c1 + i])]
                        s2 += heights[Int(ordered[c2 + i])]
                        s3 += heights[Int(ordered[c3 + i])]
                    }
                    sums[first] = sum(first, from: common, to: live[first], s0)
                    sums[first + 1] = sum(first + 1, from: common, to: live[first + 1], s1)
                    sums[first + 2] = sum(first + 2, from: common, to: live[first + 2], s2)
                    sums[first + 3] = sum(first + 3, from: common, to: live[first + 3], s3)
                    first += 4
                }
                for c in first..<count { sums[c] = sum(c, from: 0, to: live[c], 0) }
            }
        }
        return (live, sums)
    }

    /// `values[i]` for each index i, in one loop over plain buffers (`map` grows its result
    /// element by element).
    private static func gather<Value>(_ values: [Value], at indexes: UnsafeBufferPointer<Int32>) -> [Value] {
        values.withUnsafeBufferPointer { values in
            [Value](unsafeUninitializedCapacity: indexes.count) { gathered, initialized in
                for i in indexes.indices { gathered.initializeElement(at: i, to: values[Int(indexes[i])]) }
                initialized = indexes.count
            }
        }
    }
}
