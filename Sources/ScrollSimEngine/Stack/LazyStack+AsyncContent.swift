/// Async content: loaders that deliver a view's content after a latency.
///
/// A loader starts in init (so during prefetch, when prefetch builds the view), in `.task`
/// (when the view appears; cancelled when it disappears first) or in onAppear (never cancelled).
/// Until the content arrives the view shows a placeholder, counted as blank area while visible.
/// Content memory is held from arrival until the view is destroyed. A placeholder without the
/// content's size makes the view change height when the content arrives.
///
/// With `stack.imagePrefetchPt`, the data layer starts loading the content of every row within
/// that distance of the viewport, whether or not its view exists yet (the masonry plan's ±500 pt
/// image prefetch window): a view built later finds its content already there, or on the way.
/// Content that arrives for a row without a view waits in an image cache (its bytes count) until
/// the view is built or the row is twice the window away.
extension LazyStack {
    mutating func startLoad(_ row: Int, _ context: inout FrameContext) {
        guard let async = rows.profile(ofRow: row, { $0.asyncContent }), states.holdings(of: row).loadState == .none else { return }
        if states.marks[row].contains(.imageCached) {
            // The data layer has it: the view shows it at once.
            states.marks[row].remove(.imageCached)
            let contentBytes = rows.profile(ofRow: row, { $0.memory.content })
            dropCachedImage(row, bytes: contentBytes)
            states.contentLoaded(row, bytes: contentBytes)
            if !async.placeholderSized { measure(row) }
            return
        }
        states.setLoadState(row, .loading)
        guard !states.marks[row].contains(.imageLoading) else { return }
        loads.start(row, readyAtMs: context.nowMs + async.latencyMs)
        log(.loadStart, row: row, value: async.latencyMs, &context)
    }

    mutating func cancelLoad(_ row: Int, _ context: inout FrameContext) {
        guard states.holdings(of: row).loadState == .loading else { return }
        states.setLoadState(row, .none)
        // A load the data layer started goes on without the view.
        guard !states.marks[row].contains(.imageLoading) else { return }
        loads.cancel(row)
        log(.loadCancel, row: row, &context)
    }

    /// Delivers every load whose latency has passed, in the order they were started.
    /// - Complexity: O(l) per delivery for l loads in flight.
    mutating func deliverContent(_ context: inout FrameContext) {
        while let row = loads.popFirstDue(atMs: context.nowMs) {
            let contentBytes = rows.profile(ofRow: row, { $0.memory.content })
            states.marks[row].remove(.imageLoading)
            context.totals.work.contentLoads += 1
            log(.contentLoaded, row: row, &context)
            guard states.phase[row] != .absent, states.holdings(of: row).loadState != .loaded else {
                // No view to show it yet: keep it in the image cache.
                states.marks[row].insert(.imageCached)
                imageCacheBytes += contentBytes
                imageCacheRows.append(Int32(row))
                continue
            }
            states.contentLoaded(row, bytes: contentBytes)
            if let async = rows.profile(ofRow: row, { $0.asyncContent }), !async.placeholderSized {
                measure(row)
            }
        }
    }

    /// The data layer's prefetch window: starts loading the content of every row within
    /// `imagePrefetchPt` of the viewport, and drops cached content twice as far away.
    /// - Complexity: O(w + c) for w rows in the window and c cached images.
    mutating func prefetchImages(_ context: inout FrameContext) {
        let reach = config.imagePrefetchPt
        guard reach > 0, rows.count > 0 else { return }
        var row = index.row(at: max(0, offset - reach))
        var y = index.y(of: row)
        let end = offset + viewportSize.height + reach
        while row < rows.count, y < end {
            if let async = rows.profile(ofRow: row, { $0.asyncContent }), !states.marks[row].contains(.imageLoading), !states.marks[row].contains(.imageCached),
               states.phase[row] == .absent || states.holdings(of: row).loadState == .none {
                states.marks[row].insert(.imageLoading)
                if states.phase[row] != .absent { states.setLoadState(row, .loading) }
                loads.start(row, readyAtMs: context.nowMs + async.latencyMs)
                log(.loadStart, row: row, value: async.latencyMs, &context)
            }
            y += index.height(of: row) + index.spacing
            row += 1
        }
        var i = 0
        while i < imageCacheRows.count {
            let cached = Int(imageCacheRows[i])
            let top = index.y(of: cached)
            if states.phase[cached] == .absent && (top + index.height(of: cached) < offset - 2 * reach || top > end + reach) {
                states.marks[cached].remove(.imageCached)
                imageCacheBytes -= rows.profile(ofRow: cached, { $0.memory.content })
                imageCacheRows.remove(at: i)
            } else {
                i += 1
            }
        }
    }

    /// A cached image moved into its view.
    mutating func dropCachedImage(_ row: Int, bytes: Int) {
        imageCacheBytes -= bytes
        if let slot = imageCacheRows.firstIndex(of: Int32(row)) { imageCacheRows.remove(at: slot) }
    }
}
