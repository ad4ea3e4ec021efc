import Foundation
import ScrollSimEngine

/// Building what the viewport shows, the layout loop with its corrections, and instant
/// `scrollTo` (PrefetchKeepAliveAndState "Materializing a row", HeightsEstimatesAndCorrections).
extension ReferenceModel {
    // MARK: Work

    func charge(_ phase: PhaseWork.Phase, _ ms: Double) { frame.phaseMs[phase] += ms }
    var work: Double { frame.phaseMs.reduce(0, +) }

    /// PK "running average for that unit (old·3/4 + new/4)"; MD "Every init, body and layout
    /// pass of a build … inside a frame or ahead of need".
    func learn(_ type: Int, _ unit: Int, _ ms: Double) {
        averages[type][unit] = averages[type][unit].map { $0 * 3 / 4 + ms / 4 } ?? ms
    }

    /// PK "a unit the type has never run is tried" (MD: "while idle time remains").
    func fits(_ type: Int, _ unit: Int, idle: Double) -> Bool {
        if let average = averages[type][unit] { return average <= idle }
        return idle > 1e-9
    }

    static let unitPhases: [PhaseWork.Phase] = [.initialize, .body, .layout]
    func unitCost(_ row: Int, _ unit: Int) -> Double { rows[row].costs.units[unit] }

    /// PK "Materializing a row": cold — "init, body and one layout pass inside the frame";
    /// finishing a prefetch — "the units prefetch had not done yet, inside the frame";
    /// from the cache — nothing (same width).
    func ensureBuilt(_ row: Int) {
        switch rows[row].phase {
        case .none, .prefetching:
            for unit in rows[row].unitsDone..<3 {
                charge(ReferenceModel.unitPhases[unit], unitCost(row, unit))
                learn(rows[row].type, unit, unitCost(row, unit))
            }
            rows[row].phase = .ready
            rows[row].unitsDone = 3
            rows[row].appearedSinceBuild = false
            measure(row)
            frame.built.append(row)
        case .ready, .visible, .cached:
            break
        }
    }

    /// Engine rule (LazyStack+Layout): walk down from the row at the offset, adding each row's
    /// height as it is measured, building every row that starts above the viewport's bottom (at
    /// least one). PK: "the stack finds the rows that intersect the viewport and makes sure each
    /// exists and is laid out".
    func layout(at shown: Double) -> Double {
        guard n > 0 else { return 0 }
        if placingBottom {
            // HE "Placed at the bottom": "measures from the last row upward until the rows
            // measured fill the viewport" — the rows a layout at the bottom shows, no others.
            var first = n - 1
            ensureBuilt(first)
            while first > 0, extent() - y(first) + spacing < viewportHeight {
                first -= 1
                ensureBuilt(first)
            }
            laidFirst = first
            laidLast = n - 1
            return anchorRow >= 0 ? y(anchorRow) - anchorY : 0
        }
        var row = row(atY: shown)
        var top = y(row)
        while row < n - 1, top + height(row) <= shown {
            top += height(row) + spacing
            row += 1
        }
        let first = row
        while row < n, top < shown + viewportHeight || row == first {
            ensureBuilt(row)
            top += height(row) + spacing
            row += 1
        }
        laidFirst = first
        laidLast = row - 1
        // HE: "When rows above the anchor turn out taller or shorter … the anchor's position
        // in content coordinates moves … the stack reports that move as a correction".
        return anchorRow >= 0 ? y(anchorRow) - anchorY : 0
    }

    /// HE "The viewport's layout loop", steps 1–6 (at most `LayoutLoop.maximumPasses`, 8,
    /// passes: the bound is a figure of the model the article states, not a rule to re-derive).
    /// Returns the correction.
    func layOutContent() -> Double {
        var correction = 0.0
        for _ in 0..<LayoutLoop.maximumPasses {
            let shown = held(offset)
            let delta = layout(at: shown)
            if abs(delta) > 1e-3 {
                shift(by: delta)
                anchorY += delta
                frame.corrections += 1
                correctionPoints += abs(delta)
                correction += delta
                continue
            }
            if held(offset) == shown { break }
        }
        clamp()
        _ = layout(at: offset)
        return correction
    }

    /// SE "Programmatic scrolling": the target offset from measured heights and estimates,
    /// at the requested anchor, inside the edges.
    func targetOffset(_ target: ScrollTarget) -> Double {
        let range = offsetRange()
        var wanted = 0.0
        switch target.destination {
        case .top: wanted = range.lowerBound
        case .bottom: wanted = range.upperBound
        case .center: wanted = (range.lowerBound + range.upperBound) / 2
        case .offset(let value): wanted = value
        case .element(let e):
            switch target.anchor {
            case .top: wanted = y(e)
            case .center: wanted = y(e) - (viewportHeight - height(e)) / 2
            case .bottom: wanted = y(e) + height(e) - viewportHeight
            }
        }
        return min(max(wanted, range.lowerBound), range.upperBound)
    }

    /// SE: "An **instant** scroll jumps to the target, anchors the stack on the target element".
    func jump(to target: ScrollTarget) {
        motion = .idle
        velocity = 0
        offset = targetOffset(target)
        placingBottom = target.destination == .bottom
        switch target.destination {
        case .element(let e): anchorRow = e
        case .top: anchorRow = 0
        case .bottom: anchorRow = n - 1
        case .offset, .center:
            // SE: a jump to an offset (or the middle) anchors on the row it shows first.
            anchorRow = row(atY: offset)
            while anchorRow < n - 1, y(anchorRow) + height(anchorRow) <= offset { anchorRow += 1 }
        }
        anchorY = y(anchorRow)
    }
}
