import Foundation
import ScrollSimEngine

/// Idle-time prefetch with the `deadline` policy, and the window it keeps alive
/// (PrefetchKeepAliveAndState).
extension ReferenceModel {
    /// Returns false when prefetch ends for the frame.
    func prefetch(_ row: Int, needed: Bool, idle: inout Double) -> Bool {
        guard idle > 1e-9 else { return false }
        switch rows[row].phase {
        case .visible, .ready, .cached:
            return true
        case .none, .prefetching:
            let type = rows[row].type
            // PK: "starts a row's next unit only if its view type's running average for that
            // unit … fits the idle time left … or if the next frame needs the row (then every
            // unit left is forced". "The first unit that does not fit ends prefetch".
            if rows[row].phase == .none {
                guard fits(type, 0, idle: idle) || needed else { return false }
                rows[row].phase = .prefetching
                rows[row].unitsDone = 0
            }
            while rows[row].unitsDone < 3 {
                let unit = rows[row].unitsDone
                guard needed || fits(type, unit, idle: idle) else { return false }
                let cost = unitCost(row, unit)
                charge(.prefetch, cost)
                idle -= cost
                learn(type, unit, cost)
                rows[row].unitsDone += 1
            }
            rows[row].phase = .ready
            rows[row].appearedSinceBuild = false
            measure(row)
            frame.prefetchFinished.append(row)
            // Engine rule: after a finished row, the walk goes on only while idle time remains.
            return idle > 1e-9
        }
    }

    /// PK: "Prefetch works beyond the leading edge in the direction of the last non-zero
    /// velocity …, up to `prefetch.distance` viewports". MD: "Needed by the next frame" means
    /// inside the viewport one frame of the current velocity ahead. Engine rule: the walk steps
    /// by each row's height as it stands after the row is worked on, and every row it passes is
    /// in the window (kept alive), whether or not prefetch had time for it.
    func prefetchWindow() {
        windowFirst = 0
        windowLast = -1
        guard !eager, config.stack.prefetch.enabled, n > 0, lastVisible >= firstVisible else { return }
        let reach = config.stack.prefetch.distance * viewportHeight
        // PK: "the idle time is budget − work − `prefetch.marginMs`".
        var idle = budget - work - config.stack.prefetch.marginMs
        var open = true
        let nextOffset = offset + velocity * budget / 1000
        if direction >= 0 {
            guard lastVisible + 1 < n else { return }
            var row = lastVisible + 1
            var top = y(row)
            while row < n, top < offset + viewportHeight + reach {
                if open { open = prefetch(row, needed: top < nextOffset + viewportHeight, idle: &idle) }
                top += height(row) + spacing
                row += 1
            }
            (windowFirst, windowLast) = (lastVisible + 1, row - 1)
        } else {
            guard firstVisible - 1 >= 0 else { return }
            var row = firstVisible - 1
            var bottom = y(firstVisible) - spacing
            while row >= 0, bottom > offset - reach {
                if open { open = prefetch(row, needed: bottom > nextOffset, idle: &idle) }
                bottom -= height(row) + spacing
                row -= 1
            }
            (windowFirst, windowLast) = (row + 1, firstVisible - 1)
        }
    }

    func inWindow(_ row: Int) -> Bool { row >= windowFirst && row <= windowLast }
}
