/// How the content moved other than by the scroll: offset corrections, visible jumps, and
/// landings at the top edge.
public struct ScrollingTotals: Equatable, Sendable {
    /// Anchor-preserving shifts of the content offset, and their total size.
    public var offsetCorrections = 0
    public var correctionPx = 0.0
    /// Frames whose layout loop ran out of passes with the content still asking for a
    /// correction: what they show was not settled (`Viewport+Corrections.swift`).
    public var unsettledFrames = 0
    /// Frames in which a view visible before and after moved by other than the scroll, and the
    /// largest such move.
    public var visibleJumps = 0
    public var maxJumpPx = 0.0
    /// Arrivals at the top edge, and the worst distance between element 0's top and the
    /// viewport's top after a landing there.
    public var topArrivals = 0
    public var topLandingErrorPx = 0.0

    public init() {}

    /// An offset correction by `delta` points (either way).
    /// - Complexity: O(1)
    mutating func recordCorrection(_ delta: Double) {
        offsetCorrections += 1
        correctionPx += abs(delta)
    }

    /// A visible view moved by `px` other than the scroll; `newFrame` is false when this frame
    /// already counted a jump (masonry's columns are stacks of their own).
    /// - Complexity: O(1)
    mutating func recordJump(_ px: Double, newFrame: Bool) {
        if newFrame { visibleJumps += 1 }
        maxJumpPx = max(maxJumpPx, px)
    }

    /// The top edge judged: an arrival there or a stop at it, `errorPx` off.
    /// - Complexity: O(1)
    mutating func recordTopLanding(errorPx: Double, arrived: Bool) {
        if arrived { topArrivals += 1 }
        topLandingErrorPx = max(topLandingErrorPx, errorPx)
    }
}
