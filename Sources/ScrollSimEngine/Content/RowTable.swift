/// The stack's children, in order: what each one is, which element it belongs to, and the seeded
/// parameter its true height is computed from.
///
/// A ForEach over N elements resolves to rows: a section header before every `sections.every`
/// elements, then `k` child rows per element for a type whose body returns k views
/// (`children: k`), or 0 or 1 for a type whose body shows its content conditionally
/// (`children: conditional`). Everything is drawn once, in element order, from the content
/// generator, so the rows do not depend on the script.
///
/// The table holds every element the run can ever have — the initial ones and those the script
/// appends later — and `count`/`elementCount` say how many are live now; `activate(elements:)`
/// makes appended ones live. Rows past `count` are not part of the list yet.
///
/// Storage is proportional to what a run reads, because most rows of a long list are never
/// built:
/// - per element, only its view type (2 bytes);
/// - which element a row belongs to is arithmetic for the regular layouts — one row per element,
///   or grid rows of k cells — and stored (8 bytes per row and element) only where section
///   headers or bodies of several or conditional children make it irregular;
/// - height parameters and ideal widths are not stored: `ContentDraws` draws them again when
///   asked, bit-identical to the set-up draw. A table of some of a list's elements (a masonry
///   column, a grid) keeps its elements' parameters (`cellParameter`) instead.
struct RowTable: Equatable, Sendable {
    typealias Layout = RowMap.Layout

    /// View types, indexed by type: the content's types, then the section header type.
    let types: [ViewTypeSpec]
    /// Each type's `TypeProfile`, for the frame loop.
    let profiles: [TypeProfile]
    /// What rendering reads of each type (`RenderTraits`), one value per type: rendering reads
    /// it for every visible row every frame.
    let typeRenderTraits: [RenderTraits]
    /// Whether any type has a removal transition (`LazyStack.countPopped` has nothing to look
    /// for otherwise).
    let hasTransitions: Bool
    let headerTypeIndex: Int?
    /// Which rows belong to which elements, and their types.
    private(set) var map: RowMap
    /// How many elements, and rows, are live (the rest are appended later by the script).
    var elementCount = 0
    var count = 0
    /// Rows that are section headers, ascending.
    private(set) var headerRows: [Int32] = []
    /// Derived from the content seed: nested row items draw from it by (row, item), lazily.
    let nestedSeed: UInt64
    /// What the per-element cost draws are keyed by (`CostDrawKeys`): the content's seed, or
    /// an ensemble run's (`drawCosts(from:)`).
    private(set) var costKeys: CostDrawKeys
    /// For a table of some elements of a list (`RowTable+Subset.swift`): the list's element for
    /// each of this table's elements; nil when this table is the whole list.
    var globalID: [Int32]?
    /// For rows of several cells (a grid): how many elements share a row.
    var cellsPerRow: Int { map.cellsPerRow }
    /// For a table of some elements of a list: each element's height parameter (empty for a
    /// whole list, whose parameters are drawn on demand).
    var cellParameter: [Double] = []
    /// The horizontal space between a grouped row's cells.
    var cellSpacing = 0.0
    /// A whole list's draws (nil for a table of some elements of a list).
    private var draws: ContentDraws?
    /// Some type gives its rows an ideal width (else every row is flexible).
    let hasIdealWidths: Bool
    /// Each type's cost distributions, nil for a type whose costs are all numbers
    /// (`RowTable+CostDraws.swift`).
    let costDistributions: [CostDistributions?]
    /// Some type gives a cost as a distribution (else every cost is its type's number).
    let drawsCosts: Bool
    /// Σ of the live rows' final heights at a width, summed while the set-up drew the rows
    /// (nil when not asked for, or for content whose heights it cannot draw then).
    private(set) var setupHeights: HeightSum?

    /// Σ of the final heights of the first `rows` rows at `width`, in row order.
    struct HeightSum: Equatable, Sendable {
        var width: Double
        var rows: Int
        var sum: Double
    }

    /// Keeps a sum of the live rows' final heights the caller made (a masonry column's, from
    /// the heights it distributed), in row order as `totalFinalHeight` sums them.
    mutating func recordHeights(_ sum: HeightSum) { setupHeights = sum }

    /// - Parameters:
    ///   - capacity: every element the run can have (at least `content.count`); the first
    ///     `content.count` are live.
    ///   - heightsAt: a width to sum the live rows' final heights at while drawing them
    ///     (`setupHeights`): the stack's true content height, without a second pass over the
    ///     draws. Only a list of one row per element with no nested rows sums them here.
    /// - Complexity: O(n) in elements; 2 bytes per element for a list of one row per element.
    init(content: ContentConfig, seed: UInt64, capacity: Int? = nil, heightsAt width: Double? = nil) {
        precondition(!content.types.isEmpty, "content needs at least one view type")
        var types = content.types
        if let sections = content.sections {
            headerTypeIndex = types.count
            types.append(sections.header)
        } else {
            headerTypeIndex = nil
        }
        precondition(types.count <= Int(Int16.max), "at most \(Int16.max) view types")
        self.types = types
        profiles = types.map(TypeProfile.init)
        typeRenderTraits = profiles.map(RenderTraits.init)
        hasTransitions = profiles.contains { $0.transition != nil }
        hasIdealWidths = types.contains { $0.idealWidth != nil }
        costDistributions = RowTable.costDistributions(of: types)
        drawsCosts = costDistributions.contains { $0 != nil } || types.contains { RowTable.nestedItemsDrawCosts($0) }
        nestedSeed = seed ^ 0xA076_1D64_78BD_642F
        costKeys = CostDrawKeys(nestedSeed: nestedSeed)
        let total = max(capacity ?? content.count, content.count)
        var draws = ContentDraws(content: content, capacity: total)
        let regular = content.sections == nil && content.types.allSatisfy { $0.children == .count(1) }
        var map = RowMap(layout: regular ? .onePerElement : .irregular)

        var random = SplitMix64(seed: seed)
        map.elementTypes.reserveCapacity(total)
        if regular {
            // `totalFinalHeight`'s sum, made in the same order from the same draws, in the one
            // pass that draws the types (`ContentDraws.drawOnePerElement`).
            let summing = width != nil && types.allSatisfy { $0.row == nil }
            let live = content.count
            let drawn = draws.drawOnePerElement(count: total, summing: summing ? live : 0, heights: types.map(\.height), width: width ?? 0, &random)
            map.elementTypes = drawn.types
            map.rowCapacity = total
            if summing, let width { setupHeights = HeightSum(width: width, rows: live, sum: drawn.sum) }
        } else {
            map.elementStarts.reserveCapacity(total)
            map.firstChildRows.reserveCapacity(total)
            var row = 0
            for e in 0..<total {
                let shape = draws.drawShape(of: e, &random)
                map.elementStarts.append(Int32(row))
                if shape.header, let headerTypeIndex {
                    headerRows.append(Int32(row))
                    map.rowTypes.append(Int16(headerTypeIndex))
                    map.rowElements.append(Int32(e))
                    row += 1
                }
                map.elementTypes.append(Int16(shape.type))
                map.firstChildRows.append(Int32(row))
                for _ in 0..<shape.children {
                    map.rowTypes.append(Int16(shape.type))
                    map.rowElements.append(Int32(e))
                    row += 1
                }
            }
            map.rowCapacity = row
        }
        self.map = map
        self.draws = draws
        activate(elements: content.count)
    }

    /// A table whose storage the caller fills (`RowTable+Subset.swift`).
    init(types: [ViewTypeSpec], nestedSeed: UInt64, costKeys: CostDrawKeys, elementTypes: [Int16], cellParameter: [Double], globalID: [Int32]?,
         cellsPerRow: Int, cellSpacing: Double) {
        self.types = types
        profiles = types.map(TypeProfile.init)
        typeRenderTraits = profiles.map(RenderTraits.init)
        hasTransitions = profiles.contains { $0.transition != nil }
        headerTypeIndex = nil
        hasIdealWidths = false
        costDistributions = RowTable.costDistributions(of: types)
        drawsCosts = costDistributions.contains { $0 != nil } || types.contains { RowTable.nestedItemsDrawCosts($0) }
        self.nestedSeed = nestedSeed
        self.costKeys = costKeys
        self.cellParameter = cellParameter
        self.globalID = globalID
        self.cellSpacing = cellSpacing
        map = RowMap(layout: cellsPerRow > 1 ? .grouped : .onePerElement)
        map.cellsPerRow = cellsPerRow
        map.elementTypes = elementTypes
        map.rowCapacity = (elementTypes.count + cellsPerRow - 1) / cellsPerRow
        draws = nil
    }

    /// Draws the costs from an ensemble run's seed instead of the content's (`CostDrawKeys`);
    /// the content itself — types, heights — is unchanged. A table taken from this one
    /// (`init(subsetOf:…)`) draws as it does.
    /// - Complexity: O(t) for t view types.
    mutating func drawCosts(from drawSeed: UInt64) {
        costKeys = CostDrawKeys(drawSeed: drawSeed, typeNames: types.map(\.name))
    }

    /// Makes the next `k` elements live (an append).
    /// - Complexity: O(1)
    mutating func activate(elements k: Int) {
        elementCount = min(elementCapacity, elementCount + k)
        count = map.rows(forLiveElements: elementCount)
    }

    /// Every element, and every row, the run can have.
    var elementCapacity: Int { map.elementTypes.count }
    var rowCapacity: Int { map.rowCapacity }
    var layout: Layout { map.layout }

    /// The view type of element `e`, as an index into `types`.
    func elementType(_ e: Int) -> Int { Int(map.elementTypes[e]) }

    /// The view type of element `e`.
    func elementTypeSpec(_ e: Int) -> ViewTypeSpec { types[elementType(e)] }

    /// The bytes the data model holds for elements (`memory.data` of each one's type).
    /// - Complexity: O(elements); O(t) when every type holds the same bytes.
    func dataBytes(ofElements elements: Range<Int>) -> Int {
        // No array of the types' bytes: an append (a page arriving) calls this in its frame.
        let first = types[0].memory.data
        if types.allSatisfy({ $0.memory.data == first }) { return elements.count * first }
        var sum = 0
        for e in elements { sum += types[Int(map.elementTypes[e])].memory.data }
        return sum
    }

    /// The view type of a row (a grouped row's: its first cell's), as an index into `types`.
    func typeIndex(ofRow row: Int) -> Int { map.typeIndex(ofRow: row) }

    /// The element (of this table) a row belongs to (a grouped row's first cell).
    func element(ofRow row: Int) -> Int { map.element(ofRow: row) }

    /// The first row of element `e`'s children (for an element with no child, where its first
    /// child would be).
    func firstRow(ofElement e: Int) -> Int { map.firstChildRow(ofElement: e) }

    /// The rows of element `e`'s children (empty for an element whose body shows nothing).
    func childRows(of e: Int) -> Range<Int> { map.childRows(of: e) }

    func type(of row: Int) -> ViewTypeSpec {
        layout == .grouped ? groupedSpec(ofRow: row) : types[typeIndex(ofRow: row)]
    }

    /// The element a row's (first) view belongs to, as the list numbers elements.
    func listElement(ofRow row: Int) -> Int {
        let local = element(ofRow: row)
        return globalID.map { Int($0[local]) } ?? local
    }

    @inline(__always)
    func isHeader(_ row: Int) -> Bool {
        layout == .irregular && headerTypeIndex == typeIndex(ofRow: row)
    }

    /// A row's height parameter and ideal width (nil: flexible).
    /// - Complexity: O(`ContentDraws.block`) for a whole list; O(1) for a table of some elements.
    func draw(ofRow row: Int) -> (parameter: Double, idealWidth: Double?) {
        guard let draws else { return (cellParameter[map.element(ofRow: row)], nil) }
        let e = map.element(ofRow: row)
        var random = generator(before: e, draws)
        return draws.sample(row: row - map.firstRow(ofElement: e), of: e, map.shape(of: e, header: draws.hasHeader(e)), &random)
    }

    /// The generator before element `e`'s first draw: its block's checkpoint, moved past the
    /// draws of the elements before it in the block (added up first when each type's count is
    /// fixed: `ContentDraws.drawsPerElement`; the same state either way, since skipping
    /// a and then b draws is skipping a + b).
    /// - Complexity: O(`ContentDraws.block`)
    @inline(__always)
    private func generator(before e: Int, _ draws: ContentDraws) -> SplitMix64 {
        var random = draws.checkpoint(before: e)
        let start = e - e % ContentDraws.block
        if let counts = draws.drawsPerElement, map.layout == .onePerElement {
            var n = 0
            for before in start..<e { n += counts[Int(map.elementTypes[before])] }
            random.skip(n)
        } else {
            for before in start..<e {
                draws.skip(before, map.shape(of: before, header: draws.hasHeader(before)), &random)
            }
        }
        return random
    }

    /// Calls `body(row, parameter, idealWidth)` for every row in `rows`, in order.
    /// - Complexity: O(`ContentDraws.block` + rows).
    func forEachDraw(rows: Range<Int>, _ body: (_ row: Int, _ parameter: Double, _ idealWidth: Double?) -> Void) {
        guard !rows.isEmpty else { return }
        guard let draws else {
            for row in rows { body(row, cellParameter[map.element(ofRow: row)], nil) }
            return
        }
        let first = map.element(ofRow: rows.lowerBound)
        var random = generator(before: first, draws)
        for e in first...map.element(ofRow: rows.upperBound - 1) {
            let shape = map.shape(of: e, header: draws.hasHeader(e))
            let start = map.firstRow(ofElement: e)
            for r in 0..<ContentDraws.rows(shape) where rows.contains(start + r) {
                var row = random
                let d = draws.sample(row: r, of: e, shape, &row)
                body(start + r, d.parameter, d.idealWidth)
            }
            draws.skip(e, shape, &random)
        }
    }

    /// The row's height once fully configured and loaded, at a width.
    /// - Complexity: O(`ContentDraws.block`)
    func finalHeight(of row: Int, width: Double) -> Double {
        if layout == .grouped { return groupedHeight(ofRow: row, width: width) }
        // Read in place: copying the view type costs more than the height.
        let t = typeIndex(ofRow: row)
        if let nested = types[t].row {
            return nested.height ?? nestedItem(row: row, item: 0, spec: nested).height
        }
        return types[t].height.height(parameter: draw(ofRow: row).parameter, width: width)
    }

    /// Σ of the final heights of `rows` at a width, drawn in one pass (a rotation, set-up).
    /// - Complexity: O(`ContentDraws.block` + rows).
    /// The walk is `forEachDraw`'s written out: through the closure, and sampling nested rows'
    /// draws it does not need, a 10,000,000-row set-up took 680 ms instead of 550.
    func totalFinalHeight(rows: Range<Int>, width: Double) -> Double {
        var sum = 0.0
        let heights = types.map(\.height)
        let nested = types.map(\.row)
        guard layout != .grouped, let draws, !rows.isEmpty else {
            guard layout == .onePerElement, draws == nil else {
                for row in rows { sum += finalHeight(of: row, width: width) }
                return sum
            }
            // A table of some elements (a masonry column): `finalHeight`'s, from the stored
            // parameters, without copying each row's view type.
            for row in rows {
                let t = map.typeIndex(ofRow: row)
                if let spec = nested[t] {
                    sum += spec.height ?? nestedItem(row: row, item: 0, spec: spec).height
                } else {
                    sum += heights[t].height(parameter: cellParameter[map.element(ofRow: row)], width: width)
                }
            }
            return sum
        }
        let first = map.element(ofRow: rows.lowerBound)
        var random = generator(before: first, draws)
        for e in first...map.element(ofRow: rows.upperBound - 1) {
            let shape = map.shape(of: e, header: draws.hasHeader(e))
            let start = map.firstRow(ofElement: e)
            for r in 0..<ContentDraws.rows(shape) where rows.contains(start + r) {
                let t = map.typeIndex(ofRow: start + r)
                if let spec = nested[t] {
                    sum += spec.height ?? nestedItem(row: start + r, item: 0, spec: spec).height
                } else {
                    var row = random
                    sum += heights[t].height(parameter: draws.sample(row: r, of: e, shape, &row).parameter, width: width)
                }
            }
            draws.skip(e, shape, &random)
        }
        return sum
    }

    /// Item `item` of the nested row in `row`: its type and true height, drawn from
    /// (seed, row, item) so items need no storage until they are built.
    /// - Complexity: O(t) for t item types.
    func nestedItem(row: Int, item: Int, spec: NestedRowSpec) -> (type: ViewTypeSpec, height: Double) {
        let drawn = nestedItemDraw(row: row, item: item, spec: spec)
        return (spec.itemTypes[drawn.typeIndex], drawn.height)
    }

    /// `nestedItem`'s draw, with the item's type as an index into `spec.itemTypes`.
    /// - Complexity: O(t) for t item types.
    func nestedItemDraw(row: Int, item: Int, spec: NestedRowSpec) -> (typeIndex: Int, height: Double) {
        var random = SplitMix64(seed: nestedSeed &+ UInt64(row) &* 0x1_0000_0001 &+ UInt64(item) &* 0x9E37_79B9)
        var index = 0
        if spec.itemTypes.count > 1 {
            let total = spec.itemTypes.reduce(0) { $0 + $1.weight }
            var remaining = random.nextUnit() * total
            for (i, candidate) in spec.itemTypes.enumerated() {
                index = i
                remaining -= candidate.weight
                if remaining < 0 { break }
            }
        }
        let type = spec.itemTypes[index]
        let p = type.height.parameter.sample(&random)
        return (index, type.height.height(parameter: p, width: spec.itemWidth))
    }

    /// The last header row at or before `row`, and the header after it (binary search).
    /// - Complexity: O(log s) in sections.
    func headers(around row: Int) -> (current: Int?, next: Int?) {
        var low = 0
        var high = headerRows.count
        while low < high {
            let mid = (low + high) / 2
            if Int(headerRows[mid]) <= row { low = mid + 1 } else { high = mid }
        }
        let current = low > 0 ? Int(headerRows[low - 1]) : nil
        let next = low < headerRows.count && Int(headerRows[low]) < count ? Int(headerRows[low]) : nil
        return (current, next)
    }
}
