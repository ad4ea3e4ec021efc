/// Programmatic scrolling (`ScrollPosition.scrollTo`): resolving a target to an offset, and
/// landing on it.
///
/// With one child per element the stack finds an element's row from the data alone (O(1)).
/// The target offset comes from the index, so it is only as good as the estimates above the
/// target. An instant scroll jumps there, anchors on the target row and re-resolves until the
/// target sits exactly where it was asked to be. An animated scroll eases toward a target it
/// re-resolves every frame, building whatever passes through the viewport; what it lands on is
/// measured, not forced (its landing error is reported).
extension LazyStack {
    /// The row a target refers to (nil for an offset target).
    public func row(for target: ScrollTarget) -> Int? {
        guard rows.count > 0 else { return nil }
        switch target.destination {
        case .element(let e):
            precondition(e >= 0 && e < rows.elementCount, "element \(e) outside 0..<\(rows.elementCount)")
            return Int(rows.firstRowOfElement[e])
        case .top:
            return 0
        case .bottom:
            return rows.count - 1
        case .offset:
            return nil
        }
    }

    /// Where the content should be to show the target as asked, from what the index knows now.
    /// - Complexity: O(log n)
    public func targetOffset(for target: ScrollTarget) -> Double {
        let range = offsetRange
        let wanted: Double
        switch target.destination {
        case .top:
            wanted = 0
        case .bottom:
            wanted = range.upperBound
        case .offset(let value):
            wanted = value
        case .element:
            let row = row(for: target)!
            let y = index.y(of: row)
            let h = index.height(of: row)
            switch target.anchor {
            case .top: wanted = y
            case .center: wanted = y - (viewport.height - h) / 2
            case .bottom: wanted = y + h - viewport.height
            }
        }
        return min(max(wanted, range.lowerBound), range.upperBound)
    }

    /// Starts a programmatic scroll at the current frame.
    public mutating func beginScroll(to target: ScrollTarget, physics: inout ScrollPhysics, events: inout EventLog) {
        scrollRequest = ScrollRequest(target: target, startFrame: frame)
        let element: Int
        if case .element(let e) = target.destination { element = e } else { element = -1 }
        events.record(.scrollTo, element: element, value: target.animationDuration ?? 0)
        if let duration = target.animationDuration, duration > 0 {
            physics.beginAnimation(atMs: nowMs, durationMs: duration * 1000)
        } else {
            physics.jump(to: targetOffset(for: target))
            if let row = row(for: target) { setAnchor(row: row) }
        }
    }

    /// An instant scroll lands exactly: re-resolve the target after the rows around it are
    /// measured, until it stops moving.
    mutating func landInstantScroll(_ span: RowSpan, physics: inout ScrollPhysics, work: inout PhaseWork, events: inout EventLog) -> RowSpan {
        guard let request = scrollRequest, request.target.animationDuration ?? 0 <= 0 else { return span }
        var span = span
        for _ in 0..<LazyStack.maximumLayoutPasses {
            let wanted = targetOffset(for: request.target)
            guard abs(wanted - physics.offset) > Tolerance.points else { break }
            physics.jump(to: wanted)
            if let row = row(for: request.target) { setAnchor(row: row) }
            span = layoutViewport(physics: &physics, work: &work, events: &events).span
        }
        return span
    }

    /// A scroll has landed once nothing is animating it: record how far off it is.
    mutating func checkScrollLanding(physics: ScrollPhysics, events: inout EventLog) {
        guard let request = scrollRequest, !physics.isAnimatingProgrammatically else { return }
        scrollRequest = nil
        let error = abs(targetOffset(for: request.target) - offset)
        totals.scrollToCount += 1
        totals.scrollToFrames += frame - request.startFrame + 1
        totals.scrollToLandingErrorPx = max(totals.scrollToLandingErrorPx, error)
        events.record(.scrollToLanded, row: row(for: request.target) ?? -1, value: error)
    }

    /// A tap mutates the element's view state (e.g. a highlight).
    public mutating func tap(element: Int, events: inout EventLog) {
        precondition(element >= 0 && element < rows.elementCount, "element \(element) outside 0..<\(rows.elementCount)")
        let row = Int(rows.firstRowOfElement[element])
        viewStateMutated[row] = true
        events.record(.tap, row: row, element: element)
    }
}

/// A programmatic scroll in progress.
struct ScrollRequest: Equatable, Sendable {
    var target: ScrollTarget
    var startFrame: Int
}
