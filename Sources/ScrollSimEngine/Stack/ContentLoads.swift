/// Async content loads in flight (an image, a diagram): which rows are waiting, and until when.
///
/// Loads are kept in the order they started; a load is due once its ready time has come.
/// Storage is reserved up front, so starting, cancelling and delivering loads does not allocate
/// while fewer than `capacity` are in flight.
struct ContentLoads: Sendable {
    private var rows: [Int32] = []
    private var readyMs: [Double] = []

    init(capacity: Int) {
        rows.reserveCapacity(capacity)
        readyMs.reserveCapacity(capacity)
    }

    var isEmpty: Bool { rows.isEmpty }
    var count: Int { rows.count }

    /// - Complexity: O(1)
    mutating func start(_ row: Int, readyAtMs: Double) {
        rows.append(Int32(row))
        readyMs.append(readyAtMs)
    }

    /// Forgets the row's load, if it has one in flight.
    /// - Complexity: O(l) for l loads in flight.
    mutating func cancel(_ row: Int) {
        guard let i = rows.firstIndex(of: Int32(row)) else { return }
        rows.remove(at: i)
        readyMs.remove(at: i)
    }

    /// Removes and returns the earliest-started load that is due at `nowMs`, or nil.
    /// - Complexity: O(l) for l loads in flight.
    mutating func popFirstDue(atMs nowMs: Double) -> Int? {
        // Asked every frame; most frames nothing is loading.
        guard !readyMs.isEmpty, let i = readyMs.firstIndex(where: { $0 <= nowMs + Tolerance.milliseconds }) else { return nil }
        let row = Int(rows[i])
        rows.remove(at: i)
        readyMs.remove(at: i)
        return row
    }
}
