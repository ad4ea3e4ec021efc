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
struct RowTable: Equatable, Sendable {
    enum Kind: UInt8, Sendable {
        case child
        case header
    }

    /// View types, indexed by `typeIndex`: the content's types, then the section header type.
    let types: [ViewTypeSpec]
    let headerTypeIndex: Int?
    var kind: [Kind] = []
    var element: [Int32] = []
    var typeIndex: [Int16] = []
    var parameter: [Double] = []
    /// Each row's ideal width, or nil for a flexible row (drawn only for types that give one,
    /// so adding `idealWidth` to one type leaves every other draw unchanged).
    var idealWidth: [Double?] = []
    /// The first row of each element's children (for an element with no child, where its first
    /// child would be).
    var firstRowOfElement: [Int32] = []
    /// The first row of each element, its section header included.
    var elementStart: [Int32] = []
    /// Each element's view type.
    var elementType: [Int16] = []
    /// How many elements, and rows, are live (the rest are appended later by the script).
    var elementCount: Int
    var count: Int
    /// Rows that are section headers, ascending.
    var headerRows: [Int32] = []
    /// Derived from the content seed: nested row items draw from it by (row, item), lazily.
    let nestedSeed: UInt64
    /// For a table of some elements of a list (`RowTable+Subset.swift`): the list's element for
    /// each of this table's elements; nil when this table is the whole list.
    var globalID: [Int32]?
    /// For rows of several cells (a grid): how many elements share a row, and each element's
    /// height parameter; 1 and empty otherwise.
    var cellsPerRow = 1
    var cellParameter: [Double] = []
    /// The horizontal space between a grouped row's cells.
    var cellSpacing = 0.0

    /// - Parameter capacity: every element the run can have (at least `content.count`); the
    ///   first `content.count` are live.
    /// - Complexity: O(n) in elements.
    init(content: ContentConfig, seed: UInt64, capacity: Int? = nil) {
        precondition(!content.types.isEmpty, "content needs at least one view type")
        var types = content.types
        if let sections = content.sections {
            headerTypeIndex = types.count
            types.append(sections.header)
        } else {
            headerTypeIndex = nil
        }
        self.types = types
        nestedSeed = seed ^ 0xA076_1D64_78BD_642F

        var random = SplitMix64(seed: seed)
        let weights = content.types.map(\.weight)
        let totalWeight = weights.reduce(0, +)
        precondition(totalWeight > 0, "type weights must add up to more than 0")
        let total = max(capacity ?? content.count, content.count)
        firstRowOfElement.reserveCapacity(total)
        elementStart.reserveCapacity(total)
        elementType.reserveCapacity(total)
        elementCount = 0
        count = 0
        for e in 0..<total {
            elementStart.append(Int32(kind.count))
            if let sections = content.sections, e % sections.every == 0, let headerTypeIndex {
                headerRows.append(Int32(kind.count))
                append(.header, element: e, type: headerTypeIndex, parameter: sections.header.height.parameter.sample(&random),
                       idealWidth: sections.header.idealWidth?.sample(&random))
            }
            let data = content.items.flatMap { e < $0.count ? $0[e] : nil }
            let t = data?.typeIndex ?? RowTable.pick(weights: weights, total: totalWeight, &random)
            let spec = types[t]
            elementType.append(Int16(t))
            firstRowOfElement.append(Int32(kind.count))
            let children: Int
            switch spec.children {
            case .count(let k): children = k
            case .conditional(let shown): children = random.nextUnit() < shown ? 1 : 0
            }
            for _ in 0..<children {
                let drawn = spec.height.parameter.sample(&random)
                append(.child, element: e, type: t, parameter: data?.heightParameter ?? drawn, idealWidth: spec.idealWidth?.sample(&random))
            }
        }
        activate(elements: content.count)
    }

    /// Makes the next `k` elements live (an append).
    /// - Complexity: O(1)
    mutating func activate(elements k: Int) {
        elementCount = min(elementStart.count, elementCount + k)
        if cellsPerRow > 1 {
            count = (elementCount + cellsPerRow - 1) / cellsPerRow
        } else {
            count = elementCount < elementStart.count ? Int(elementStart[elementCount]) : kind.count
        }
    }

    /// Every element the run can have, and every row.
    var elementCapacity: Int { elementStart.count }
    var rowCapacity: Int { kind.count }

    /// The view type of element `e`.
    func elementTypeSpec(_ e: Int) -> ViewTypeSpec { types[Int(elementType[e])] }

    /// The rows of element `e`'s children (empty for an element whose body shows nothing).
    func childRows(of e: Int) -> Range<Int> {
        if cellsPerRow > 1 { return (e / cellsPerRow)..<(e / cellsPerRow + 1) }
        let end = e + 1 < elementStart.count ? Int(elementStart[e + 1]) : kind.count
        return Int(firstRowOfElement[e])..<end
    }

    private mutating func append(_ k: Kind, element e: Int, type t: Int, parameter p: Double, idealWidth w: Double?) {
        kind.append(k)
        element.append(Int32(e))
        typeIndex.append(Int16(t))
        parameter.append(p)
        idealWidth.append(w)
    }

    private static func pick(weights: [Double], total: Double, _ random: inout SplitMix64) -> Int {
        var remaining = random.nextUnit() * total
        for (i, w) in weights.enumerated() {
            remaining -= w
            if remaining < 0 { return i }
        }
        return weights.count - 1
    }


    func type(of row: Int) -> ViewTypeSpec {
        cellsPerRow > 1 ? groupedSpec(ofRow: row) : types[Int(typeIndex[row])]
    }

    /// The element a row's (first) view belongs to, as the list numbers elements.
    func listElement(ofRow row: Int) -> Int {
        let local = Int(element[row])
        return globalID.map { Int($0[local]) } ?? local
    }

    func isHeader(_ row: Int) -> Bool { kind[row] == .header }

    /// The row's height once fully configured and loaded, at a width.
    /// - Complexity: O(1)
    func finalHeight(of row: Int, width: Double) -> Double {
        if cellsPerRow > 1 { return groupedHeight(ofRow: row, width: width) }
        let spec = type(of: row)
        if let nested = spec.row {
            return nested.height ?? nestedItem(row: row, item: 0, spec: nested).height
        }
        return spec.height.height(parameter: parameter[row], width: width)
    }

    /// Item `item` of the nested row in `row`: its type and true height, drawn from
    /// (seed, row, item) so items need no storage until they are built.
    /// - Complexity: O(t) for t item types.
    func nestedItem(row: Int, item: Int, spec: NestedRowSpec) -> (type: ViewTypeSpec, height: Double) {
        var random = SplitMix64(seed: nestedSeed &+ UInt64(row) &* 0x1_0000_0001 &+ UInt64(item) &* 0x9E37_79B9)
        var type = spec.itemTypes[0]
        if spec.itemTypes.count > 1 {
            let total = spec.itemTypes.reduce(0) { $0 + $1.weight }
            var remaining = random.nextUnit() * total
            for candidate in spec.itemTypes {
                type = candidate
                remaining -= candidate.weight
                if remaining < 0 { break }
            }
        }
        let p = type.height.parameter.sample(&random)
        return (type, type.height.height(parameter: p, width: spec.itemWidth))
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
