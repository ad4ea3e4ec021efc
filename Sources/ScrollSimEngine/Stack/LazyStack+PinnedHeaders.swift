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
    mutating func updatePinnedHeader(_ span: RowSpan, work: inout PhaseWork, events: inout EventLog) {
        let previous = pinnedHeader
        pinnedHeader = -1
        guard config.pinnedHeaders, !span.isEmpty, !rows.headerRows.isEmpty else {
            releasePinned(previous, span: span, events: &events)
            return
        }
        // The last header whose top is at or above the top edge: look from the last row that
        // starts at or above the offset (the first visible row may start below it).
        let around = rows.headers(around: index.row(at: offset))
        guard let header = around.current else {
            releasePinned(previous, span: span, events: &events)
            return
        }
        let natural = index.y(of: header) - offset
        let height = index.height(of: header)
        var y = max(0, natural)
        if let next = around.next {
            y = min(y, index.y(of: next) - offset - height)
        }
        pinnedHeader = header
        pinnedHeaderScreenY = y
        if !span.contains(header) {
            ensureBuilt(header, work: &work, events: &events)
            if phase[header] != .visible {
                appear(header, work: &work, events: &events)
            }
        }
        if previous != header {
            releasePinned(previous, span: span, events: &events)
        }
    }

    /// A header that is no longer pinned and not in the viewport disappears.
    private mutating func releasePinned(_ header: Int, span: RowSpan, events: inout EventLog) {
        guard header >= 0, header != pinnedHeader, !span.contains(header), phase[header] == .visible else { return }
        disappear(header, events: &events)
    }

    /// The pinned header's screen y for a given offset, by the formula above (for tests and
    /// the report), or nil when no header is pinned there.
    public func pinnedHeaderPosition(atOffset offset: Double) -> (row: Int, screenY: Double)? {
        guard config.pinnedHeaders, rows.count > 0 else { return nil }
        let first = index.row(at: offset)
        let around = rows.headers(around: first)
        guard let header = around.current else { return nil }
        let height = index.height(of: header)
        var y = max(0, index.y(of: header) - offset)
        if let next = around.next { y = min(y, index.y(of: next) - offset - height) }
        return (header, y)
    }
}
