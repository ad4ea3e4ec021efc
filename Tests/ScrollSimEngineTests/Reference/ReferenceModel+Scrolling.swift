import Foundation
import ScrollSimEngine

/// The offset and what moves it: drag and fling physics, corrections carried into the gesture,
/// edges taken after layout (ScrollingAndEdges).
extension ReferenceModel {
    func offsetRange() -> ClosedRange<Double> { 0...max(0, extent() - viewportHeight) }

    func held(_ value: Double) -> Double {
        let range = offsetRange()
        return min(max(value, range.lowerBound), range.upperBound)
    }

    var isMoving: Bool {
        if case .idle = motion { return false }
        return true
    }

    /// SE "Drag and fling": drag at the finger's velocity; fling x(t) = x0 + v0·(dᵗ − 1)/(1000·ln d),
    /// stopping once its speed falls below 0.5 pt/s. "Physics is a function of time, evaluated at
    /// each frame's start tick". SR `drag.release`: "fling" goes on "with the finger's velocity",
    /// at the normal rate.
    func advance(to t: Double) {
        switch motion {
        case .idle:
            velocity = 0
        case .drag(let start, let origin, let v, let end, let flingOnRelease):
            offset = origin + v * (min(t, end) - start) / 1000
            velocity = v
            if t >= end {
                motion = .idle
                velocity = 0
                if flingOnRelease {
                    motion = .fling(startMs: end, origin: offset, velocity: v, rate: 0.998)
                    advance(to: t)
                }
            }
        case .fling(let start, let origin, let v, let rate):
            let stopMs = abs(v) > 0.5 ? log(0.5 / abs(v)) / log(rate) : 0
            let elapsed = max(0, t - start)
            offset = origin + v * (pow(rate, min(elapsed, stopMs)) - 1) / (1000 * log(rate))
            velocity = elapsed < stopMs ? v * pow(rate, elapsed) : 0
            if elapsed >= stopMs {
                motion = .idle
                velocity = 0
            }
        }
    }

    /// HE: "the viewport shifts the offset, and the gesture in flight, by the same amount".
    func shift(by delta: Double) {
        offset += delta
        switch motion {
        case .idle: break
        case .drag(let s, let origin, let v, let e, let f): motion = .drag(startMs: s, origin: origin + delta, velocity: v, endMs: e, flingOnRelease: f)
        case .fling(let s, let origin, let v, let r): motion = .fling(startMs: s, origin: origin + delta, velocity: v, rate: r)
        }
    }

    /// HE layout loop, step 5 "clamp to the edges layout found"; SE "A fling stops at an edge
    /// only if it still runs into it after layout". Engine rule: a drag held at an edge is
    /// re-based there (ScrollPhysics.clamp: the finger's travel beyond the edge is not banked).
    func clamp() {
        let range = offsetRange()
        guard offset < range.lowerBound || offset > range.upperBound else { return }
        let clamped = min(max(offset, range.lowerBound), range.upperBound)
        let excess = clamped - offset
        offset = clamped
        switch motion {
        case .fling: motion = .idle; velocity = 0
        case .drag(let s, let origin, let v, let e, let f): motion = .drag(startMs: s, origin: origin + excess, velocity: v, endMs: e, flingOnRelease: f)
        case .idle: break
        }
    }
}
