/// What one view type did and cost over a run: which type to fix.
public struct TypeTotals: Equatable, Sendable {
    /// Main-thread work on behalf of views of this type, by phase.
    public var work = PhaseWork()
    /// Of that, the work done in frames that were late (any interval), in all and by phase.
    public var lateWorkMs = 0.0
    public var lateWork = PhaseWork()
    /// Views built inside a frame, finished ahead of need by prefetch, and shown again from the
    /// keep-alive cache.
    public var coldBuilds = 0
    public var prefetchedBuilds = 0
    public var reusedFromCache = 0

    public init() {}

    /// A frame's work on behalf of this type; in a late frame it is late work too.
    /// - Complexity: O(1)
    mutating func recordFrame(_ frameWork: PhaseWork, late: Bool) {
        work.add(frameWork)
        guard late else { return }
        lateWorkMs += frameWork.total
        lateWork.add(frameWork)
    }
}
