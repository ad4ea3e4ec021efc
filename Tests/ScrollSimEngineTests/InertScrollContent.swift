@testable import ScrollSimEngine

/// Stand-in content for tests of the viewport's loops: a conformer supplies its extent and its
/// `layout(at:)` (and whatever else the test is about); everything else does nothing — 100 pt
/// elements, no views, no memory, no events.
protocol InertScrollContent: ScrollContent {}

extension InertScrollContent {
    mutating func prepare(_ context: inout FrameContext) {}
    /// Laid out again every time (a test content that counts its layouts sees them all).
    func isLaidOut(at offset: Double) -> Bool { false }
    mutating func acceptCorrection(_ delta: Double, _ context: inout FrameContext) {}
    mutating func present(at offset: Double, scrollDelta: Double, _ context: inout FrameContext) {}
    mutating func finish(velocity: Double, _ context: inout FrameContext) -> Double { 0 }
    mutating func resize(to size: Size, _ context: inout FrameContext) -> Double { 0 }
    var firstScreenComplete: Bool { true }
    func frame(ofElement element: Int) -> (y: Double, height: Double) { (Double(element) * 100, 100) }
    func row(for destination: ScrollTarget.Destination) -> Int? { nil }
    mutating func anchor(on destination: ScrollTarget.Destination) {}
    var showsFirstElement: Bool { false }
    var firstElementTop: Double { 0 }
    mutating func tap(element: Int, _ context: inout FrameContext) {}
    mutating func environmentChanged(key: String, _ context: inout FrameContext) -> Int { 0 }
    mutating func append(elements k: Int, _ context: inout FrameContext) {}
    mutating func lookUp(element: Int, _ context: inout FrameContext) -> Double { 0 }
    func viewID(at anchor: ScrollTarget.Anchor) -> Int { -1 }
    var visibleElements: (Int, Int) { (-1, -2) }
    func isScrolledPast(element: Int) -> Bool { false }
    var signals: ContentSignals { ContentSignals() }
    var liveElementCount: Int { 0 }
    mutating func setFooter(height: Double) {}
    var footerVisible: Bool { false }
    mutating func finishRun(_ context: inout FrameContext) {}
    var memoryBytes: Int { 0 }
    var visibleCount: Int { 0 }
    var prefetchedCount: Int { 0 }
    var cachedCount: Int { 0 }
}
