/// What paging cost the user (`pagination.*` in the report; zeros without pagination): pages
/// that arrived, triggers suppressed because a load was in flight, frames with the spinner on
/// screen, and the longest wait from the spinner first showing to its page arriving.
public struct PaginationTotals: Equatable, Sendable {
    public var loads = 0
    public var duplicateTriggers = 0
    public var waitingFrames = 0
    public var timeToContentMs = 0.0

    public init() {}

    /// A page arrived; `waitedMs` is how long its spinner had shown (nil if it never showed).
    /// - Complexity: O(1)
    mutating func recordLoad(waitedMs: Double?) {
        loads += 1
        if let waitedMs { timeToContentMs = max(timeToContentMs, waitedMs) }
    }
}
