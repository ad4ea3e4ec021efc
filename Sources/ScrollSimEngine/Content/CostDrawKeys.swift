/// What a run's per-element cost draws are keyed by (`RowTable+CostDraws.swift`): a hashed seed,
/// and a key per view type.
///
/// A single run keys its draws as it always has: the content's seed, and each type by its
/// index. An ensemble's run (`SimulationConfig.drawSeed`) keys them by the run's seed and each
/// type by a hash of its name, so that run `i` of a baseline and run `i` of a changed scenario
/// draw the same costs for every type they share, even when the change added, removed or
/// reordered types (what makes their paired difference a measure of the change alone).
struct CostDrawKeys: Equatable, Sendable {
    /// The seed every draw's hash starts from, already mixed.
    let base: UInt64
    /// Each type's key by type index; nil: the index itself.
    let typeKeys: [UInt64]?

    /// A single run's keys: from the table's nested seed (the content's seed, salted), types by
    /// index.
    init(nestedSeed: UInt64) {
        base = CostDrawKeys.mix(nestedSeed ^ 0xD1B5_4A32_D192_ED03)
        typeKeys = nil
    }

    /// An ensemble run's keys: from the run's seed, types by name (FNV-1a of the UTF-8 name).
    init(drawSeed: UInt64, typeNames: [String]) {
        base = CostDrawKeys.mix(drawSeed ^ 0xA076_1D64_78BD_642F ^ 0xD1B5_4A32_D192_ED03)
        typeKeys = typeNames.map { name in
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            return hash
        }
    }

    /// Type `t`'s key.
    /// - Complexity: O(1)
    @inline(__always)
    func type(_ t: Int) -> UInt64 {
        typeKeys.map { $0[t] } ?? UInt64(t)
    }

    /// u in (0, 1) from (type key, cost, element, child): SplitMix64's finalizer over the
    /// combined key, its top 53 bits centred in their interval.
    /// - Complexity: O(1)
    @inline(__always)
    func unit(type key: UInt64, phase: CostPhase, element: Int, child: Int) -> Double {
        var h = CostDrawKeys.mix(base ^ (key << 8 | UInt64(phase.rawValue)))
        h = CostDrawKeys.mix(h ^ UInt64(truncatingIfNeeded: element) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: child))
        return (Double(h >> 11) + 0.5) * 0x1.0p-53
    }

    /// SplitMix64's finalizer.
    @inline(__always)
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
