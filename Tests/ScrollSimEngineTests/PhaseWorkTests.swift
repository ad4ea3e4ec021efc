import Testing
@testable import ScrollSimEngine

/// `PhaseWork`: a frame's main-thread milliseconds by phase, and how frames add up into a view
/// type's totals.
@Suite struct PhaseWorkTests {
    /// `add(_:)` adds each phase to the same phase, and to no other: phase k holds 2^k ms and the
    /// frame added holds 2^(k+8), so each sum, 2^k + 2^(k+8), is exact and tells the phases
    /// apart, and the total is 255 + 255 × 256 = 65,535 ms.
    @Test func addingAFrameAddsEachPhaseToItself() {
        var run = PhaseWork()
        var frame = PhaseWork()
        for (k, phase) in PhaseWork.Phase.allCases.enumerated() {
            run[phase] = Double(1 << k)
            frame[phase] = Double(1 << (k + 8))
        }
        run.add(frame)
        for (k, phase) in PhaseWork.Phase.allCases.enumerated() {
            #expect(run[phase] == Double((1 << k) + (1 << (k + 8))), "\(phase)")
        }
        #expect(run.total == 65_535)
        #expect(PhaseWork.Phase.allCases.count == 8)
    }
}
