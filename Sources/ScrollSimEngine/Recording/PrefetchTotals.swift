/// Building ahead of need in idle time, and what of it was thrown away.
public struct PrefetchTotals: Equatable, Sendable {
    /// Views whose build was finished ahead of need by prefetch.
    public var builds = 0
    /// Idle-time work spent prefetching.
    public var spentMs = 0.0
    /// Prefetch work whose result was never shown: views destroyed without appearing, and
    /// layouts discarded when a view configured in onAppear changed on appear.
    public var wastedMs = 0.0
    /// Views prefetch built that were destroyed without ever appearing.
    public var neverAppeared = 0
    /// Prefetched views still resident and not yet shown when the run ended (not waste: they
    /// would be used if the user scrolled on), and the prefetch work they hold.
    public var pendingAtEnd = 0
    public var pendingAtEndMs = 0.0

    public init() {}

    /// A prefetched view destroyed without ever appearing: its prefetch work is waste.
    /// - Complexity: O(1)
    mutating func recordNeverAppeared(wastedMs spent: Double) {
        wastedMs += spent
        neverAppeared += 1
    }

    /// A prefetched view still waiting to be shown when the run ended, holding `spent` ms.
    /// - Complexity: O(1)
    mutating func recordPendingAtEnd(spentMs spent: Double) {
        pendingAtEnd += 1
        pendingAtEndMs += spent
    }
}
