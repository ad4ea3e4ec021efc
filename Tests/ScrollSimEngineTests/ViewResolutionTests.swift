import Testing
@testable import ScrollSimEngine

/// View resolution: one child, k children, or a conditional body — and what each costs.
@Suite struct ViewResolutionTests {
    /// Steps of 100 pt with costs init 0.2, body 0.3, layout 0.4 ms, 1,000 bytes of view.
    func step(_ children: ViewTypeSpec.Children, reads: [String] = []) -> ViewTypeSpec {
        var type = Fixtures.cell("step", height: .absolute(.fixed(100)),
                                 costs: ViewTypeSpec.Costs(initMs: 0.2, bodyMs: 0.3, layoutMs: 0.4, renderMs: 0, appearMs: 0),
                                 memory: ViewTypeSpec.Memory(view: 1000, state: 0, content: 0, data: 64))
        type.children = children
        type.readsEnvironment = reads
        return type
    }

    func run(_ type: ViewTypeSpec, count: Int, script: [ScriptEvent] = []) -> SimulationResult {
        Simulation.run(Fixtures.config(count: count, types: [type], duration: 1, script: script, prefetch: PrefetchConfig(enabled: false)))
    }

    /// A conditional body shown for about half the elements (2,000 elements) against the same
    /// steps filtered in the data (1,000 elements, one child each).
    @Test func aConditionalBodyKeepsEveryElementViewAndPaysAtLaunch() {
        let conditional = run(step(.conditional(shown: 0.5)), count: 2000)
        let filtered = run(step(.count(1)), count: 1000)
        // Every element view is evaluated (init 0.2 + body 0.3) and kept: 2,000 of them.
        #expect(conditional.summary.peakResidentViews >= 2000)
        #expect(filtered.summary.peakResidentViews < 30)
        // Launch: 2,000 × 0.5 ms of indexing on top of the screen's layouts.
        #expect(conditional.summary.launch.workMs > 2000 * 0.5)
        #expect(filtered.summary.launch.workMs < 10)
        // Memory holds the element views: at least 2,000 × 1,000 bytes more.
        #expect(conditional.summary.peakMemoryBytes - filtered.summary.peakMemoryBytes >= 2000 * 1000)
    }

    /// An unrelated environment change evaluates every kept element view's body again: a spike
    /// proportional to the element count; with data-layer filtering only the resident views
    /// that read the key run their body again.
    @Test func anEnvironmentChangeCostsInProportionToTheElementsOnlyWhenConditional() {
        let change = [ScriptEvent(at: 0.5, action: .environment(key: "writingStyle"))]
        func spike(_ count: Int, _ type: ViewTypeSpec) -> Double {
            let result = run(type, count: count, script: change)
            let frame = Int(result.events.first { $0.kind == .environment }?.frame ?? 0)
            return result.frames.phaseMs[.body][frame]
        }
        // 2,000 conditional element views × 0.3 ms = 600 ms; twice the elements, twice the spike.
        let small = spike(2000, step(.conditional(shown: 0.5)))
        let large = spike(4000, step(.conditional(shown: 0.5)))
        #expect(abs(small - 600) < 1e-6)
        #expect(abs(large - 1200) < 1e-6)
        // Filtered in the data, reading the key: the 9 resident steps (852 pt / 100 pt) run
        // their body again, however long the list.
        #expect(abs(spike(1000, step(.count(1), reads: ["writingStyle"])) - 9 * 0.3) < 1e-6)
        #expect(abs(spike(100_000, step(.count(1), reads: ["writingStyle"])) - 9 * 0.3) < 1e-6)
        // Not reading it: nothing.
        #expect(spike(1000, step(.count(1))) == 0)
    }

    /// scrollTo(id:) finds a one-child element from the data; otherwise it constructs the
    /// element views before the target (init 0.2 + body 0.3 each).
    @Test func scrollToLooksUpFromTheDataOnlyWithOneChildPerElement() {
        let jump = [ScriptEvent(at: 0.2, action: .scrollTo(ScrollTarget(destination: .element(800))))]
        let single = run(step(.count(1)), count: 1000, script: jump)
        #expect(single.summary.totals.scrollTo.lookupMs == 0)
        let pairs = run(step(.count(2)), count: 1000, script: jump)
        #expect(abs(pairs.summary.totals.scrollTo.lookupMs - 800 * 0.5) < 1e-6)
        let conditional = run(step(.conditional(shown: 0.5)), count: 1000, script: jump)
        #expect(abs(conditional.summary.totals.scrollTo.lookupMs - 800 * 0.5) < 1e-6)
    }

    /// With k children the element's init and body run once; each child is laid out on its own.
    @Test func kChildrenShareTheirElementsBody() {
        // 2 children of 100 pt per element; the first screen shows rows 0…8 = elements 0…4 (row
        // 8 is element 4's first child). Elements 0…3 pay init + body once and 2 layouts;
        // element 4 pays init + body and 1 layout: 5 × 0.5 + 9 × 0.4 = 6.1 ms, and 5 bodies.
        let result = run(step(.count(2)), count: 100)
        let launch = result.frames.phaseMs
        let built = launch[.initialize][0] + launch[.body][0] + launch[.layout][0]
        #expect(abs(built - 6.1) < 1e-9)
        #expect(result.summary.totals.work.bodyEvaluations >= 5)
        #expect(result.summary.totals.work.coldBuilds >= 9)
    }

    /// Appended elements join the end of the list: the content grows, the data model holds them.
    @Test func appendedElementsJoinTheList() {
        let result = run(step(.count(1)), count: 20, script: [ScriptEvent(at: 0.5, action: .append(count: 5))])
        #expect(abs((result.frames.trueHeight.first ?? 0) - 20 * 100) < 1e-9)   // no spacing
        #expect(abs((result.frames.trueHeight.last ?? 0) - 25 * 100) < 1e-9)
        #expect(result.frames.memoryBytes.last.map { $0 >= 25 * 64 } == true)
        #expect(result.events.contains { $0.kind == .append && $0.value == 5 })
    }

    /// An append that makes no element live (none left to append) changes nothing and records
    /// no `append` event. Found by a generated mutant that let an empty append through, logging
    /// an append of 0.
    @Test func anAppendOfNothingIsNoAppend() {
        let result = run(step(.count(1)), count: 20, script: [ScriptEvent(at: 0.5, action: .append(count: 0))])
        #expect(!result.events.contains { $0.kind == .append })
        #expect(result.frames.trueHeight.first == result.frames.trueHeight.last)
    }

    /// Conditional elements are all evaluated at launch, each an init and a body and its view's
    /// bytes held: ten more elements are ten more body evaluations and 10 × (1,000 view + 300
    /// state + 64 data) bytes, whatever the screen shows.
    @Test func eachConditionalElementIsEvaluatedOnceAndHeld() {
        var type = step(.conditional(shown: 0.5))
        type.memory = ViewTypeSpec.Memory(view: 1000, state: 300, content: 0, data: 64)
        let fifty = run(type, count: 50), sixty = run(type, count: 60)
        #expect(sixty.summary.totals.work.bodyEvaluations - fifty.summary.totals.work.bodyEvaluations == 10)
        #expect(sixty.frames.memoryBytes[0] - fifty.frames.memoryBytes[0] == 10 * (1000 + 300 + 64))
    }

    /// An environment change evaluates every conditional element's body again (their views are
    /// resident), element 0 included, and a list of a single one too: the change's event counts
    /// them, and so does the run's body count. Found by generated mutants that skipped element 0,
    /// skipped a list of one, and counted the evaluations down.
    @Test(arguments: [1, 50])
    func anEnvironmentChangeEvaluatesEveryConditionalElement(count: Int) throws {
        let type = step(.conditional(shown: 0.5))
        let change = ScriptEvent(at: 0.5, action: .environment(key: "colorScheme"))
        let changed = run(type, count: count, script: [change])
        let event = try #require(changed.events.first { $0.kind == .environment })
        #expect(event.value == Double(count))
        let still = run(type, count: count)
        #expect(changed.summary.totals.work.bodyEvaluations - still.summary.totals.work.bodyEvaluations == count)
    }
}
