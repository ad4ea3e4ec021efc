/// UIScrollView-style deceleration after the finger lifts.
///
/// With release velocity v0 (pt/s) and deceleration rate d per millisecond (0.998 normal,
/// 0.99 fast), velocity decays as v(t) = v0·d^t and the offset follows
/// x(t) = x0 + v0·(d^t − 1) / (1000·ln d), t in ms. The content travels at most
/// v0 / (1000·ln(1/d)) points (≈ 1498.5 pt for 3000 pt/s at 0.998), and stops once the speed
/// falls below `stopSpeed`.
public struct FlingCurve: Equatable, Sendable {
    public var startMs: Double
    public var origin: Double
    public var velocity: Double
    public var rate: Double

    /// pt/s below which the content is considered at rest (UIScrollView uses about half a point).
    public static let stopSpeed = 0.5

    public init(startMs: Double, origin: Double, velocity: Double, rate: Double) {
        precondition(rate > 0 && rate < 1, "deceleration rate \(rate) must be in (0, 1)")
        self.startMs = startMs
        self.origin = origin
        self.velocity = velocity
        self.rate = rate
    }

    /// Total distance to rest if nothing stops it: v0 / (1000·ln(1/d)).
    public var projectedDistance: Double {
        velocity / (1000 * -_log(rate))
    }

    /// When the speed falls below `stopSpeed`, in ms after the release.
    public var durationMs: Double {
        let speed = abs(velocity)
        guard speed > FlingCurve.stopSpeed else { return 0 }
        return _log(FlingCurve.stopSpeed / speed) / _log(rate)
    }

    public func offset(atMs t: Double) -> Double {
        let elapsed = min(max(0, t - startMs), durationMs)
        return origin + velocity * (_pow(rate, elapsed) - 1) / (1000 * _log(rate))
    }

    public func velocity(atMs t: Double) -> Double {
        let elapsed = max(0, t - startMs)
        guard elapsed < durationMs else { return 0 }
        return velocity * _pow(rate, elapsed)
    }

    public func isFinished(atMs t: Double) -> Bool {
        t - startMs >= durationMs
    }
}
