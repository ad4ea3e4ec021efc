/// Async content: loaders that deliver a view's content after a latency (DESIGN §6).
///
/// A loader starts in init (so during prefetch, when prefetch builds the view), in `.task`
/// (when the view appears; cancelled when it disappears first) or in onAppear (never cancelled).
/// Until the content arrives the view shows a placeholder, counted as blank area while visible.
/// Content memory is held from arrival until the view is destroyed. A placeholder without the
/// content's size makes the view change height when the content arrives.
extension LazyStack {
    mutating func startLoad(_ row: Int, events: inout EventLog) {
        guard let async = rows.type(of: row).asyncContent, loadState[row] == .none else { return }
        loadState[row] = .loading
        loadReadyMs[row] = nowMs + async.latencyMs
        loadsInFlight.append(Int32(row))
        events.record(.loadStart, row: row, element: Int(rows.element[row]), value: async.latencyMs)
    }

    mutating func cancelLoad(_ row: Int, events: inout EventLog) {
        guard loadState[row] == .loading else { return }
        loadState[row] = .none
        if let slot = loadsInFlight.firstIndex(of: Int32(row)) {
            loadsInFlight.remove(at: slot)
        }
        events.record(.loadCancel, row: row, element: Int(rows.element[row]))
    }

    /// Delivers every load whose latency has passed, in the order they were started.
    /// - Complexity: O(l) for l loads in flight.
    mutating func deliverContent(events: inout EventLog) {
        guard !loadsInFlight.isEmpty else { return }
        var i = 0
        while i < loadsInFlight.count {
            let row = Int(loadsInFlight[i])
            guard loadReadyMs[row] <= nowMs + Tolerance.milliseconds else {
                i += 1
                continue
            }
            loadsInFlight.remove(at: i)
            let spec = rows.type(of: row)
            loadState[row] = .loaded
            totals.contentLoads += 1
            setRowBytes(row, rowBytes[row] + spec.memory.content)
            if let async = spec.asyncContent, !async.placeholderSized {
                measure(row)
            }
            events.record(.contentLoaded, row: row, element: Int(rows.element[row]))
        }
    }
}
