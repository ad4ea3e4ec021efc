import ScrollSimKit
/// Where each `id` of an xctrace export was defined, so that an id defined twice is refused
/// naming both places: a value deduplicated by the export has one definition, and a second one
/// (an edited or concatenated export) would make every later `ref` to it ambiguous.
///
/// An export numbers its ids from 1 upward as it defines them, so offsets are kept in an
/// array indexed by id (one `Int` each: the text offset + 1, 0 for none); an id far beyond the
/// ids seen (more than four times as many as defined, plus 4,096) goes to a dictionary, so a
/// hostile `id="9999999999"` costs one entry, not an array that large.
struct XctraceIDDefinitions {
    private var dense: [Int] = []
    private var sparse: [Int: Int] = [:]
    private var defined = 0

    /// Records that `id` is defined at text offset `offset`; returns the offset of its earlier
    /// definition when it has one (nothing is recorded then).
    mutating func define(_ id: Int, at offset: Int) -> Int? {
        if id >= 0 && id < 4 * defined + 4096 {
            if id >= dense.count { dense.append(contentsOf: repeatElement(0, count: max(id + 1, 2 * dense.count) - dense.count)) }
            if dense[id] > 0 { return dense[id] - 1 }
            if let earlier = sparse[id] { return earlier }
            dense[id] = offset + 1
        } else {
            if let earlier = sparse[id] { return earlier }
            sparse[id] = offset
        }
        defined += 1
        return nil
    }
}
