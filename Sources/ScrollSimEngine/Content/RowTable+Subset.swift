/// Row tables of some of a list's elements, or of rows of several cells.
///
/// - A masonry column is a lazy stack over the elements the distributor gave it: its table holds
///   those elements, in order, one row each, and remembers each one's element in the list.
/// - A grid row (LazyVGrid, or an HStack row of k cells in a LazyVStack) is one row of k cells:
///   the row is as tall as its tallest cell, and building, laying out, rendering and holding it
///   costs what its cells cost together.
/// Both take their elements' types and height parameters from the whole list's table, drawn
/// once in element order, so a layout never changes what an element is.
extension RowTable {
    /// A table of `elements` (indexes into `base`, a list of one-child elements without sections),
    /// `cellsPerRow` to a row, of which the elements below `liveListElements` are live.
    /// - Complexity: O(m) for m elements.
    /// - Parameter parameters: the height parameter of every element of `base` when the caller
    ///   has drawn them already (a masonry layout, which distributes by them), else empty: they
    ///   are drawn here.
    init(subsetOf base: RowTable, elements: [Int], parameters: [Double] = [], cellsPerRow k: Int = 1, cellSpacing: Double = 0, liveListElements: Int) {
        // Elements are listed in increasing order: the live ones are a prefix.
        var live = 0
        while live < elements.count, elements[live] < liveListElements { live += 1 }
        self.init(subsetOf: base, elementTypes: elements.map { Int16(base.elementType($0)) },
                  cellParameter: parameters.isEmpty ? base.heightParameters(ofElements: elements) : elements.map { parameters[$0] },
                  globalID: elements.map(Int32.init), cellsPerRow: k, cellSpacing: cellSpacing, live: live)
    }

    /// A table of some of `base`'s elements from what its caller gathered already (a masonry
    /// column, in one pass over the list): their types, height parameters and indexes in `base`
    /// (increasing), `cellsPerRow` to a row, of which the first `live` are live.
    /// - Complexity: O(t) for t view types; the arrays are taken as they are.
    init(subsetOf base: RowTable, elementTypes: [Int16], cellParameter: [Double], globalID: [Int32],
         cellsPerRow k: Int = 1, cellSpacing: Double = 0, live: Int) {
        precondition(k >= 1, "cells per row \(k) must be at least 1")
        precondition(base.cellsPerRow == 1 && base.headerRows.isEmpty, "a subset is taken from a plain list")
        self.init(types: base.types, nestedSeed: base.nestedSeed, costKeys: base.costKeys, elementTypes: elementTypes, cellParameter: cellParameter,
                  globalID: globalID, cellsPerRow: k, cellSpacing: cellSpacing)
        activate(elements: live)
    }

    /// The height parameter of each of `elements` (ascending): its first child's, drawn in one
    /// pass over the rows they span.
    /// - Complexity: O(`ContentDraws.block` + rows spanned).
    func heightParameters(ofElements elements: [Int]) -> [Double] {
        guard let first = elements.first, let last = elements.last else { return [] }
        var result: [Double] = []
        result.reserveCapacity(elements.count)
        var next = 0
        let end = min(firstRow(ofElement: last) + 1, rowCapacity)
        forEachDraw(rows: firstRow(ofElement: first)..<end) { row, parameter, _ in
            while next < elements.count, firstRow(ofElement: elements[next]) == row {
                result.append(parameter)
                next += 1
            }
        }
        // An element with no child row (a conditional body showing nothing) has no parameter.
        while result.count < elements.count { result.append(0) }
        return result
    }

    /// The last element of a row (its last live cell's, for a grouped row), as the list numbers
    /// elements.
    @inline(__always)
    func lastListElement(ofRow row: Int) -> Int {
        guard cellsPerRow > 1, let last = cells(ofRow: row).last else { return listElement(ofRow: row) }
        return globalID.map { Int($0[last]) } ?? last
    }

    /// The live cells of a grouped row.
    func cells(ofRow row: Int) -> Range<Int> {
        let first = row * cellsPerRow
        return first..<min(first + cellsPerRow, elementCount)
    }

    /// The views whose bodies a row's evaluation runs: every live cell of a grouped (grid) row,
    /// one otherwise. A grid row of 4 cells is 4 cell views, each with its own body.
    func bodies(ofRow row: Int) -> Int {
        cellsPerRow > 1 ? cells(ofRow: row).count : 1
    }

    /// A cell's width when `cellsPerRow` cells and the space between them share `width`.
    func cellWidth(_ width: Double) -> Double {
        max(1, (width - Double(cellsPerRow - 1) * cellSpacing) / Double(cellsPerRow))
    }

    /// A cell's height at a row width.
    func cellHeight(_ e: Int, width: Double) -> Double {
        types[elementType(e)].height.height(parameter: cellParameter[e], width: cellWidth(width))
    }

    /// A grouped row is as tall as its tallest live cell.
    func groupedHeight(ofRow row: Int, width: Double) -> Double {
        var tallest = 0.0
        for e in cells(ofRow: row) { tallest = Swift.max(tallest, cellHeight(e, width: width)) }
        return tallest
    }

    /// The space a grouped row leaves empty below its shorter cells: Σ (row height − cell height).
    func wastedHeight(ofRow row: Int, width: Double) -> Double {
        let height = groupedHeight(ofRow: row, width: width)
        var waste = 0.0
        for e in cells(ofRow: row) { waste += height - cellHeight(e, width: width) }
        return waste
    }

    /// What a grouped row costs and holds: its live cells' costs, memory and render-server work
    /// together, under its first cell's type name.
    @inline(__always)
    func groupedSpec(ofRow row: Int) -> ViewTypeSpec {
        RowTable.groupedSpec(cells: cells(ofRow: row), elementTypes: map.elementTypes, types: types)
    }

    /// `groupedSpec(ofRow:)` from the three values it reads. Static, so that the frame loop's
    /// callers (profiles and render traits of grid rows, several per row built) pass three
    /// words instead of the table: a method of the table called out of line from a mutating
    /// method copies the whole table first, even on the path that does not take this branch.
    static func groupedSpec(cells: Range<Int>, elementTypes: [Int16], types: [ViewTypeSpec]) -> ViewTypeSpec {
        var spec = types[Int(elementTypes[cells.lowerBound])]
        var costs = ViewTypeSpec.Costs(initMs: 0, bodyMs: 0, layoutMs: 0, renderMs: 0, appearMs: 0, jitter: spec.costs.jitter)
        var memory = ViewTypeSpec.Memory(view: 0, state: 0, content: 0, data: 0)
        var live = 0.0
        for e in cells {
            let cell = types[Int(elementTypes[e])]
            costs.add(cell.costs)
            memory.view += cell.memory.view
            memory.state += cell.memory.state
            memory.content += cell.memory.content
            memory.data += cell.memory.data
            live += cell.rendering.liveMs
        }
        spec.costs = costs
        spec.memory = memory
        // The cells' live work, effects included, composited as the row's one cost.
        spec.rendering = ViewTypeSpec.Rendering(serverMs: live, effects: 0, effectMs: 0, drawingGroup: spec.rendering.drawingGroup)
        return spec
    }
}
