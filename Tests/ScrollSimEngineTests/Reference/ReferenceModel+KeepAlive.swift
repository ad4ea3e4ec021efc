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
    /// destroyed first)"; "its keep-alive clock starts in the first frame it is outside both the
    /// viewport and the prefetch window: a cached row the window holds, or turns back to, has no
    /// running clock, and starts it again when it leaves"; "Rows inside the prefetch window never
    /// expire"; MD "the cap counts cached rows only". Engine rules: a half-prefetched row that
    /// leaves the window is dropped (its work wasted); a built row that leaves it unseen is
    /// cached this frame and can expire from the next, and so can a cached row whose clock
    /// starts this frame; ties in the cap go in row order.
    func evict(nowMs: Double) {
        guard !eager else { return }
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
                rows[row].clockHeld = false
                frame.evicted.append(row)
            case .cached:
                guard !rows[row].clockHeld else { break }
                let expired: Bool
                switch config.stack.keepAlive.duration {
                case .milliseconds(let ms): expired = nowMs - rows[row].cachedAtMs >= ms - 1e-9
                case .frames(let k): expired = frameIndex - rows[row].cachedAtFrame >= k
                }
                if expired { destroy(row) }
            }
        }
        for row in 0..<n where rows[row].phase == .cached {
            if inWindow(row) {
                rows[row].clockHeld = true
            } else if rows[row].clockHeld {
                rows[row].clockHeld = false
                rows[row].cachedAtMs = nowMs
                rows[row].cachedAtFrame = frameIndex
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
