/// Programmatic scrolling (`ScrollPosition.scrollTo`): resolving a target to an offset, and
/// landing on it.
///
/// The target offset comes from what the content knows now (measured heights and estimates),
/// so it is only as good as the estimates above the target. An instant scroll jumps there,
/// anchors the content on the target and re-resolves until the target sits exactly where it was
/// asked to be. An animated scroll eases toward a target it re-resolves every frame, building
/// whatever passes through the viewport; what it lands on is measured (its landing error is
/// reported).
extension Viewport {
    /// Where the content should be to show the target as asked, from what it knows now.
    /// - Complexity: O(log n)
    func targetOffset(for target: ScrollTarget) -> Double {
        let range = offsetRange
        let wanted: Double
        switch target.destination {
        case .top:
            wanted = 0
        case .bottom:
            wanted = range.upperBound
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
        scrollRequest = ScrollRequest(target: target, startFrame: context.frame)
        let element: Int
        if case .element(let e) = target.destination { element = e } else { element = -1 }
        context.events.record(.scrollTo, element: element, value: target.animationDuration ?? 0)
        if let duration = target.animationDuration, duration > 0 {
            physics.beginAnimation(atMs: context.nowMs, durationMs: duration * 1000)
        } else {
            physics.jump(to: targetOffset(for: target))
            content.anchor(on: target.destination)
        }
    }

    /// An instant scroll lands exactly: re-resolve the target after the views around it are
    /// measured, until it stops moving.
    mutating func landInstantScroll(_ context: inout FrameContext) {
        guard let request = scrollRequest, request.target.animationDuration ?? 0 <= 0 else { return }
        for _ in 0..<Viewport.maximumLayoutPasses {
            let wanted = targetOffset(for: request.target)
            guard abs(wanted - physics.offset) > Tolerance.points else { break }
            physics.jump(to: wanted)
            content.anchor(on: request.target.destination)
            _ = layOutContent(&context)
        }
    }

    /// A scroll has landed once nothing is animating it: record how far off it is.
    mutating func checkScrollLanding(_ context: inout FrameContext) {
        guard let request = scrollRequest, !physics.isAnimatingProgrammatically else { return }
        scrollRequest = nil
        let error = abs(targetOffset(for: request.target) - physics.offset)
        context.totals.scrollToCount += 1
        context.totals.scrollToFrames += context.frame - request.startFrame + 1
        context.totals.scrollToLandingErrorPx = max(context.totals.scrollToLandingErrorPx, error)
        context.events.record(.scrollToLanded, row: content.row(for: request.target.destination) ?? -1, value: error)
    }
}

/// A programmatic scroll in progress.
struct ScrollRequest: Equatable, Sendable {
    var target: ScrollTarget
    var startFrame: Int
}
