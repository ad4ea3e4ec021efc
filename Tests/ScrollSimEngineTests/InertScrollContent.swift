@testable import ScrollSimEngine

/// Stand-in content for tests of the viewport's loops: a conformer supplies its extent and its
/// `layout(at:constraints:_:)` (and whatever else the test is about); everything else does
/// nothing — 100 pt elements, no views, no memory, no events. (A test double: the engine's own
/// content has no such defaults.)
protocol InertScrollContent: ContentPositions {}

extension InertScrollContent {
    mutating func prepare(_ context: inout FrameContext) {}
    /// Laid out again every time (a test content that counts its layouts sees them all).
    func isLaidOut(at offset: Double) -> Bool { false }
    mutating func present(at offset: Double, scrollDelta: Double, _ context: inout FrameContext) {}
    mutating func finish(_ constraints: FinishConstraints, _ context: inout FrameContext) -> FrameOutcome { FrameOutcome() }
    mutating func resize(to size: Size, _ context: inout FrameContext) -> Double { 0 }
    var firstScreenComplete: Bool { true }
    func frame(ofElement element: Int) -> (y: Double, height: Double) { (Double(element) * 100, 100) }
    func row(for destination: ScrollTarget.Destination) -> Int? { nil }
    var showsFirstElement: Bool { false }
    var firstElementTop: Double { 0 }
    func viewID(at anchor: ScrollTarget.Anchor) -> Int { -1 }
    var visibleElements: (Int, Int) { (-1, -2) }
    func isScrolledPast(element: Int) -> Bool { false }

    /// The geometry of a layout at `offset` that found nothing but the content's extent.
    func geometry(at offset: Double, _ constraints: ContentConstraints, correction: Double = 0) -> ContentGeometry {
        ContentGeometry(offset: offset, constraints: constraints, scrollExtent: extent, laidOutElements: nil, scrollOffsetCorrection: correction)
    }
}

extension Fixtures {
    /// The stack of a plain `lazyVStack` run of `count` rows after its first frame.
    static func launchedStack(count: Int) -> LazyStack {
        var simulation = Simulation(config: config(count: count))
        simulation.step()
        return simulation.stack
    }
}

extension Simulation {
    /// The stack the viewport scrolls, for tests that look inside a `lazyVStack`, `vStack`,
    /// `lazyVGrid` or `pairedRows` run (a test looks through the run's concrete type; the engine
    /// never does).
    var stack: LazyStack {
        guard let playback = (player as? StackPlayback)?.playback else { preconditionFailure("the run's content is not a LazyStack") }
        return playback.viewport.content
    }
}
