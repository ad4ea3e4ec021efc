import ScrollSimKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A hash table keyed by byte strings that is looked up with the bytes where they lie — in the
/// input's buffer — so that a hit allocates nothing and retains nothing but the value. The
/// trace-event reader interns through it the names, categories and attribute keys a trace
/// repeats on every event, and caches the attributes of an `args` object by its bytes.
///
/// A key is one or two byte strings (a category and an `args` object), compared whole and split
/// at the same place; keys are stored end to end in one byte arena. Bounded: once it holds
/// `maximum` entries (or its arena `maximum` × 256 bytes) it is emptied and fills again, so a
/// trace whose values never repeat costs a failed lookup and an insertion per value, and memory
/// stays bounded whatever the trace.
///
/// - Complexity: a lookup or insertion hashes the key (eight bytes a multiply) and compares
///   it with the entries whose hash matches, O(1) expected at the load factor of ½.
struct TraceByteTable<Value> {
    /// Per slot: the key's hash (0: empty), where the key starts in `arena`, its length and
    /// split, and the value.
    private var hashes: [UInt64]
    private var starts: [Int]
    private var lengths: [Int32]
    private var splits: [Int32]
    private var values: [Value?]
    private var arena: [UInt8] = []
    private let mask: Int
    private(set) var count = 0
    let maximum: Int

    init(maximum: Int) {
        self.maximum = maximum
        var size = 16
        while size < maximum * 2 { size <<= 1 }
        hashes = Array(repeating: 0, count: size)
        starts = Array(repeating: 0, count: size)
        lengths = Array(repeating: 0, count: size)
        splits = Array(repeating: 0, count: size)
        values = Array(repeating: nil, count: size)
        mask = size - 1
    }

    private static var none: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: nil, count: 0) }

    /// A 64-bit hash of `a` then `b`, never 0.
    private static func hash(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(a.count)
        func mix(_ part: UnsafeBufferPointer<UInt8>) {
            if let base = part.baseAddress {
                let raw = UnsafeRawPointer(base)
                var i = 0
                while i + 8 <= part.count {
                    hash = (hash ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
                    hash ^= hash >> 29
                    i += 8
                }
                while i < part.count {
                    hash = (hash ^ UInt64(part[i])) &* 0x0000_0100_0000_01B3
                    i += 1
                }
            }
            hash = (hash ^ 0xFF) &* 0x0000_0100_0000_01B3
        }
        mix(a)
        mix(b)
        hash ^= hash >> 32
        return hash | 1
    }

    /// The slot holding the key `a` + `b`, or the empty slot where it would go.
    private func slot(_ hash: UInt64, _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> (slot: Int, found: Bool) {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let stored = hashes[slot]
            if stored == 0 { return (slot, false) }
            if stored == hash, Int(splits[slot]) == a.count, Int(lengths[slot]) == a.count + b.count {
                let start = starts[slot]
                let same = arena.withUnsafeBufferPointer { arena in
                    (a.isEmpty || memcmp(arena.baseAddress! + start, a.baseAddress!, a.count) == 0)
                        && (b.isEmpty || memcmp(arena.baseAddress! + start + a.count, b.baseAddress!, b.count) == 0)
                }
                if same { return (slot, true) }
            }
            slot = (slot + 1) & mask
        }
    }

    /// The value stored for the key `a` + `b`.
    func find(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8> = none) -> Value? {
        let (slot, found) = slot(Self.hash(a, b), a, b)
        return found ? values[slot] : nil
    }

    /// Stores `value` for the key `a` + `b` (not present), emptying the table first when full.
    /// A key over 4 KiB is not stored (the table is for what repeats).
    mutating func insert(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8> = none, _ value: Value) {
        guard a.count + b.count <= 4096 else { return }
        if count >= maximum || arena.count + a.count + b.count > maximum << 8 {
            for index in hashes.indices { hashes[index] = 0 }
            values = Array(repeating: nil, count: values.count)
            arena.removeAll(keepingCapacity: true)
            count = 0
        }
        let hash = Self.hash(a, b)
        let slot = slot(hash, a, b).slot
        hashes[slot] = hash
        starts[slot] = arena.count
        lengths[slot] = Int32(a.count + b.count)
        splits[slot] = Int32(a.count)
        values[slot] = value
        arena.append(contentsOf: a)
        arena.append(contentsOf: b)
        count += 1
    }

    /// The value stored for `key`, or what `make` makes (then stored).
    mutating func value(_ key: UnsafeBufferPointer<UInt8>, orMake make: () -> Value) -> Value {
        if let found = find(key) { return found }
        let value = make()
        insert(key, Self.none, value)
        return value
    }
}
