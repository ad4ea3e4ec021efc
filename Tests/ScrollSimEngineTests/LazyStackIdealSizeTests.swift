import XCTest
@testable import ScrollSimEngine

/// Ideal sizes (`LazyStack+IdealSize.swift`): a LazyVStack's ideal width is its first child's.
final class LazyStackIdealSizeTests: XCTestCase {
    func config(kind: StackConfig.Kind, titleWidth: Double?) -> SimulationConfig {
        var label = Fixtures.cell("label", height: .absolute(.fixed(44)))
        label.idealWidth = .uniform(min: 80, max: 360)
        var title = Fixtures.cell("title", height: .absolute(.fixed(60)))
        title.idealWidth = titleWidth.map { .fixed($0) }
        return Fixtures.config(count: 300, types: [label], kind: kind, duration: 3,
                               script: [Fixtures.fling(at: 0.2, 5000)],
                               sections: SectionsConfig(every: 1000, header: title))
    }

    func testLaterChildrenWiderThanTheFirstAreCountedOncePerRow() throws {
        let result = Simulation.run(config(kind: .lazyVStack, titleWidth: 120))
        XCTAssertGreaterThan(result.summary.totals.layout.widerThanIdealWidth, 10)
        let rows = result.events.filter { $0.kind == .widerThanIdeal }.map(\.row)
        XCTAssertEqual(rows.count, Set(rows).count)
        XCTAssertTrue(result.events.filter { $0.kind == .widerThanIdeal }.allSatisfy { $0.value > 0 && $0.value <= 240 })
        XCTAssertEqual(Simulation(config: config(kind: .lazyVStack, titleWidth: 120)).stack.idealWidth, 120)
    }

    func testAFlexibleFirstChildOrAnEagerStackHasNoNarrowIdealWidth() throws {
        XCTAssertEqual(Simulation.run(config(kind: .lazyVStack, titleWidth: nil)).summary.totals.layout.widerThanIdealWidth, 0)
        let eager = Simulation(config: config(kind: .vStack, titleWidth: 120))
        XCTAssertGreaterThan(try XCTUnwrap(eager.stack.idealWidth), 300, "an eager stack knows its widest child")
        XCTAssertEqual(Simulation.run(config(kind: .vStack, titleWidth: 120)).summary.totals.layout.widerThanIdealWidth, 0)
    }

    func testIdealWidthsDoNotDisturbOtherDraws() throws {
        let plain = RowTable(content: ContentConfig(count: 50, types: [Fixtures.cell(height: .absolute(.uniform(min: 10, max: 90)))]), seed: 3)
        var sized = Fixtures.cell(height: .absolute(.uniform(min: 10, max: 90)))
        sized.idealWidth = nil
        let sizedTable = RowTable(content: ContentConfig(count: 50, types: [sized]), seed: 3)
        XCTAssertEqual((0..<50).map { plain.draw(ofRow: $0).parameter }, (0..<50).map { sizedTable.draw(ofRow: $0).parameter })
    }

    /// Worked by hand on fixed widths: labels of `labels` points under a title of 100. Found by
    /// generated mutants that every test let pass: the amount logged as `width + ideal`, a
    /// label exactly a tolerance wider than the title counted, an eager stack's widest child
    /// looked for from row 1, and a one-row stack without an ideal width. Without the title the
    /// labels alone are the list.
    func fixed(kind: StackConfig.Kind, labels: Double, count: Int = 20, titled: Bool = true) -> SimulationConfig {
        var label = Fixtures.cell("label", height: .absolute(.fixed(44)))
        label.idealWidth = .fixed(labels)
        var title = Fixtures.cell("title", height: .absolute(.fixed(60)))
        title.idealWidth = .fixed(100)
        return Fixtures.config(count: count, types: [label], kind: kind, duration: 0.05,
                               sections: titled ? SectionsConfig(every: 1000, header: title) : nil)
    }

    func testEachWiderRowLogsHowMuchWiderItIs() throws {
        let result = Simulation.run(fixed(kind: .lazyVStack, labels: 130))
        let wider = result.events.filter { $0.kind == .widerThanIdeal }
        XCTAssertGreaterThan(wider.count, 5)
        XCTAssertTrue(wider.allSatisfy { $0.value == 30 }, "\(wider.map(\.value))")
        XCTAssertEqual(result.summary.totals.layout.widerThanIdealWidth, wider.count)
        XCTAssertEqual(result.summary.totals.layout.widerThanIdealPx, 30 * Double(wider.count))
        // Exactly the tolerance wider (the same double the stack computes) is not wider.
        let edge = Simulation.run(fixed(kind: .lazyVStack, labels: 100 + Tolerance.points))
        XCTAssertEqual(edge.events.filter { $0.kind == .widerThanIdeal }.count, 0)
        XCTAssertEqual(edge.summary.totals.layout.widerThanIdealWidth, 0)
    }

    func testAnEagerStacksWidestChildMayBeItsFirst() throws {
        XCTAssertEqual(Simulation(config: fixed(kind: .vStack, labels: 60)).stack.idealWidth, 100)
        XCTAssertEqual(Simulation(config: fixed(kind: .vStack, labels: 160)).stack.idealWidth, 160)
    }

    func testAOneRowStackHasItsRowsIdealWidth() throws {
        XCTAssertEqual(Simulation(config: fixed(kind: .lazyVStack, labels: 60, count: 1, titled: false)).stack.idealWidth, 60, "one label, no title")
        XCTAssertNil(Simulation(config: fixed(kind: .lazyVStack, labels: 60, count: 0, titled: false)).stack.idealWidth, "no rows, no ideal width")
    }
}
