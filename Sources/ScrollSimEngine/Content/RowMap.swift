/// Which rows belong to which elements, and each one's view type: the only per-row storage a
/// row table keeps.
///
/// For the regular layouts the mapping is arithmetic and only the types are stored (2 bytes per
/// element); arrays map rows and elements only where section headers or bodies of several or
/// conditional children make the layout irregular.
struct RowMap: Equatable, Sendable {
    enum Layout: Equatable, Sendable {
        /// Row i is element i.
        case onePerElement
        /// Row i holds elements i·k ..< (i+1)·k (`cellsPerRow` = k > 1).
        case grouped
        /// Section headers or bodies of several or conditional children: mapped by arrays.
        case irregular
    }

    let layout: Layout
    /// Each element's view type.
    var elementTypes: [Int16] = []
    /// Irregular layout only: each row's type and element; each element's first row (its header
    /// included) and first child row.
    var rowTypes: [Int16] = []
    var rowElements: [Int32] = []
    var elementStarts: [Int32] = []
    var firstChildRows: [Int32] = []
    /// Elements per row of a grouped layout (1 otherwise).
    var cellsPerRow = 1
    /// Every row the run can have.
    var rowCapacity = 0

    init(layout: Layout) {
        self.layout = layout
    }

    var elementCapacity: Int { elementTypes.count }

    /// How many rows the first `n` elements make.
    /// - Complexity: O(1)
    func rows(forLiveElements n: Int) -> Int {
        switch layout {
        case .onePerElement: return n
        case .grouped: return (n + cellsPerRow - 1) / cellsPerRow
        case .irregular: return n < elementCapacity ? Int(elementStarts[n]) : rowCapacity
        }
    }

    /// A row's view type (a grouped row's: its first cell's).
    /// - Complexity: O(1)
    func typeIndex(ofRow row: Int) -> Int {
        switch layout {
        case .onePerElement: return Int(elementTypes[row])
        case .grouped: return Int(elementTypes[row * cellsPerRow])
        case .irregular: return Int(rowTypes[row])
        }
    }

    /// The element a row belongs to (a grouped row's first cell).
    /// - Complexity: O(1)
    func element(ofRow row: Int) -> Int {
        switch layout {
        case .onePerElement: return row
        case .grouped: return row * cellsPerRow
        case .irregular: return Int(rowElements[row])
        }
    }

    /// Element e's first row, its section header included.
    func firstRow(ofElement e: Int) -> Int {
        switch layout {
        case .onePerElement: return e
        case .grouped: return e / cellsPerRow
        case .irregular: return Int(elementStarts[e])
        }
    }

    /// Element e's first child row (for an element with no child, where it would be).
    func firstChildRow(ofElement e: Int) -> Int {
        layout == .irregular ? Int(firstChildRows[e]) : firstRow(ofElement: e)
    }

    /// The rows of element e's children (empty for an element whose body shows nothing).
    func childRows(of e: Int) -> Range<Int> {
        switch layout {
        case .onePerElement: return e..<(e + 1)
        case .grouped: return (e / cellsPerRow)..<(e / cellsPerRow + 1)
        case .irregular:
            let end = e + 1 < elementCapacity ? Int(elementStarts[e + 1]) : rowCapacity
            return Int(firstChildRows[e])..<end
        }
    }

    /// Element e's shape as set-up drew it.
    func shape(of e: Int, header: Bool) -> ContentDraws.ElementShape {
        ContentDraws.ElementShape(type: Int(elementTypes[e]), children: childRows(of: e).count, header: header)
    }
}
