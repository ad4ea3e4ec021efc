/// What programmatic scrolling asks of the stack: where an element is, and anchoring on it.
///
/// With one child per element the stack finds an element's row from the data alone (O(1)).
/// Its position comes from the index, so it is only as good as the estimates above it; the
/// viewport re-resolves it as rows are measured (`Viewport+ScrollTo.swift`).
extension LazyStack: ScrollTargetAnchoring, TapTarget {
    /// The row a destination refers to (nil for an offset or the middle, an empty stack, or an
    /// element that shows no view).
    func row(for destination: ScrollTarget.Destination) -> Int? {
        guard rows.count > 0 else { return nil }
        switch destination {
        case .element(let e):
            precondition(e >= 0 && e < rows.elementCount, "element \(e) outside 0..<\(rows.elementCount)")
            return rows.childRows(of: e).first
        case .top:
            return 0
        case .bottom:
            return rows.count - 1
        case .offset, .center:
            return nil
        }
    }

    /// The element's first row: its top and height, from the index.
    /// - Complexity: O(log n)
    func frame(ofElement element: Int) -> (y: Double, height: Double) {
        guard let row = row(for: .element(element)) else { return (0, 0) }
        return (index.y(of: row), index.height(of: row))
    }

    /// An offset anchors on the row a layout there shows first (`firstRowShown`): after a
    /// jump, the last frame's first row may be thousands of points away, and every row measured
    /// between it and the new screen would move it and ask for a correction, pass after pass.
    /// A jump to the bottom edge lays out from the last row upward (`placingBottom`).
    mutating func anchor(on destination: ScrollTarget.Destination) {
        placingBottom = destination == .bottom
        if case .offset(let y) = destination {
            guard rows.count > 0 else { return }
            setAnchor(row: firstRowShown(at: y, near: -1).row)
            return
        }
        if let row = row(for: destination) { setAnchor(row: row) }
    }

    /// A tap mutates the view state of the element's view (e.g. a highlight). An element with no
    /// view right now cannot be tapped on screen: the tap stands for a change of the model the
    /// next view will read, so no view state can be lost for it.
    mutating func tap(element: Int, _ context: inout FrameContext) {
        precondition(element >= 0 && element < rows.elementCount, "element \(element) outside 0..<\(rows.elementCount)")
        guard let row = rows.childRows(of: element).first else { return }
        if states.phase[row] != .absent {
            states.marks[row].insert(.stateMutated)
        }
        log(.tap, row: row, &context)
    }
}
