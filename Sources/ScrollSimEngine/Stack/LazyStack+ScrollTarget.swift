/// What programmatic scrolling asks of the stack: where an element is, and anchoring on it.
///
/// With one child per element the stack finds an element's row from the data alone (O(1)).
/// Its position comes from the index, so it is only as good as the estimates above it; the
/// viewport re-resolves it as rows are measured (`Viewport+ScrollTo.swift`).
extension LazyStack {
    /// The row a destination refers to (nil for an offset, or an empty stack).
    func row(for destination: ScrollTarget.Destination) -> Int? {
        guard rows.count > 0 else { return nil }
        switch destination {
        case .element(let e):
            precondition(e >= 0 && e < rows.elementCount, "element \(e) outside 0..<\(rows.elementCount)")
            return Int(rows.firstRowOfElement[e])
        case .top:
            return 0
        case .bottom:
            return rows.count - 1
        case .offset:
            return nil
        }
    }

    /// The element's first row: its top and height, from the index.
    /// - Complexity: O(log n)
    func frame(ofElement element: Int) -> (y: Double, height: Double) {
        guard let row = row(for: .element(element)) else { return (0, 0) }
        return (index.y(of: row), index.height(of: row))
    }

    mutating func anchor(on destination: ScrollTarget.Destination) {
        if let row = row(for: destination) { setAnchor(row: row) }
    }

    /// A tap mutates the element's view state (e.g. a highlight).
    mutating func tap(element: Int, _ context: inout FrameContext) {
        precondition(element >= 0 && element < rows.elementCount, "element \(element) outside 0..<\(rows.elementCount)")
        let row = Int(rows.firstRowOfElement[element])
        states.marks[row].insert(.stateMutated)
        log(.tap, row: row, &context)
    }
}
