import ScrollSimEngine

extension SimulationEvent.Kind {
    /// What an event of this kind in a report's `events` says, and what its `value` holds: the
    /// report reference lists these (a test holds the two together).
    public var meaning: String {
        switch self {
        case .appear: return "a view appeared (onAppear ran)"
        case .disappear: return "a view left the screen (onDisappear)"
        case .build: return "a view was built inside the frame; value: when the frame finished a prefetched build, the ms it did, else 0"
        case .prefetchStart: return "prefetch started a view; value: its planned cost in ms, negative when the deadline policy forced it"
        case .prefetchFinish: return "prefetch finished a view; value: the prefetch ms it took"
        case .prefetchAbandon: return "a view being prefetched left the prefetch window and was destroyed; value: the prefetch ms spent on it"
        case .evict: return "a prefetched view that was never shown left the window for the cache"
        case .release: return "a view was destroyed and its state released; value: the prefetch ms wasted with it"
        case .stateLoss: return "an element came back without the view state the script gave it"
        case .loadStart: return "async content was requested; value: its latency in ms"
        case .contentLoaded: return "async content arrived"
        case .loadCancel: return "an async load was cancelled (a `.task` whose view disappeared, or a destroyed view)"
        case .correction: return "an offset correction; value: its size in points"
        case .hitch: return "a late frame; value: the vsync intervals it dropped"
        case .visibleJump: return "a visible view moved by other than the scroll; value: how far, in points"
        case .rotate: return "the viewport changed size; value: the new width in points"
        case .scrollTo: return "a programmatic scroll started; value: its animation's duration in seconds, 0 when instant"
        case .scrollToLanded: return "a programmatic scroll landed; value: the landing error in points"
        case .tap: return "a tap changed an element's view state"
        case .fling: return "a fling started; value: its velocity in points per second"
        case .drag: return "a drag started; value: its velocity in points per second"
        case .relayout: return "a view ran body and layout again after appearing; value: 0 when configured in onAppear, 1 for a relayoutAfterAppear change"
        case .nestedBuild: return "items of a nested row were built; value: how many"
        case .clipped: return "a nested-row item was clipped by its row (declared; not recorded by this engine)"
        case .widerThanIdeal: return "a child wider than the lazy stack's ideal width was built; value: by how many points"
        case .environment: return "an environment value changed (script); value: the bodies evaluated again because of it"
        case .append: return "elements were added at the end of the data (script); value: how many"
        case .scrollToInterrupted: return "a gesture or another scroll took over a programmatic scroll before it landed"
        case .popped: return "a view was unloaded while its scroll transition still showed it on screen; value: points of it still visible"
        case .unsettled: return "the layout loop ran out of its \(LayoutLoop.maximumPasses) passes with the content still asking for a scroll-offset correction, so the frame shows an unsettled layout (once a frame); element: the first visible element; value: the last correction asked for, in points"
        }
    }
}
