import Testing
@testable import ScrollSimEngine

/// A nested row's items, worked by hand and by relation. A showcase (a LazyHStack of 40 items,
/// 160 pt wide and 8 apart) is element 1 among 300 pt steps: at launch it is on screen, and
/// its first ⌈(393 + 8) / 168⌉ = 3 items are built in the frame. Found by generated mutants that
/// every test let pass: the items' memory summed with a sign flipped, an item's drawn cost summed
/// with one flipped when prefetch builds it, and the `nestedBuild` event's count (logged as
/// `target + start`, or logged for a row with nothing left to build).
@Suite struct NestedRowItemsTests {
    static func config(itemMemory: ViewTypeSpec.Memory = ViewTypeSpec.Memory(), fixedDistributions: Bool = false, itemCost: Double = 0.25,
                       script: [ScriptEvent] = [], duration: Double = 0.1) -> SimulationConfig {
        var item = Fixtures.cell("item", height: .absolute(.fixed(120)),
                                 costs: ViewTypeSpec.Costs(initMs: itemCost, bodyMs: itemCost, layoutMs: itemCost, renderMs: 0.02, appearMs: 0.01))
        item.memory = itemMemory
        if fixedDistributions {
            for phase in CostPhase.allCases { item.costDistributions[phase] = .fixed(item.number(phase)) }
        }
        var showcase = Fixtures.cell("showcase", height: .absolute(.fixed(0)))
        showcase.row = NestedRowSpec(count: 40, itemWidth: 160, spacing: 8, itemTypes: [item])
        let step = Fixtures.cell("step", height: .absolute(.fixed(300)))
        var config = Fixtures.config(count: 60, types: [step, showcase], spacing: 8, duration: duration, script: script)
        config.content.items = (0..<60).map { ElementData(typeIndex: $0 % 6 == 1 ? 1 : 0) }
        return config
    }

    /// Launch builds three items of the showcase: one `nestedBuild` event of 3, and every
    /// nested build event names at least one item.
    @Test func launchBuildsTheItemsTheWidthShows() {
        let result = Simulation.run(Self.config())
        let launch = result.events.filter { $0.kind == .nestedBuild && $0.frame == 0 }
        #expect(launch.count == 1 && launch.first?.value == 3)
        // Scrolling on, prefetch builds some items of a showcase ahead (or all three), and its
        // appearance builds the rest: no event counts more than 3, or none.
        for (velocity, itemCost) in [(2500.0, 0.25), (2500, 1.2), (4000, 1.2), (6000, 1.2)] {
            let drag = Oracle.drag(at: 0.05, velocity, for: 1.5)
            let scrolled = Simulation.run(Self.config(itemCost: itemCost, script: [drag], duration: 2))
            let builds = scrolled.events.filter { $0.kind == .nestedBuild }
            #expect(builds.count >= 3)
            #expect(builds.allSatisfy { $0.value >= 1 && $0.value <= 3 }, "\(velocity) pt/s: \(builds.map(\.value))")
            let perRow = Dictionary(builds.map { ($0.row, Int($0.value)) }, uniquingKeysWith: +)
            #expect(perRow.values.allSatisfy { $0 <= 3 }, "\(velocity) pt/s: \(perRow)")
        }
    }

    /// Each built item holds its view, state and content: 1,000 more bytes of state, or of
    /// content, per item is 3,000 more at launch.
    @Test func eachItemHoldsItsViewStateAndContent() {
        let base = Simulation.run(Self.config(itemMemory: ViewTypeSpec.Memory(view: 500, state: 100, content: 200)))
        let state = Simulation.run(Self.config(itemMemory: ViewTypeSpec.Memory(view: 500, state: 1100, content: 200)))
        let content = Simulation.run(Self.config(itemMemory: ViewTypeSpec.Memory(view: 500, state: 100, content: 1200)))
        #expect(state.frames.memoryBytes[0] - base.frames.memoryBytes[0] == 3000)
        #expect(content.frames.memoryBytes[0] - base.frames.memoryBytes[0] == 3000)
    }

    /// Items whose costs are `{"fixed": x}` distributions run exactly as items costing x, with
    /// prefetch building items ahead: frames, events and totals alike.
    @Test func fixedItemCostsRunAsNumbersUnderPrefetch() {
        let drag = Oracle.drag(at: 0.05, 2500, for: 1.5)
        let plain = Simulation.run(Self.config(script: [drag], duration: 2))
        let fixed = Simulation.run(Self.config(fixedDistributions: true, script: [drag], duration: 2))
        #expect(plain.summary.totals.prefetch.spentMs > 0)
        #expect(plain.events.contains { $0.kind == .nestedBuild && $0.frame > 0 })
        #expect(plain.frames == fixed.frames)
        #expect(plain.events == fixed.events)
        #expect(plain.summary == fixed.summary)
    }

    /// A row fixed at 120 pt clips an item taller than it by more than the tolerance
    /// (0.001 pt): items of 121 pt are clipped, items exactly 120 + 0.001 are not.
    @Test func anItemWithinTheToleranceOfTheRowIsNotClipped() {
        func clipped(itemHeight: Double) -> Int {
            var config = Self.config()
            config.content.types[1].row?.height = 120
            config.content.types[1].row?.itemTypes[0].height = .absolute(.fixed(itemHeight))
            return Simulation.run(config).summary.totals.layout.clippedChildren
        }
        #expect(clipped(itemHeight: 121) == 3)
        #expect(clipped(itemHeight: 120 + Tolerance.points) == 0)
    }
}
