/// How the app observes the scroll position to decide something — a "back to top" button shown
/// once the user has scrolled past a boundary — and what that costs in callbacks and wrong
/// answers.
///
/// - `onScrollGeometryChange` reading the absolute content offset: the action runs whenever the
///   scroll geometry (offset or content size) changes, every frame of a scroll, and the answer
///   compares the offset with a fixed boundary. A lazy stack's offset includes estimates; when
///   it corrects them the offset moves without the user scrolling, and the answer can flip: the
///   boundary drifts.
/// - `onScrollTargetVisibilityChange` on an element: runs only when the set of visible elements
///   changes, and "scrolled past" is relative to the element itself, whatever the estimates.
///
/// Counted: callbacks delivered (`observerCallbacks`), and spurious ones (`observerSpuriousChanges`):
/// for the geometry observer, callbacks in a frame whose offset moved by something other than
/// the scroll (an offset correction) or in which nothing scrolled (the content size changed) —
/// each time the boundary it compares with has moved relative to the content, and its answer
/// ("scrolled past?") can change although the user did nothing; for the visibility observer,
/// callbacks in a frame in which nothing scrolled (heights changing on screen).
struct ObserverState: Equatable, Sendable {
    var lastOffset = Double.nan
    var lastExtent = Double.nan
    var lastVisible: (Int, Int) = (-1, -2)
    var answer = false
    var started = false

    static func == (a: ObserverState, b: ObserverState) -> Bool {
        a.lastOffset.bitPattern == b.lastOffset.bitPattern && a.lastExtent.bitPattern == b.lastExtent.bitPattern
            && a.lastVisible == b.lastVisible && a.answer == b.answer && a.started == b.started
    }
}

extension Viewport {
    /// Delivers this frame's callback, if any, and judges the answer.
    mutating func observe(scrolled: Bool, corrected: Bool, _ context: inout FrameContext) {
        guard let kind = position.observer else { return }
        let answer: Bool
        var callback = false
        switch kind {
        case .geometry(let boundary):
            let extent = content.extent
            callback = physics.offset != observer.lastOffset || extent != observer.lastExtent
            observer.lastOffset = physics.offset
            observer.lastExtent = extent
            answer = physics.offset > boundary
        case .visibility(let element):
            let visible = content.visibleElements
            callback = visible != observer.lastVisible
            observer.lastVisible = visible
            answer = content.isScrolledPast(element: element)
        }
        if callback { context.totals.observerCallbacks += 1 }
        let drifted: Bool
        if case .geometry = kind { drifted = corrected || !scrolled } else { drifted = !scrolled }
        if observer.started && callback && drifted {
            context.totals.observerSpuriousChanges += 1
        }
        observer.answer = answer
        observer.started = true
    }
}
