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
/// Counted: callbacks delivered (`observerCallbacks`), and spurious changes
/// (`observerSpuriousChanges`): frames in which the observer's answer ("scrolled past?") flipped
/// although the user did not move the content there. For the geometry observer that is a frame
/// whose offset correction alone carried the offset across the boundary — the answer with the
/// correction differs from the answer without it — so a boundary no correction ever crosses
/// gives none, however many corrections there are. For the visibility observer it is a frame in
/// which nothing moved the content and the answer flipped (heights changing on screen); an
/// instant `scrollTo` moves the content, so a flip in the frame it lands in is a true answer.
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
    /// Delivers this frame's callback, if any, and judges the answer. `correction` is the
    /// offset correction applied in this frame (signed, points).
    mutating func observe(scrolled: Bool, correction: Double, _ context: inout FrameContext) {
        guard let kind = position.observer else { return }
        let answer: Bool
        let flippedByDrift: Bool
        var callback = false
        switch kind {
        case .geometry(let boundary):
            let extent = content.extent
            callback = physics.offset != observer.lastOffset || extent != observer.lastExtent
            observer.lastOffset = physics.offset
            observer.lastExtent = extent
            answer = physics.offset > boundary
            flippedByDrift = answer != (physics.offset - correction > boundary)
        case .visibility(let element):
            let visible = content.visibleElements
            callback = visible != observer.lastVisible
            observer.lastVisible = visible
            answer = content.isScrolledPast(element: element)
            flippedByDrift = !scrolled && answer != observer.answer
        }
        if callback { context.totals.observer.callbacks += 1 }
        if observer.started && callback && flippedByDrift {
            context.totals.observer.spuriousChanges += 1
        }
        observer.answer = answer
        observer.started = true
    }
}
