/// UIScrollView-style deceleration after the finger lifts.
///
/// With release velocity v0 (pt/s) and deceleration rate d per millisecond (0.998 normal,
/// 0.99 fast), velocity decays as v(t) = v0·d^t and the offset follows
/// x(t) = x0 + v0·(d^t − 1) / (1000·ln d), t in ms. The content travels at most
/// v0 / (1000·ln(1/d)) points (≈ 1498.5 pt for 3000 pt/s at 0.998), and stops once the speed
/// falls below `stopSpeed`.
struct FlingCurve: Equatable, Sendable {
    var startMs: Double
    var origin: Double
    var velocity: Double
    var rate: Double

    /// pt/s below which the content is considered at rest (UIScrollView uses about half a point).
    static let stopSpeed = 0.5

    init(startMs: Double, origin: Double, velocity: Double, rate: Double) {
        precondition(rate > 0 && rate < 1, "deceleration rate \(rate) must be in (0, 1)")
        self.startMs = startMs
        self.origin = origin
        self.velocity = velocity
        self.rate = rate
    }

    /// Total distance to rest if nothing stops it: v0 / (1000·ln(1/d)).
    var projectedDistance: Double {
        velocity / (1000 * -_log(rate))
    }

    /// When the speed falls below `stopSpeed`, in ms after the release.
    var durationMs: Double {
        let speed = abs(velocity)
        guard speed > FlingCurve.stopSpeed else { return 0 }
        return _log(FlingCurve.stopSpeed / speed) / _log(rate)
    }

    func offset(atMs t: Double) -> Double {
        let elapsed = min(max(0, t - startMs), durationMs)
        return origin + velocity * (_pow(rate, elapsed) - 1) / (1000 * _log(rate))
    }

    func velocity(atMs t: Double) -> Double {
        let elapsed = max(0, t - startMs)
        guard elapsed < durationMs else { return 0 }
        return velocity * _pow(rate, elapsed)
    }

    func isFinished(atMs t: Double) -> Bool {
        t - startMs >= durationMs
    }
}
