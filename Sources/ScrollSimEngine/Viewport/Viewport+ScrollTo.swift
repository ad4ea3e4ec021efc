/// Programmatic scrolling (`ScrollPosition.scrollTo`): resolving a target to an offset, and
/// landing on it exactly.
///
/// The target offset comes from what the content knows now (measured heights and estimates),
/// so it moves as the views around the target are measured. Both kinds of scroll end exactly on
/// the target, at the requested anchor:
/// - an **instant** scroll jumps to the target, anchors the content on it, and re-resolves it
///   after the views around it are measured, until it stops moving;
/// - an **animated** scroll eases toward a target it re-resolves every frame, building whatever
///   passes through the viewport; in the frame its animation ends it re-resolves once more and,
///   if the target moved (the rows around it turned out other than estimated), settles onto it
///   — how far that settle moved the content past where the animation left it is reported
///   (`scrollTo.settlePx`: the net of the settle's jumps, see `landScroll`).
/// `edge: bottom` is the true end of the content: the last view's bottom at the viewport's
/// bottom, whatever the estimates (the landing re-resolves until the end is measured).
///
/// Every requested scroll is counted (`scrollTo.count`); one interrupted before it lands — by a
/// drag, a fling or another scroll — is also counted as interrupted, and one whose element shows
/// no view as missed; neither is a landing. The same landing machinery, uncounted, places the content for
/// `defaultScrollAnchor` (initial offset, and the bottom kept when content grows).
extension Viewport {
    /// Where the content should be to show the target as asked, from what it knows now.
    /// - Complexity: O(log n)
    public func targetOffset(for target: ScrollTarget) -> Double {
        let range = offsetRange
        let wanted: Double
        switch target.destination {
        case .top:
            wanted = range.lowerBound
        case .bottom:
            wanted = range.upperBound
        case .center:
            wanted = (range.lowerBound + range.upperBound) / 2
        case .offset(let value):
            wanted = value
        case .element(let element):
            let (y, h) = content.frame(ofElement: element)
            switch target.anchor {
            case .top: wanted = y
            case .center: wanted = y - (size.height - h) / 2
            case .bottom: wanted = y + h - size.height
            }
        }
        return min(max(wanted, range.lowerBound), range.upperBound)
    }

    /// Starts a programmatic scroll at the current frame.
    mutating func beginScroll(to target: ScrollTarget, _ context: inout FrameContext) {
        interruptScroll(&context)
        let element: Int
        if case .element(let e) = target.destination { element = e } else { element = -1 }
        context.events.record(.scrollTo, element: element, value: target.animationDuration ?? 0)
        // Every scroll the script asks for is counted, whether it lands, is interrupted or
        // finds nothing to scroll to (`scrollTo.landed` = count − interrupted − missed).
        context.totals.scrollTo.count += 1
        if element >= 0 {
            // Finding the element: free for one child per element, otherwise views are built.
            // (Content without `ElementLookUp` finds every element from the data alone.)
            if let lookUp = capabilities.lookUp {
                context.totals.scrollTo.lookupMs += lookUp(&content, element, &context)
            }
            guard content.row(for: target.destination) != nil else {
                // The element shows no view (a conditional body that returned nothing): there is
                // nothing to scroll to, and SwiftUI does nothing.
                context.totals.scrollTo.missed += 1
                return
            }
        }
        positionedByUser = false
        switch target.destination {
        case .top: positionEdge = .top
        case .bottom: positionEdge = .bottom
        default: positionEdge = nil
        }
        place(target, counted: true, context)
    }

    /// Places the content on `target` (instantly or animated), counted as a programmatic scroll
    /// or not (`defaultScrollAnchor`).
    mutating func place(_ target: ScrollTarget, counted: Bool, _ context: FrameContext) {
        scrollRequest = ScrollRequest(target: target, startFrame: context.frame, counted: counted)
        if let duration = target.animationDuration, duration > 0 {
            physics.beginAnimation(atMs: context.nowMs, durationMs: duration * 1000)
        } else {
            physics.jump(to: targetOffset(for: target))
            capabilities.anchor?(&content, anchorDestination(target.destination))
        }
    }

    /// What the content anchors on once the offset jumped to `destination`: its element or
    /// edge; for an offset or the middle, the view now shown first at the offset. (Left on the
    /// last frame's first view, far off screen after a long jump, the anchor moved with every
    /// row measured between it and the new screen: a correction each pass, and the layout loop
    /// ran out of passes.)
    func anchorDestination(_ destination: ScrollTarget.Destination) -> ScrollTarget.Destination {
        switch destination {
        case .offset, .center: return .offset(physics.offset)
        case .element, .top, .bottom: return destination
        }
    }

    /// A gesture or another scroll takes over before a programmatic scroll landed (or, once it
    /// landed, before the content settled: it is judged where the user found it).
    mutating func interruptScroll(_ context: inout FrameContext) {
        judgeLanding(&context)
        guard let request = scrollRequest else { return }
        scrollRequest = nil
        guard request.counted else { return }
        context.totals.scrollTo.interrupted += 1
        context.events.record(.scrollToInterrupted, row: content.row(for: request.target.destination) ?? -1)
    }

    /// A scroll lands exactly: once nothing animates it (at once for an instant scroll, in the
    /// frame its animation ends otherwise), re-resolve the target after the views around it are
    /// measured, until it stops moving.
    mutating func landScroll(_ context: inout FrameContext) {
        guard let request = scrollRequest, !physics.isAnimatingProgrammatically else { return }
        let animated = (request.target.animationDuration ?? 0) > 0
        // The settle is how far the landing moved the content past where the animation left
        // it: the jumps' signed sum. A correction a layout makes between two jumps keeps what
        // is on screen in place, so it is no part of the snap (it is reported as a correction).
        var settle = 0.0
        for _ in 0..<Viewport.maximumLayoutPasses {
            let wanted = targetOffset(for: request.target)
            guard abs(wanted - physics.offset) > Tolerance.points else { break }
            settle += wanted - physics.offset
            physics.jump(to: wanted)
            capabilities.anchor?(&content, anchorDestination(request.target.destination))
            _ = layOutContent(&context)
        }
        if animated && request.counted {
            context.totals.scrollTo.recordSettle(abs(settle))
        }
    }

    /// A scroll has landed once nothing is animating it; it is judged — how far its target is
    /// from where it was asked to be — once the content has settled: no update pending from the
    /// views that appeared (an `onAppear` configure or re-layout runs in the next frame and can
    /// move the target far from where it landed) and no correction in the frame. The judgment
    /// is kept with the frame it was made in (the `scrollToLanded` event).
    mutating func checkScrollLanding(corrected: Bool = false, _ context: inout FrameContext) {
        if let request = scrollRequest, !physics.isAnimatingProgrammatically {
            scrollRequest = nil
            if request.counted {
                context.totals.scrollTo.frames += context.frame - request.startFrame + 1
                landingToJudge = request.target
            }
        }
        guard landingToJudge != nil, content.firstScreenComplete, !corrected else { return }
        judgeLanding(&context)
    }

    /// Records how far the landed target is from where it was asked to be, now.
    mutating func judgeLanding(_ context: inout FrameContext) {
        guard let target = landingToJudge else { return }
        landingToJudge = nil
        let error = abs(targetOffset(for: target) - physics.offset)
        context.totals.scrollTo.recordLanding(errorPx: error)
        context.events.record(.scrollToLanded, row: content.row(for: target.destination) ?? -1, value: error)
    }
}

/// A programmatic scroll in progress.
struct ScrollRequest: Equatable, Sendable {
    var target: ScrollTarget
    var startFrame: Int
    /// A `scrollTo` of the script (counted and landed in the report), or the scroll view placing
    /// its content for `defaultScrollAnchor` (not counted).
    var counted: Bool
}
