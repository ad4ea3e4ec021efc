/// Pinned section headers (`pinnedViews: [.sectionHeaders]`).
///
/// The pinned header is the last header at or above the viewport's top edge. It sits at the top
/// of the viewport, pushed up by the next header as that one arrives:
///
///     screenY = min(max(0, natural), nextHeaderTop − headerHeight)
///
/// (screen coordinates). While pinned it stays built and is rendered even when its natural place
/// has scrolled away.
extension LazyStack {
    mutating func updatePinnedHeader(_ span: RowSpan, _ context: inout FrameContext) {
        let previous = pinnedHeader
        pinnedHeader = -1
        // `config.pinnedHeaders` is asked here first: calling the lookup from this mutating
        // method copies the whole stack to pass it, every frame, pinned headers or not.
        guard config.pinnedHeaders, !span.isEmpty, let (header, y) = pinnedHeaderPosition(atOffset: offset) else {
            releasePinned(previous, span: span, &context)
            return
        }
        pinnedHeader = header
        pinnedHeaderScreenY = y
        if !span.contains(header) {
            ensureBuilt(header, &context)
            if states.phase[header] != .visible {
                appear(header, &context)
            }
        }
        if previous != header {
            releasePinned(previous, span: span, &context)
        }
    }

    /// A header that is no longer pinned and not in the viewport disappears.
    private mutating func releasePinned(_ header: Int, span: RowSpan, _ context: inout FrameContext) {
        guard header >= 0, header != pinnedHeader, !span.contains(header), states.phase[header] == .visible else { return }
        disappear(header, &context)
    }

    /// The pinned header and its screen y for an offset, by the formula above, or nil when no
    /// header is at or above the top edge there. The header is the last one whose top is at or
    /// above the offset: looked up from the last row starting at or above it (the first visible
    /// row may start below it, in the spacing).
    /// - Complexity: O(log n + log s)
    func pinnedHeaderPosition(atOffset offset: Double) -> (row: Int, screenY: Double)? {
        guard config.pinnedHeaders, rows.count > 0, !rows.headerRows.isEmpty else { return nil }
        let around = rows.headers(around: index.row(at: offset))
        guard let header = around.current else { return nil }
        let height = index.height(of: header)
        var y = max(0, index.y(of: header) - offset)
        if let next = around.next { y = min(y, index.y(of: next) - offset - height) }
        return (header, y)
    }
}
