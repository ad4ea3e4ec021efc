/// The views a run held at once, and the views it let go.
public struct MemoryTotals: Equatable, Sendable {
    /// The most views that existed at once, across all content.
    public var peakResidentViews = 0
    /// Views destroyed, their state released.
    public var releases = 0
    /// Elements that came back without the view state the script gave them.
    public var stateLossEvents = 0
    /// Views unloaded while a scroll transition still showed them on screen.
    public var poppedViews = 0

    public init() {}

    /// `count` views exist now.
    /// - Complexity: O(1)
    mutating func recordResidentViews(_ count: Int) {
        peakResidentViews = max(peakResidentViews, count)
    }
}
