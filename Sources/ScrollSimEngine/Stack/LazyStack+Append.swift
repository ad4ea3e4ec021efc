/// Elements added at the end of the data while the list is on screen (a message arrives, a page
/// of results loads).
///
/// The rows were drawn with the rest of the content when the run began (so the draws do not
/// depend on when they arrive); appending makes them part of the list: the index grows, with
/// the new rows estimated until they are laid out; the data model holds their bytes; a dynamic
/// type's element views are evaluated and kept, as at launch.
extension LazyStack {
    /// - Complexity: O(k) for k appended rows (and their elements).
    mutating func append(elements k: Int, _ context: inout FrameContext) {
        let oldElements = rows.elementCount
        let oldRows = rows.count
        rows.activate(elements: k)
        guard rows.elementCount > oldElements else { return }
        index.grow(to: rows.count)
        dataMemoryBytes += rows.dataBytes(ofElements: oldElements..<rows.elementCount)
        trueContentHeight += trueHeight(ofRows: oldRows..<rows.count)
        indexDynamicElements(oldElements..<rows.elementCount, &context)
        context.events.record(.append, value: Double(rows.elementCount - oldElements))
    }
}
