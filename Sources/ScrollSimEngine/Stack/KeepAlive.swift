/// How long a view that left the screen is kept before it is destroyed, and which goes first
/// when too many are kept.
///
/// A view is kept for `keepAlive.ms` milliseconds or `keepAlive.frames` frames from the first
/// frame it is outside both the viewport and the prefetch window (the window's rows are still
/// wanted: their clock does not run). Over the count cap, the view whose clock started earliest
/// is destroyed first; clocks started at the same instant go in row order.
struct KeepAlive: Equatable, Sendable {
    let config: KeepAliveConfig

    /// Whether a view cached at (`sinceMs`, `sinceFrame`) has expired at (`nowMs`, `frame`).
    /// - Complexity: O(1)
    func hasExpired(sinceMs: Double, sinceFrame: Int, nowMs: Double, frame: Int) -> Bool {
        switch config.duration {
        case .milliseconds(let ms):
            return nowMs - sinceMs >= ms - Tolerance.milliseconds
        case .frames(let frames):
            return frame - sinceFrame >= frames
        }
    }

    /// Whether the view cached at `a` should be destroyed before the one cached at `b` when the
    /// cache is over its cap.
    /// - Complexity: O(1)
    static func goesBefore(_ a: (sinceMs: Double, row: Int), _ b: (sinceMs: Double, row: Int)) -> Bool {
        a.sinceMs < b.sinceMs || (a.sinceMs == b.sinceMs && a.row < b.row)
    }

    /// The most views the cache holds.
    var maxViews: Int { config.maxViews }
}
