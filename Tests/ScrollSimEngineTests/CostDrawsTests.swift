import Testing
@testable import ScrollSimEngine

/// Per-element cost draws (`RowTable+CostDraws.swift`): over many elements a distribution's
/// draws have its quantiles; the same element always costs the same; plain numbers draw
/// nothing, so `{"fixed": x}` runs exactly as `x`.
struct CostDrawsTests {
    static func table(_ distributions: [CostPhase: CostDistribution], count: Int = 10_000, children: Int = 1, seed: UInt64 = 7) -> RowTable {
        var type = Fixtures.cell()
        type.children = .count(children)
        for (phase, d) in distributions { type.costDistributions[phase] = d }
        return RowTable(content: ContentConfig(count: count, types: [type]), seed: seed)
    }

    static func draws(_ table: RowTable, _ phase: CostPhase) -> [Double] {
        (0..<table.count).map { table.cost(phase, ofRow: $0, number: -1) }.sorted()
    }

    /// The empirical quantile at p of sorted values (nearest rank).
    static func at(_ sorted: [Double], _ p: Double) -> Double {
        sorted[min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1)]
    }

    @Test func quantilesOverManyElementsHaveTheirMedianAndMax() {
        let table = Self.table([.body: .quantiles([.init(probability: 0.5, value: 1), .init(probability: 1, value: 3)])])
        let body = Self.draws(table, .body)
        // Half of u falls below 0.5 and costs exactly 1; the rest spread linearly over 1…3.
        #expect(abs(Self.at(body, 0.5) - 1) < 0.01)
        #expect(body.last! <= 3 && body.last! > 2.99)
        #expect(body.first! == 1)
        let ones = body.filter { $0 == 1 }.count
        #expect(abs(Double(ones) / 10_000 - 0.5) < 0.02)   // binomial sd 0.005
        // The 75th percentile is halfway up the second segment: 2.
        #expect(abs(Self.at(body, 0.75) - 2) < 0.03)
    }

    @Test func aLognormalsP50AndP95AreRecoveredFromTenThousandElements() {
        let table = Self.table([.layout: .lognormal(p50: 0.5, p95: 2)])
        let layout = Self.draws(table, .layout)
        // Standard error of an empirical quantile: √(p(1−p)/n)/f(q); at n = 10,000 about 1.2 % at
        // p50 and 2 % at p95 for σ = ln 4 / 1.6449: within 3 % and 5 %.
        #expect(abs(Self.at(layout, 0.5) / 0.5 - 1) < 0.03)
        #expect(abs(Self.at(layout, 0.95) / 2 - 1) < 0.05)
        // The numbers are not the type's (-1 was passed as the number).
        #expect(layout.first! > 0)
    }

    @Test func anElementAlwaysCostsTheSameAndTypesWithoutADistributionKeepTheirNumber() {
        let table = Self.table([.body: .uniform(min: 0, max: 10)])
        let first = (0..<100).map { table.cost(.body, ofRow: $0, number: 0) }
        let again = (0..<100).reversed().map { table.cost(.body, ofRow: $0, number: 0) }.reversed()
        #expect(first == Array(again))
        #expect(Set(first).count == 100)
        #expect(table.cost(.layout, ofRow: 3, number: 0.25) == 0.25)
        // Another seed, other draws.
        let other = Self.table([.body: .uniform(min: 0, max: 10)], seed: 8)
        #expect((0..<100).map { other.cost(.body, ofRow: $0, number: 0) } != first)
    }

    @Test func initAndBodyArePerElementLayoutPerChild() {
        // children: 2 — rows 2e and 2e+1 are element e's two children.
        let table = Self.table([.body: .uniform(min: 0, max: 10), .layout: .uniform(min: 0, max: 10)], count: 50, children: 2)
        for e in 0..<50 {
            #expect(table.cost(.body, ofRow: 2 * e, number: 0) == table.cost(.body, ofRow: 2 * e + 1, number: 0))
            #expect(table.cost(.layout, ofRow: 2 * e, number: 0) != table.cost(.layout, ofRow: 2 * e + 1, number: 0))
            #expect(table.cost(.body, ofElement: e, number: 0) == table.cost(.body, ofRow: 2 * e, number: 0))
        }
    }

    @Test func fixedDistributionsRunExactlyAsNumbers() {
        var fixed = Fixtures.cell(costs: ViewTypeSpec.Costs(initMs: 0.2, bodyMs: 0.5, layoutMs: 0.5, renderMs: 0.05, appearMs: 0.05, jitter: 0.3))
        let plain = fixed
        for phase in CostPhase.allCases { fixed.costDistributions[phase] = .fixed(fixed.number(phase)) }
        let script = [Fixtures.fling(at: 0.2, 7000), Fixtures.fling(at: 2, -5000)]
        let a = Simulation.run(Fixtures.config(count: 3000, types: [plain], duration: 4, script: script))
        let b = Simulation.run(Fixtures.config(count: 3000, types: [fixed], duration: 4, script: script))
        #expect(a.frames == b.frames)
        #expect(a.events == b.events)
        #expect(a.summary == b.summary)
    }

    @Test func anEagerStacksLaunchBodyWorkIsTheSumOfItsElementsDraws() {
        // A VStack builds every element at launch: body work = Σ draws. 10,000 uniform draws on
        // 0…2 ms sum to 10,000 ± 58 ms (sd √10,000 · 2/√12): within 2 %.
        var type = Fixtures.cell(costs: ViewTypeSpec.Costs(initMs: 0, bodyMs: 1, layoutMs: 0, renderMs: 0, appearMs: 0))
        type.costDistributions[.body] = .uniform(min: 0, max: 2)
        let result = Simulation.run(Fixtures.config(count: 10_000, types: [type], kind: .vStack, duration: 0.01, overheadMs: 0))
        let body = result.frames.phaseMs[.body][0]
        #expect(abs(body / 10_000 - 1) < 0.02, "body \(body)")
    }

    @Test func scalingToASlowerDeviceMultipliesMainThreadCostsOnly() {
        // Measured on an iPhone 15 Pro (Geekbench 6 single-core 2,900), run on an iPhone 11
        // (1,700): main-thread costs × 2900/1700 = 1.70588…; render-server costs unchanged.
        let fast = DeviceProfile.named("iPhone 15 Pro")!
        let slow = DeviceProfile.named("iPhone 11")!
        let factor = slow.costScale(measuredOn: fast)
        #expect(abs(factor - 2900.0 / 1700) < 1e-12)
        var type = Fixtures.cell(costs: ViewTypeSpec.Costs(initMs: 0.17, bodyMs: 0.34, layoutMs: 0.1, renderMs: 0.02, appearMs: 0.01))
        type.costDistributions[.layout] = .lognormal(p50: 0.17, p95: 0.34)
        type.rendering = ViewTypeSpec.Rendering(serverMs: 0.3, effects: 1, effectMs: 0.2)
        type.costDistributions[.renderServer] = .uniform(min: 0.2, max: 0.4)
        let scaled = Fixtures.config(types: [type]).scalingMainThreadCosts(by: factor)
        let t = scaled.content.types[0]
        #expect(abs(t.costs.bodyMs - 0.58) < 1e-12)    // 0.34 · 2900/1700
        #expect(abs(t.costs.initMs - 0.29) < 1e-12)
        #expect(t.costDistributions[.layout] == .lognormal(p50: 0.17 * factor, p95: 0.34 * factor))
        #expect(t.rendering == type.rendering)
        #expect(t.costDistributions[.renderServer] == .uniform(min: 0.2, max: 0.4))
        #expect(abs(scaled.device.frameOverheadMs - 0.5 * factor) < 1e-12)
    }

    /// Rows of 100 pt of `type` dragged at 1,140 pt/s for 0.2 s (every frame renders): checks
    /// that the render server's work in each frame is exactly `msPerView` per visible view, and
    /// returns how many views each frame showed.
    static func expectServerWork(_ type: ViewTypeSpec, msPerView: Double) -> [Int] {
        let result = Simulation.run(Oracle.config(count: 100, types: [type], duration: 0.2, initialEstimate: 100,
                                                  script: [Oracle.drag(at: 0, 1140, for: 0.2)]))
        let server = Array(result.frames.renderServerMs), visible = Array(result.frames.visible)
        #expect(server.count >= 20)
        for k in server.indices {
            #expect(server[k] == Double(visible[k]) * msPerView, "frame \(k): \(server[k]) ms for \(visible[k]) views")
        }
        return visible
    }

    /// `jitter` multiplies main-thread costs only (CostAndMemory): rows of 100 pt dragged at
    /// 1,140 pt/s (every frame renders), each with `renderServerMs` 0.25 and one effect of
    /// 0.125 ms, jitter 0.5. The render server's work in a frame is exactly 0.375 ms per visible
    /// view (9 or 10 of them: 3.375 or 3.75 ms), never scaled by the jitter.
    @Test func jitterLeavesTheRenderServerAlone() {
        var type = Oracle.type(renderMs: 0.5)
        type.costs.jitter = 0.5
        type.rendering = ViewTypeSpec.Rendering(serverMs: 0.25, effects: 1, effectMs: 0.125)
        let visible = Self.expectServerWork(type, msPerView: 0.375)
        #expect(Set(visible).isSuperset(of: [9, 10]))
    }

    /// The Layout masonry jitters its main-thread costs as the stacks do: the same 40 views of
    /// a two-column masonry built with jitter 0.5 charge each phase within 1 ± 0.5 of its cost,
    /// and not exactly it; with no jitter, exactly it.
    @Test func theLayoutMasonryJittersItsCostsToo() throws {
        func initialize(jitter: Double) throws -> (ms: Double, built: Int) {
            let costs = ViewTypeSpec.Costs(initMs: 0.2, bodyMs: 0.5, layoutMs: 0.5, renderMs: 0.05, appearMs: 0.05, jitter: jitter)
            var config = Fixtures.config(count: 40, types: [Fixtures.cell(costs: costs)], kind: .masonryLayout, spacing: 8, duration: 0.2)
            config.stack.masonry.columns = .fixed(2)
            var simulation = Simulation(config: config)
            while !simulation.isFinished { simulation.step() }
            let totals = try #require(simulation.finish().summary.totals.byType.first)
            return (totals.work.initialize, totals.work.initialize > 0 ? Int((totals.work.initialize / 0.2).rounded()) : 0)
        }
        let plain = try initialize(jitter: 0)
        #expect(plain.built == 40 && abs(plain.ms - 40 * 0.2) < 1e-9, "every view built once, at its cost: \(plain)")
        let jittered = try initialize(jitter: 0.5).ms
        #expect(jittered >= 40 * 0.1 && jittered <= 40 * 0.3, "\(jittered)")
        #expect(abs(jittered - plain.ms) > 1e-6, "the draws moved the costs")
    }

    /// With costs drawn per element (a distributed body switches the draws on), a view's
    /// render-server frame is still its compositing plus one pass per effect: 0.25 + 2 × 0.125 =
    /// 0.5 ms a visible view, every frame of a drag (9 or 10 views: 4.5 or 5 ms). With the
    /// effect drawn as well, each element's frame is 0.25 plus twice its own effect draw.
    @Test func aDrawnViewsServerFrameIsItsCompositingPlusEachEffectPass() {
        var type = Oracle.type(renderMs: 0.5)
        type.rendering = ViewTypeSpec.Rendering(serverMs: 0.25, effects: 2, effectMs: 0.125)
        type.costDistributions[.body] = .uniform(min: 0.1, max: 0.3)
        _ = Self.expectServerWork(type, msPerView: 0.5)
        type.costDistributions[.effect] = .uniform(min: 0.1, max: 0.2)
        let table = RowTable(content: ContentConfig(count: 50, types: [type]), seed: 7)
        #expect(table.drawsCosts)
        var effects: Set<Double> = []
        for e in 0..<50 {
            let effect = table.cost(.effect, ofElement: e, type.rendering)
            #expect(effect >= 0.1 && effect <= 0.2)
            effects.insert(effect)
            #expect(table.liveServerMs(ofRow: e, type.rendering) == 0.25 + 2 * effect)
            #expect(table.liveServerMs(ofElement: e, type.rendering) == 0.25 + 2 * effect)
        }
        #expect(effects.count == 50)
    }
}
