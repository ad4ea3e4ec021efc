/// What moves the content: a finger, a fling, a programmatic animation, or nothing.
///
/// Physics is a function of time, not of frames: after a late frame the next one jumps further,
/// as on a device. `advance` proposes where the motion has the content at a time, without
/// regard to edges: the viewport lays the content out first, because layout moves a lazy
/// stack's edges, and then clamps to the edges layout found (`clamp(to:)` stops a fling or an
/// animation that ran into one). When the content asks for an offset correction to keep its
/// anchor still, the viewport shifts the motion with `shift(by:)` so the gesture carries on from
/// there.
struct ScrollPhysics: Equatable, Sendable {
    enum Motion: Equatable, Sendable {
        case idle
        case drag(startMs: Double, origin: Double, velocity: Double, endMs: Double, flingOnRelease: Bool)
        case fling(FlingCurve)
        /// Ease-in-out toward a target the stack re-resolves every frame.
        case animated(startMs: Double, origin: Double, durationMs: Double)
    }

    private(set) var motion: Motion = .idle
    private(set) var offset: Double
    /// pt/s, positive toward the end of the content.
    private(set) var velocity: Double = 0

    init(offset: Double = 0) {
        self.offset = offset
    }

    var isMoving: Bool {
        if case .idle = motion { return false }
        return true
    }

    var isAnimatingProgrammatically: Bool {
        if case .animated = motion { return true }
        return false
    }

    mutating func beginDrag(atMs t: Double, velocity v: Double, durationMs: Double, flingOnRelease: Bool) {
        motion = .drag(startMs: t, origin: offset, velocity: v, endMs: t + durationMs, flingOnRelease: flingOnRelease)
    }

    mutating func beginFling(atMs t: Double, velocity v: Double, rate: Double) {
        motion = .fling(FlingCurve(startMs: t, origin: offset, velocity: v, rate: rate))
    }

    mutating func beginAnimation(atMs t: Double, durationMs: Double) {
        motion = .animated(startMs: t, origin: offset, durationMs: durationMs)
    }

    /// Moves the content to `newOffset` at once and ends any motion (an instant scrollTo).
    mutating func jump(to newOffset: Double) {
        motion = .idle
        offset = newOffset
        velocity = 0
    }

    /// Advances to time t; `animationTarget` is where a programmatic animation should land.
    /// Returns true while the content is in motion. The offset may end up past an edge: the
    /// viewport clamps it after layout.
    /// - Complexity: O(1)
    @discardableResult
    mutating func advance(toMs t: Double, animationTarget: Double) -> Bool {
        switch motion {
        case .idle:
            velocity = 0
        case .drag(let start, let origin, let v, let end, let flingOnRelease):
            let elapsed = min(t, end) - start
            offset = origin + v * elapsed / 1000
            velocity = v
            if t >= end {
                if flingOnRelease {
                    motion = .fling(FlingCurve(startMs: end, origin: offset, velocity: v, rate: DecelerationRate.normal))
                    return advance(toMs: t, animationTarget: animationTarget)
                }
                motion = .idle
                velocity = 0
            }
        case .fling(let curve):
            (offset, velocity) = curve.motion(atMs: t)
            if curve.isFinished(atMs: t) {
                motion = .idle
                velocity = 0
            }
        case .animated(let start, let origin, let duration):
            let progress = duration <= 0 ? 1 : min(1, max(0, (t - start) / duration))
            let eased = ScrollPhysics.easeInOut(progress)
            offset = origin + (animationTarget - origin) * eased
            // d/dt of the eased position: (target − origin)·6p(1 − p)/duration, in pt/s.
            velocity = duration <= 0 ? 0 : (animationTarget - origin) * 6 * progress * (1 - progress) / duration * 1000
            if progress >= 1 {
                offset = animationTarget
                motion = .idle
                velocity = 0
            }
        }
        return isMoving
    }

    /// Keeps the offset inside the content; hitting an edge stops a fling or an animation (a
    /// drag carries on: the finger is still down). Returns true if the offset was outside.
    ///
    /// A drag held against an edge does not bank the finger's travel beyond it: the gesture is
    /// re-based at the edge, so when the edge moves (a page appended, rows measured) the content
    /// follows the finger from where it is, instead of leaping by all the travel held back. On
    /// iOS the content rubber-bands at an edge with growing resistance and springs back on
    /// release (`UIScrollView.bounces`); the overscroll is never stored as scroll distance.
    @discardableResult
    mutating func clamp(to range: ClosedRange<Double>) -> Bool {
        guard offset < range.lowerBound || offset > range.upperBound else { return false }
        let clamped = min(max(offset, range.lowerBound), range.upperBound)
        let excess = clamped - offset
        offset = clamped
        switch motion {
        case .fling, .animated:
            motion = .idle
            velocity = 0
        case .drag(let start, let origin, let v, let end, let fling):
            motion = .drag(startMs: start, origin: origin + excess, velocity: v, endMs: end, flingOnRelease: fling)
        case .idle:
            break
        }
        return true
    }

    /// Shifts the content and the motion together (an offset correction): the gesture continues
    /// from the corrected place instead of snapping back.
    mutating func shift(by delta: Double) {
        offset += delta
        switch motion {
        case .idle:
            break
        case .drag(let start, let origin, let v, let end, let fling):
            motion = .drag(startMs: start, origin: origin + delta, velocity: v, endMs: end, flingOnRelease: fling)
        case .fling(var curve):
            curve.origin += delta
            motion = .fling(curve)
        case .animated(let start, let origin, let duration):
            motion = .animated(startMs: start, origin: origin + delta, durationMs: duration)
        }
    }

    /// The ease-in-out timing curve (cubic smoothstep): 0 → 0, 1 → 1, zero slope at both ends.
    static func easeInOut(_ p: Double) -> Double {
        p * p * (3 - 2 * p)
    }
}
