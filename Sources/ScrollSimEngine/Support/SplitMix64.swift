/// The engine's only source of randomness: SplitMix64 (Steele, Lea and Flood, 2014).
///
/// Every random draw in a simulation comes from one generator seeded by the scenario's `seed`, so
/// the same scenario gives the same draws in the same order on every platform. Doubles are built
/// from the top 53 bits, so `nextUnit()` is exact and platform independent.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    fileprivate var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    /// - Complexity: O(1)
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform draw in [0, 1).
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A standard normal draw (Box–Muller; uses two uniform draws).
    public mutating func nextStandardNormal() -> Double {
        let u1 = max(nextUnit(), 0x1.0p-53)
        let u2 = nextUnit()
        return (-2 * _log(u1)).squareRoot() * _cos(2 * Double.pi * u2)
    }
}

extension SplitMix64 {
    /// Moves past `n` draws without making them: the generator then gives what it would have
    /// given after `n` calls to `next()` (SplitMix64's state advances by a constant per draw).
    /// - Complexity: O(1)
    public mutating func skip(_ n: Int) {
        precondition(n >= 0, "cannot skip \(n) draws")
        state &+= 0x9E37_79B9_7F4A_7C15 &* UInt64(n)
    }
}

/// Two generators are equal when their next draws are (a checkpoint compares equal to the
/// generator it was taken from).
extension SplitMix64: Equatable {}
