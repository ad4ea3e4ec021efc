/// The app's scroll-position observer: callbacks delivered, and how often its answer ("scrolled
/// past the boundary?") changed in a frame without a user scroll.
public struct ObserverTotals: Equatable, Sendable {
    public var callbacks = 0
    public var spuriousChanges = 0

    public init() {}
}
