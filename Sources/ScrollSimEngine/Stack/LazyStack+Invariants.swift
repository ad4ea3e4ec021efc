/// Invariant checks, compiled into debug builds only (`swift build -c release` skips them).
extension LazyStack {
    /// Checks the resident list, the counts and the memory ledger: every frame while few views
    /// are resident, every 64th frame for large eager stacks (the check is O(residents)).
    func checkInvariants() {
        #if DEBUG
        guard residents.count <= 2048 || frame % 64 == 0 else { return }
        var counts = [Int](repeating: 0, count: phaseCounts.count)
        counts[Int(RowPhase.absent.rawValue)] = rows.count - residents.count
        var bytes = 0
        for (slot, r) in residents.enumerated() {
            let row = Int(r)
            precondition(Int(residentSlot[row]) == slot, "row \(row) is at slot \(slot) but records \(residentSlot[row])")
            precondition(phase[row] != .absent, "absent row \(row) in the resident list")
            counts[Int(phase[row].rawValue)] += 1
            bytes += rowBytes[row]
        }
        precondition(counts == phaseCounts, "phase counts \(phaseCounts) disagree with residents \(counts)")
        precondition(bytes == viewMemoryBytes, "row bytes \(bytes) disagree with the ledger \(viewMemoryBytes)")
        if !isEager, lastVisible >= firstVisible {
            for row in firstVisible...lastVisible {
                precondition(phase[row] == .visible, "row \(row) in the visible range is \(phase[row])")
            }
        }
        precondition(index.y(of: 0) == 0, "row 0 is not at y = 0")
        #endif
    }
}
