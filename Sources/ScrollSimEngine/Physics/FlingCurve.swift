/// UIScrollView-style deceleration after the finger lifts.
///
/// With release velocity v0 (pt/s) and deceleration rate d per millisecond (0.998 normal,
/// 0.99 fast), velocity decays as v(t) = v0·d^t and the offset follows
/// x(t) = x0 + v0·(d^t − 1) / (1000·ln d), t in ms. The content travels at most
/// v0 / (1000·ln(1/d)) points (≈ 1498.5 pt for 3000 pt/s at 0.998), and stops once the speed
/// falls below `stopSpeed`.
struct FlingCurve: Equatable, Sendable {
    let startMs: Double
    var origin: Double
    let velocity: Double
    let rate: Double
    /// ln d, and the time to rest: both fixed for the curve, so a frame evaluates one `pow`
    /// instead of seven logarithms and two powers (the same expressions, so the same values).
    private let logRate: Double
    /// When the speed falls below `stopSpeed`, in ms after the release.
    let durationMs: Double

    /// pt/s below which the content is considered at rest (UIScrollView uses about half a point).
    static let stopSpeed = 0.5

    init(startMs: Double, origin: Double, velocity: Double, rate: Double) {
        precondition(rate > 0 && rate < 1, "deceleration rate \(rate) must be in (0, 1)")
        self.startMs = startMs
        self.origin = origin
        self.velocity = velocity
        self.rate = rate
        logRate = _log(rate)
        let speed = abs(velocity)
        durationMs = speed > FlingCurve.stopSpeed ? _log(FlingCurve.stopSpeed / speed) / logRate : 0
    }

    /// Total distance to rest if nothing stops it: v0 / (1000·ln(1/d)).
    var projectedDistance: Double {
        velocity / (1000 * -logRate)
    }

    func offset(atMs t: Double) -> Double { motion(atMs: t).offset }

    func velocity(atMs t: Double) -> Double { motion(atMs: t).velocity }

    func isFinished(atMs t: Double) -> Bool {
        t - startMs >= durationMs
    }

    /// The offset and the velocity at `t` together, from one `pow`.
    /// - Complexity: O(1)
    func motion(atMs t: Double) -> (offset: Double, velocity: Double) {
        let elapsed = max(0, t - startMs)
        guard elapsed < durationMs else { return (offset(decayedBy: _pow(rate, durationMs)), 0) }
        let decay = _pow(rate, elapsed)
        return (offset(decayedBy: decay), velocity * decay)
    }

    /// x0 + v0·(d^t − 1) / (1000·ln d), given d^t.
    private func offset(decayedBy decay: Double) -> Double {
        origin + velocity * (decay - 1) / (1000 * logRate)
    }
}
