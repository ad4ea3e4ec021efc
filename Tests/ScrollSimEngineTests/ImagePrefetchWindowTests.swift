import Testing
@testable import ScrollSimEngine

/// The data layer's image prefetch window (`LazyStack.prefetchImages`), worked by hand. Rows of
/// 100 pt (or 110 pt with 10 pt spacing), a viewport 852 pt high, `imagePrefetchPt` 200, the
/// stack's own prefetch off, content loaded in 50 ms from init: a jump lands, and every row
/// within 200 pt of the viewport starts its load that frame, each once; content that arrives
/// for a row with no view is cached, dropped once the row is more than twice the distance away
/// above (or below: `LazyStackAsyncContentTests`), and moved into the row's view when it is
/// built. Found by generated mutants: the window's start, end and walk, a load's time and the
/// cache's bytes could each be changed and only the slow scenario suites could see it.
@Suite struct ImagePrefetchWindowTests {
    static let contentBytes = 10_000

    static func config(spacing: Double = 0, jumps: [Double], duration: Double = 0.6, contentBytes: Int = contentBytes) -> SimulationConfig {
        var type = Fixtures.cell("photo", height: .absolute(.fixed(100)),
                                 memory: ViewTypeSpec.Memory(view: 1000, state: 500, content: contentBytes, data: 64))
        type.asyncContent = .init(latencyMs: 50, start: .initializer)
        let script = jumps.enumerated().map { i, y in
            Oracle.scrollTo(at: 0.1 + 0.2 * Double(i), .offset(y))
        }
        var config = Fixtures.config(count: 100, types: [type], spacing: spacing, duration: duration, script: script,
                                     prefetch: PrefetchConfig(enabled: false))
        config.stack.imagePrefetchPt = 200
        return config
    }

    /// The rows whose loads started after launch, each with its start and arrival frames.
    static func loadsAfterLaunch(_ result: SimulationResult) -> [Int32: (start: Int, arrival: Int?)] {
        var loads: [Int32: (start: Int, arrival: Int?)] = [:]
        for event in result.events where event.frame > 0 {
            switch event.kind {
            case .loadStart:
                #expect(loads[event.row] == nil, "row \(event.row) started twice")
                loads[event.row] = (Int(event.frame), nil)
            case .contentLoaded: loads[event.row]?.arrival = Int(event.frame)
            default: break
            }
        }
        return loads
    }

    /// At offset 1,948 the window is 1,748…3,000: rows 17 (top 1,700) to 29 (top 2,900); row 30,
    /// whose top is on the window's end, is not in it. Each load arrives 50 ms (6 frames) after
    /// it starts.
    @Test func aJumpLoadsEveryRowWithinTheDistanceOfTheViewport() {
        let result = Simulation.run(Self.config(jumps: [1948], duration: 0.3))
        let loads = Self.loadsAfterLaunch(result)
        #expect(loads.keys.sorted() == Array(17...29).map(Int32.init))
        for (row, load) in loads {
            #expect(load.arrival.map { $0 - load.start } == 6, "row \(row): \(load)")
        }
    }

    /// With 10 pt of spacing (a pitch of 110 pt), at offset 1,980 the window is 1,780…3,032:
    /// rows 16 (top 1,760) to 27 (top 2,970).
    @Test func theWindowWalksRowsWithTheirSpacing() {
        let result = Simulation.run(Self.config(spacing: 10, jumps: [1980], duration: 0.3))
        #expect(Self.loadsAfterLaunch(result).keys.sorted() == Array(16...27).map(Int32.init))
    }

    /// A jump to 2,000 loads rows 18…30; rows 18 and 19, above the screen (20…28) and never
    /// built, cache their content. A jump on to 2,300 puts the line twice the distance above at
    /// 1,900: row 18's bottom is on it and row 18 is kept; at 2,301 it is 1 pt above and row 18
    /// is dropped, row 19 kept. The cache's bytes are its rows' content throughout.
    @Test func cachedContentIsKeptUpToTwiceTheDistanceAbove() {
        func cached(afterJumpingOnTo offset: Double) -> (row18: Bool, row19: Bool) {
            var simulation = Simulation(config: Self.config(jumps: [2000, offset]))
            for _ in 0..<60 { simulation.step() }
            let stack = simulation.stack
            #expect(stack.offset == offset)
            #expect(stack.states.phase[18] == .absent && stack.states.phase[19] == .absent)
            #expect(stack.imageCacheBytes == Self.contentBytes * stack.imageCacheRows.count)
            return (stack.states.marks[18].contains(.imageCached), stack.states.marks[19].contains(.imageCached))
        }
        #expect(cached(afterJumpingOnTo: 2300) == (true, true))
        #expect(cached(afterJumpingOnTo: 2301) == (false, true))
    }

    /// The stack's memory holds the content of every row that has it, in a view or in the
    /// cache: at 2,000, loaded, rows 20…28 show theirs, rows 0…8 (shown at launch) keep theirs
    /// in views kept alive for 500 ms, and rows 18, 19, 29 and 30 cache theirs: 22 × 10,000
    /// bytes more than the same run with content of 0 bytes. Found by a generated mutant that
    /// subtracted the cache from the stack's memory.
    @Test func theCachesContentIsInTheStacksMemory() {
        func memory(contentBytes: Int) -> Int {
            var simulation = Simulation(config: Self.config(jumps: [2000], contentBytes: contentBytes))
            for _ in 0..<35 { simulation.step() }
            #expect(simulation.stack.offset == 2000)
            return simulation.stack.memoryBytes
        }
        #expect(memory(contentBytes: Self.contentBytes) - memory(contentBytes: 0) == 22 * Self.contentBytes)
    }

    /// Rows 29 and 30 cache their content below the screen at 2,000; a jump to 2,200 builds them,
    /// and their content moves from the cache into their views: the cache loses their bytes.
    @Test func cachedContentMovesIntoTheRowsView() {
        var simulation = Simulation(config: Self.config(jumps: [2000, 2200]))
        for _ in 0..<35 { simulation.step() }
        #expect(simulation.stack.states.marks[29].contains(.imageCached))
        let before = simulation.stack.imageCacheBytes
        #expect(before == Self.contentBytes * simulation.stack.imageCacheRows.count)
        for _ in 0..<25 { simulation.step() }
        let stack = simulation.stack
        #expect(stack.offset == 2200 && stack.states.phase[29] == .visible && stack.states.phase[30] == .visible)
        #expect(!stack.imageCacheRows.contains(29) && !stack.imageCacheRows.contains(30))
        #expect(stack.imageCacheBytes == Self.contentBytes * stack.imageCacheRows.count)
    }
}
