import Testing
@testable import ScrollSimEngine

/// A metamorphic relation: lazy masonry columns are one lazy stack per column, a lazy grid is a
/// lazy stack of rows of cells, and paired rows are a lazy stack of `HStack` rows, so each of
/// them with one column is a lazy stack. Played with the same elements, spacing, seed and
/// script, the runs must record the same frames, every column of the frame series (offset,
/// work, drops, memory, visible, prefetched and cached counts, estimated and true height,
/// corrections, view IDs, …), to the last bit.
///
/// Two things the masonry columns do on purpose differently, and the scripts leave them out: a
/// width change distributes the elements again and rebuilds the columns' views (a stack keeps
/// its views and measures again), and a `scrollTo` the bottom anchors the tallest column on its
/// bottom while keeping the downward walk (a column's bottom is the content's only without a
/// spacer or footer after it), where a stack measures upward from its last row. Heights are
/// absolute: an aspect height is the column's width (the viewport's less the spacing on each
/// side) times the aspect, not the viewport's. No jitter: each masonry column draws its jitter
/// from the seed salted by the column's number.
///
/// The relation holds whatever the engine's figures are, so it needs no hand-worked value: a
/// sum over columns or cells taken as a difference, a tallest column taken as the shortest, a
/// footer or a signal read from the wrong column shows as a differing frame. Found by generated
/// mutants of `MasonryColumns` that passed every engine test.
@Suite struct OneColumnIsAStackTests {
    /// Six random events from `seed`: flings and drags both ways, a `scrollTo` an element (any
    /// anchor, instant or animated), an offset or the top, a tap, an environment change, a page.
    static func script(seed: UInt64, count: Int) -> [ScriptEvent] {
        var random = SplitMix64(seed: seed)
        var events: [ScriptEvent] = []
        var at = 0.05
        for _ in 0..<6 {
            let u = random.nextUnit()
            let animation: Double? = random.nextUnit() < 0.5 ? nil : 0.3
            let action: ScriptEvent.Action
            switch random.next() % 8 {
            case 0: action = .fling(velocity: (u - 0.3) * 9000, deceleration: DecelerationRate.normal)
            case 1: action = .drag(velocity: (u - 0.4) * 3000, duration: 0.2, flingOnRelease: random.nextUnit() < 0.5)
            case 2:
                let anchor = [ScrollTarget.Anchor.top, .center, .bottom][Int(random.next() % 3)]
                action = .scrollTo(ScrollTarget(destination: .element(Int(u * Double(count))), anchor: anchor, animationDuration: animation))
            case 3: action = .scrollTo(ScrollTarget(destination: .offset(u * 8000), anchor: .top, animationDuration: nil))
            case 4: action = .tap(element: Int(u * 20))
            case 5: action = .environment(key: "colorScheme")
            case 6: action = .append(count: 30)
            default: action = .scrollTo(ScrollTarget(destination: .top, anchor: .top, animationDuration: animation))
            }
            events.append(ScriptEvent(at: at, action: action))
            at += 0.1 + random.nextUnit() * 0.5
        }
        return events
    }

    /// Photos of 60–240 pt; with `nested`, about half the elements (types drawn by equal weight)
    /// showcases holding a horizontal lazy row of 20 items (a column's table is then taken from
    /// the list element by element).
    static func run(_ kind: StackConfig.Kind, seed: UInt64, script: [ScriptEvent], nested: Bool = false) -> SimulationResult {
        var cell = Fixtures.cell("photo", height: .absolute(.uniform(min: 60, max: 240)))
        cell.readsEnvironment = ["colorScheme"]
        var showcase = Fixtures.cell("showcase", height: .absolute(.fixed(180)))
        showcase.row = NestedRowSpec(count: 20, itemWidth: 120, spacing: 8, height: 160, itemTypes: [Fixtures.cell("item")])
        var config = Fixtures.config(count: 300, types: nested ? [cell, showcase] : [cell], kind: kind, spacing: 8, duration: 3,
                                     script: script, seed: seed)
        config.stack.masonry.columns = .fixed(1)
        config.stack.grid = StackConfig.GridConfig(columns: .fixed(1), spacing: 8)
        return Simulation.run(config)
    }

    @Test(arguments: [StackConfig.Kind.masonryColumns, .lazyVGrid, .pairedRows], 1...24 as ClosedRange<UInt64>)
    func oneColumnRecordsTheFramesOfAStack(kind: StackConfig.Kind, seed: UInt64) {
        let script = Self.script(seed: seed, count: 300)
        // A third of the runs with nested rows.
        let nested = seed % 3 == 0
        let stack = Self.run(.lazyVStack, seed: seed, script: script, nested: nested)
        let columns = Self.run(kind, seed: seed, script: script, nested: nested)
        #expect(stack.frames.count == columns.frames.count)
        for column in FrameColumn.allCases {
            let expected = Array(stack.frames[column]), played = Array(columns.frames[column])
            guard let k = expected.indices.first(where: { $0 >= played.count || expected[$0] != played[$0] }) else { continue }
            Issue.record("\(kind), seed \(seed), \(column): the stack's frame \(k) records \(expected[k]), the column's \(k < played.count ? played[k] : .nan) (script \(script.map(\.action)))")
        }
    }

    /// The relation has something to check: the scripts scroll, build, prefetch, evict and
    /// correct (a relation over runs that record nothing would hold of any engine).
    @Test func theScriptsExerciseTheStack() {
        var moved = 0, corrected = 0, prefetched = 0
        for seed in 1...24 as ClosedRange<UInt64> {
            let frames = Self.run(.lazyVStack, seed: seed, script: Self.script(seed: seed, count: 300)).frames
            if Set(frames.offset).count > 10 { moved += 1 }
            if frames.corrections.contains(where: { $0 > 0 }) { corrected += 1 }
            if frames.prefetched.contains(where: { $0 > 0 }) { prefetched += 1 }
        }
        #expect(moved >= 20 && corrected >= 5 && prefetched >= 20, "moved \(moved), corrected \(corrected), prefetched \(prefetched)")
    }
}
