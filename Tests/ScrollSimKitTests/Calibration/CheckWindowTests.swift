@testable import ScrollSimTraces
import Testing

/// The model check's window (`CheckWindow`): which instants of each side it holds, to the
/// nanosecond, on ModelCheckTests' hand-worked trace and run.
@Suite struct CheckWindowTests {
    static let ms = ModelCheckTests.ms

    /// Aligned at the first scrolls, 1,000 ms in the trace and 300 ms in the run, for the
    /// shorter side's 800 ms (the run ends at 1,100): the trace's side is [1,000, 1,800) ms and
    /// the run's [300, 1,100) ms, each closed at its start and open at its end, as `--window`
    /// holds intervals.
    @Test func eachSideHoldsItsStartAndNotItsEnd() {
        let window = CheckWindow(measured: ModelCheckTests.trace, predicted: ModelCheckTests.run, window: nil)
        #expect([window.measuredStartNs, window.predictedStartNs, window.lengthNs] == [1000 * Self.ms, 300 * Self.ms, 800 * Self.ms])
        #expect(window.fromFirstScroll)
        for (side, start) in [(false, 1000 * Self.ms), (true, 300 * Self.ms)] {
            let end = start + 800 * Self.ms
            #expect(window.contains(start, predicted: side))
            #expect(!window.contains(start - 1, predicted: side))
            #expect(window.contains(end - 1, predicted: side))
            #expect(!window.contains(end, predicted: side))
        }
        // Each side's start is not the other's.
        #expect(!window.contains(300 * Self.ms, predicted: false))
        #expect(window.contains(1000 * Self.ms, predicted: true))
    }
}
