/// Invariant checks, compiled into debug builds only (`swift build -c release` skips them).
/// Each failure names the invariant, the frame and the row.
extension LazyStack {
    /// Checks the row states, the visible range and the origin: every frame while few views are
    /// resident, every 64th frame for large eager stacks (the check is O(residents)).
    func checkInvariants(frame: Int) {
        #if DEBUG
        guard states.residentCount <= 2048 || frame % 64 == 0 else { return }
        states.check()
        if !isEager, lastVisible >= firstVisible {
            for row in firstVisible...lastVisible {
                precondition(states.phase[row] == .visible, "LazyStack, frame \(frame): row \(row) is in the visible range \(firstVisible)...\(lastVisible) but is \(states.phase[row])")
            }
        }
        precondition(rows.count == 0 || index.y(of: 0) == 0, "LazyStack, frame \(frame): row 0 is at y = \(index.y(of: 0)), not 0")
        #endif
    }
}
