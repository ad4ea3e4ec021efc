/// Ideal sizes: a lazy stack has not built every child, so it
/// cannot know the widest one. A LazyVStack's ideal width is its first child's width; wherever
/// the stack is sized to its ideal width (`.fixedSize()`, a horizontal ScrollView, an alert),
/// a later child that is wider gets squeezed or clipped. An eager VStack builds everything, so
/// its ideal width is its widest child's.
///
/// Children without an `idealWidth` are flexible: they take the width they are offered, and a
/// flexible first child leaves the stack without a narrower ideal width.
extension LazyStack {
    /// The stack's ideal width (nil when its first child is flexible).
    /// - Complexity: O(1) for a lazy stack; O(n) for an eager one.
    var idealWidth: Double? {
        guard rows.count > 0 else { return nil }
        if isEager {
            var widest: Double? = 0
            rows.forEachDraw(rows: 0..<rows.count) { _, _, width in
                if let w = width, let so = widest { widest = max(so, w) } else { widest = nil }
            }
            return widest
        }
        return rows.draw(ofRow: 0).idealWidth
    }

    /// Counts, once per row, a built row wider than the stack's ideal width.
    mutating func checkIdealWidth(_ row: Int, _ context: inout FrameContext) {
        guard !isEager, rows.hasIdealWidths, !states.marks[row].contains(.widerThanIdealCounted), let ideal = rows.draw(ofRow: 0).idealWidth, let width = rows.draw(ofRow: row).idealWidth,
              width > ideal + Tolerance.points else { return }
        states.marks[row].insert(.widerThanIdealCounted)
        context.totals.layout.recordWiderThanIdeal(width - ideal)
        log(.widerThanIdeal, row: row, value: width - ideal, &context)
    }
}
