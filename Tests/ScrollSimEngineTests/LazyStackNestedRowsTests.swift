import XCTest
@testable import ScrollSimEngine

/// A LazyHStack nested in the vertical stack (`LazyStack+NestedRows.swift`).
final class LazyStackNestedRowsTests: XCTestCase {
    func showcase(lineLimit: Int?, rowHeight: Double? = nil, prefetch: PrefetchConfig = PrefetchConfig()) -> SimulationConfig {
        let caption = ViewTypeSpec(name: "thumbnail", height: .text(.init(chars: .uniform(min: 10, max: 160), lineHeight: 18, base: 150, charWidth: 7, padding: 16, lineLimit: lineLimit)),
                                   costs: .init(initMs: 0.05, bodyMs: 0.1, layoutMs: 0.1, renderMs: 0.02, appearMs: 0))
        var showcase = Fixtures.cell("showcase", height: .absolute(.fixed(0)))
        showcase.row = NestedRowSpec(count: 40, itemWidth: 160, spacing: 8, height: rowHeight, itemTypes: [caption])
        let step = Fixtures.cell("step", height: .absolute(.fixed(300)))
        var config = Fixtures.config(count: 60, types: [step, showcase], spacing: 8, duration: 6,
                                     script: [ScriptEvent(at: 0.2, action: .drag(velocity: 3000, duration: 5, flingOnRelease: false))],
                                     prefetch: prefetch)
        config.content.types[0].weight = 4
        return config
    }

    func testVariableCaptionsAreClippedAndALineLimitFixesIt() throws {
        let variable = Simulation.run(showcase(lineLimit: nil))
        let limited = Simulation.run(showcase(lineLimit: 1))
        let fixed = Simulation.run(showcase(lineLimit: nil, rowHeight: 400))
        XCTAssertGreaterThan(variable.summary.totals.layout.clippedChildren, 0)
        XCTAssertGreaterThan(variable.summary.totals.layout.clippedPx, 0)
        XCTAssertEqual(limited.summary.totals.layout.clippedChildren, 0)
        XCTAssertEqual(fixed.summary.totals.layout.clippedChildren, 0)
        XCTAssertGreaterThan(limited.summary.totals.work.nestedItemsBuilt, 0)
    }

    func testInnerItemsAreNotBuiltBeforeTheOuterRowIsReached() throws {
        let result = Simulation.run(showcase(lineLimit: nil))
        let outerBuilt = Dictionary(result.events.filter { [.build, .prefetchFinish].contains($0.kind) }.map { ($0.row, $0.frame) }, uniquingKeysWith: min)
        let nested = result.events.filter { $0.kind == .nestedBuild }
        XCTAssertGreaterThan(nested.count, 0)
        for event in nested {
            let built = try XCTUnwrap(outerBuilt[event.row], "nested items of row \(event.row) built before the row")
            XCTAssertGreaterThanOrEqual(event.frame, built)
        }
        // Only the items that fit the viewport's width (393 pt / 168 pt a slot → 3) are built per row.
        let perRow = Dictionary(nested.map { ($0.row, Int($0.value)) }, uniquingKeysWith: +)
        XCTAssertEqual(perRow.values.max(), 3)
    }

    func testNestedPrefetchHappensWithinIdleTimeAndIsNeverForced() throws {
        let prefetched = Simulation.run(showcase(lineLimit: 1))
        // Nested builds done in prefetch carry no in-frame cost: some rows got their items before appearing.
        let appear = Dictionary(prefetched.events.filter { $0.kind == .appear }.map { ($0.row, $0.frame) }, uniquingKeysWith: min)
        let early = prefetched.events.filter { event in
            event.kind == .nestedBuild && (appear[event.row].map { event.frame < $0 } ?? true)
        }
        XCTAssertGreaterThan(early.count, 0)
        XCTAssertEqual(prefetched.summary.droppedFrames, 0)
    }

    /// A visible row with a nested row renders with its built items in every frame that
    /// commits: its own 0.3 ms and its 3 items' 0.02 ms each (393 pt hold 3 slots of 168 pt),
    /// 0.36 ms a visible row. Dragged slowly down a list of 200 pt rows, each frame's render is
    /// its visible rows × 0.36 ms; at the start, before the drag, rows 0–4 (tops 0, 208, 416,
    /// 624 and 832 pt) meet the 852 pt viewport and the first frame renders 1.8 ms.
    func testAVisibleRowRendersWithItsBuiltItemsEveryFrame() throws {
        let showcase = Self.renderingRow(itemWidth: 160, itemRenderMs: 0.02)
        let config = Fixtures.config(count: 30, types: [showcase], spacing: 8, duration: 0.6,
                                     script: [ScriptEvent(at: 0.1, action: .drag(velocity: 600, duration: 0.4, flingOnRelease: false))])
        let result = Simulation.run(config)
        let render = result.frames.work(.render)
        let visible = result.frames.column(.visible, as: Int.self)
        XCTAssertEqual(visible[0], 5)
        XCTAssertEqual(render[0], 1.8, accuracy: 1e-9)
        var rendered = 0
        for frame in 0..<result.frames.count where render[frame] > 0 {
            XCTAssertEqual(render[frame], Double(visible[frame]) * 0.36, accuracy: 1e-9, "frame \(frame): \(visible[frame]) rows")
            rendered += 1
        }
        XCTAssertGreaterThan(rendered, 40, "the drag commits a frame every frame")
    }

    /// A 200 pt row rendering 0.3 ms of its own, holding 40 items 120 pt tall, `itemWidth` wide
    /// with 8 pt between them, each rendering `itemRenderMs`.
    static func renderingRow(itemWidth: Double, itemRenderMs: Double) -> ViewTypeSpec {
        let item = Fixtures.cell("item", height: .absolute(.fixed(120)),
                                 costs: .init(initMs: 0.05, bodyMs: 0.1, layoutMs: 0.1, renderMs: itemRenderMs, appearMs: 0))
        var showcase = Fixtures.cell("showcase", height: .absolute(.fixed(0)),
                                     costs: .init(initMs: 0.05, bodyMs: 0.1, layoutMs: 0.1, renderMs: 0.3, appearMs: 0))
        showcase.row = NestedRowSpec(count: 40, itemWidth: itemWidth, spacing: 8, height: 200, itemTypes: [item])
        return showcase
    }

    /// Nested items whose render costs sum to a round number are charged like any other sum:
    /// items 100 pt wide with 8 pt between them, so 393 pt hold 4 slots of 108 pt, each 0.25 ms,
    /// 1 ms a row on top of the row's own 0.3 ms. The five rows meeting the viewport (no scroll)
    /// render 5 × 1.3 = 6.5 ms in the first frame.
    func testItemsRenderingOneMillisecondARowAreCharged() throws {
        let showcase = Self.renderingRow(itemWidth: 100, itemRenderMs: 0.25)
        let result = Simulation.run(Fixtures.config(count: 30, types: [showcase], spacing: 8, duration: 0.1))
        XCTAssertEqual(result.frames.column(.visible, as: Int.self)[0], 5)
        XCTAssertEqual(result.frames.work(.render)[0], 6.5, accuracy: 1e-9)
    }

    /// An item taller than its row is clipped, and counted once however often it is built. A
    /// row fixed at 100 pt of items 120 pt tall, 100 pt wide with 8 pt between them, heads a
    /// list of 300 pt steps: the 393 pt screen shows items 0…3, each clipped by 20 pt, 4 items
    /// and 80 pt. Scrolled 6,000 pt away (the row is released) and back to the top, the same
    /// four are built again, and still count 4 and 80 pt.
    func testAClippedItemCountsOnceHoweverOftenItIsBuilt() throws {
        let item = Fixtures.cell("item", height: .absolute(.fixed(120)))
        var showcase = Fixtures.cell("showcase", height: .absolute(.fixed(0)))
        showcase.row = NestedRowSpec(count: 40, itemWidth: 100, spacing: 8, height: 100, itemTypes: [item])
        let step = Fixtures.cell("step", height: .absolute(.fixed(300)))
        func run(_ script: [ScriptEvent]) -> SimulationResult {
            var config = Fixtures.config(count: 40, types: [step, showcase], spacing: 0, duration: 3, script: script,
                                         prefetch: PrefetchConfig(enabled: false))
            config.content.items = [ElementData(typeIndex: 1)] + Array(repeating: ElementData(typeIndex: 0), count: 39)
            return Simulation.run(config)
        }
        let still = run([])
        XCTAssertEqual(still.summary.totals.layout.clippedChildren, 4)
        XCTAssertEqual(still.summary.totals.layout.clippedPx, 80, accuracy: 1e-9)
        let away = run([ScriptEvent(at: 0.1, action: .scrollTo(ScrollTarget(destination: .offset(6000), animationDuration: nil))),
                        ScriptEvent(at: 1.5, action: .scrollTo(ScrollTarget(destination: .top, animationDuration: nil)))])
        XCTAssertGreaterThan(away.summary.totals.work.nestedItemsBuilt, still.summary.totals.work.nestedItemsBuilt, "the row was built again")
        XCTAssertEqual(away.summary.totals.layout.clippedChildren, 4)
        XCTAssertEqual(away.summary.totals.layout.clippedPx, 80, accuracy: 1e-9)
    }

    func testRowHeightIsTheFirstItemsHeightUnlessFixed() throws {
        let stack = LazyStack(config: StackConfig(), content: showcase(lineLimit: nil).content, device: DeviceConfig(), seed: 1)
        let row = (0..<stack.rowCount).first { stack.rows.type(of: $0).row != nil }!
        let spec = try XCTUnwrap(stack.rows.type(of: row).row)
        XCTAssertEqual(stack.rows.finalHeight(of: row, width: 393), stack.rows.nestedItem(row: row, item: 0, spec: spec).height)
        let fixed = LazyStack(config: StackConfig(), content: showcase(lineLimit: nil, rowHeight: 222).content, device: DeviceConfig(), seed: 1)
        XCTAssertEqual(fixed.rows.finalHeight(of: row, width: 393), 222)
    }

    /// Each nested item's type is drawn by weight (`RowTable.nestedItemDraw`): item types of
    /// weights 1 and 3 give the second type to three items in four. 4,000 draws (100 rows of
    /// 40): 3,000 expected, sd √(4,000 × 3/16) ≈ 27, so within 110 (4 sd); each item has its
    /// type's height.
    func testNestedItemTypesAreDrawnByWeight() {
        var small = Fixtures.cell("small", height: .absolute(.fixed(80)))
        small.weight = 1
        var large = Fixtures.cell("large", height: .absolute(.fixed(120)))
        large.weight = 3
        let spec = NestedRowSpec(count: 40, itemWidth: 160, spacing: 8, height: 200, itemTypes: [small, large])
        var showcase = Fixtures.cell("showcase")
        showcase.row = spec
        let table = RowTable(content: ContentConfig(count: 100, types: [showcase]), seed: 3)
        var second = 0
        for row in 0..<100 {
            for item in 0..<40 {
                let drawn = table.nestedItemDraw(row: row, item: item, spec: spec)
                XCTAssertEqual(drawn.height, drawn.typeIndex == 1 ? 120 : 80)
                if drawn.typeIndex == 1 { second += 1 }
            }
        }
        XCTAssertEqual(Double(second), 3000, accuracy: 110)
    }
}
