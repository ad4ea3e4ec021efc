/// The keys of one object read so far, for finding a repeated key (`JSONParser`).
///
/// Most objects in scenarios and reports have a handful of keys, and comparing a short key
/// with each of them costs less than hashing it twice (a lookup, then an insert) into a
/// dictionary per object, which is what the parser did before. So the keys go on a stack the
/// parser shares between its objects (innermost last, each object's keys from `base` on) and
/// are compared in order; an object that grows past `scannedAtMost` keys moves its keys into a
/// dictionary, so a hostile object of a million keys costs one hash a key, not a million
/// comparisons.
struct SeenKeys {
    /// The most keys compared one by one before an object's keys are hashed instead.
    static let scannedAtMost = 32

    /// Where this object's keys start on the shared stack.
    let base: Int
    /// This object's keys once it has more than `scannedAtMost`; nil before.
    private var table: [String: Int]?

    init(base: Int) {
        self.base = base
    }

    /// Where `key` was first written in this object, or nil when this is its first time, in
    /// which case `offset` is recorded as where it was.
    mutating func firstOffset(of key: String, recording offset: Int, in keys: inout [(key: String, offset: Int)]) -> Int? {
        if table != nil {
            if let first = table![key] { return first }
            table?[key] = offset
            return nil
        }
        for index in base..<keys.count where keys[index].key == key {
            return keys[index].offset
        }
        keys.append((key, offset))
        if keys.count - base > SeenKeys.scannedAtMost {
            var hashed: [String: Int] = [:]
            hashed.reserveCapacity(2 * SeenKeys.scannedAtMost)
            for (key, offset) in keys[base...] { hashed[key] = offset }
            table = hashed
        }
        return nil
    }
}
