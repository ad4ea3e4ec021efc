/// Async content: loaders that deliver a view's content after a latency.
///
/// A loader starts in init (so during prefetch, when prefetch builds the view), in `.task`
/// (when the view appears; cancelled when it disappears first) or in onAppear (never cancelled).
/// Until the content arrives the view shows a placeholder, counted as blank area while visible.
/// Content memory is held from arrival until the view is destroyed. A placeholder without the
/// content's size makes the view change height when the content arrives.
extension LazyStack {
    mutating func startLoad(_ row: Int, _ context: inout FrameContext) {
        guard let async = rows.type(of: row).asyncContent, states[row].loadState == .none else { return }
        states[row].loadState = .loading
        loads.start(row, readyAtMs: context.nowMs + async.latencyMs)
        log(.loadStart, row: row, value: async.latencyMs, &context)
    }

    mutating func cancelLoad(_ row: Int, _ context: inout FrameContext) {
        guard states[row].loadState == .loading else { return }
        states[row].loadState = .none
        loads.cancel(row)
        log(.loadCancel, row: row, &context)
    }

    /// Delivers every load whose latency has passed, in the order they were started.
    /// - Complexity: O(l) per delivery for l loads in flight.
    mutating func deliverContent(_ context: inout FrameContext) {
        while let row = loads.popFirstDue(atMs: context.nowMs) {
            let spec = rows.type(of: row)
            states[row].loadState = .loaded
            context.totals.contentLoads += 1
            states.setBytes(row, states[row].bytes + spec.memory.content)
            if let async = spec.asyncContent, !async.placeholderSized {
                measure(row)
            }
            log(.contentLoaded, row: row, &context)
        }
    }
}
