import Foundation
import ScrollSimEngine

/// The keep-alive cache: expiry by ms or frames, the cap, releases (PrefetchKeepAliveAndState).
extension ReferenceModel {
    func destroy(_ row: Int) {
        rows[row].phase = .none
        rows[row].unitsDone = 0
        frame.released.append(row)
    }

    /// PK: "Views that leave the viewport and the prefetch window go to a keep-alive cache
    /// (`keepAlive.ms` or `keepAlive.frames`, at most `keepAlive.maxViews`, the earliest cached
    /// destroyed first)"; "Rows inside the prefetch window never expire"; MD "the cap counts
    /// cached rows only". Engine rules: a half-prefetched row that leaves the window is dropped
    /// (its work wasted); a built row that leaves it unseen is cached this frame and can expire
    /// from the next; ties in the cap go in row order.
    func evict(nowMs: Double) {
        guard !eager else { return }
        // SR `keepAlive.ms`: "how long a row that left the viewport and the prefetch window is
        // kept": read literally, a cached row's clock starts again while the window holds it.
        // The engine starts it when the row leaves the viewport and only stops it from expiring
        // inside the window.
        if reading == .documented {
            for row in 0..<n where inWindow(row) && rows[row].phase == .cached {
                rows[row].cachedAtMs = nowMs
                rows[row].cachedAtFrame = frameIndex
            }
        }
        for row in 0..<n where !inWindow(row) {
            switch rows[row].phase {
            case .none, .visible:
                break
            case .prefetching:
                destroy(row)
            case .ready:
                rows[row].phase = .cached
                rows[row].cachedAtMs = nowMs
                rows[row].cachedAtFrame = frameIndex
                frame.evicted.append(row)
            case .cached:
                let expired: Bool
                switch config.stack.keepAlive.duration {
                case .milliseconds(let ms): expired = nowMs - rows[row].cachedAtMs >= ms - 1e-9
                case .frames(let k): expired = frameIndex - rows[row].cachedAtFrame >= k
                }
                if expired { destroy(row) }
            }
        }
        var cached = 0
        for row in rows where row.phase == .cached { cached += 1 }
        let over = cached - config.stack.keepAlive.maxViews
        guard over > 0 else { return }
        let candidates = (0..<n).filter { rows[$0].phase == .cached && !inWindow($0) }
            .sorted { (rows[$0].cachedAtMs, $0) < (rows[$1].cachedAtMs, $1) }
        for row in candidates.prefix(over) { destroy(row) }
    }
}
