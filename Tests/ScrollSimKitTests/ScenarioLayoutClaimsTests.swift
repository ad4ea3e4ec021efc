import Foundation
import Testing
@testable import ScrollSimEngine
@testable import ScrollSimKit

/// The claims of the shipped masonry, grid and paging scenarios beyond their pairs' directions
/// (those are in `ScenarioPairsTests`), with the expected figures worked out by hand.
struct ScenarioLayoutClaimsTests {
    static func load(_ name: String) throws -> Scenario {
        try ScenarioLoader.load(path: "\(ScenarioPairsTests.directory)/\(name).json")
    }

    /// The rotated feed's column count follows the width: max(2, ⌊width / 250⌋).
    @Test func theColumnCountFollowsTheWidth() throws {
        let masonry = try Self.load("masonry-rotate-stable").config.stack.masonry
        // 320 / 250 = 1.28 → 1 → at least 2; 768 / 250 = 3.07 → 3; 1024 / 250 = 4.10 → 4;
        // 1366 / 250 = 5.46 → 5. Split View at 451, 683, 902: 1.8 → 2, 2.73 → 2, 3.61 → 3.
        let widths: [Double] = [320, 768, 1024, 1366, 451, 683, 902]
        #expect(widths.map { masonry.columnCount(width: $0) } == [2, 3, 4, 5, 2, 2, 3])
        // The script visits every one of those widths.
        let scenario = try Self.load("masonry-rotate-stable")
        var visited: Set<Double> = [scenario.config.device.viewport.width]
        for event in scenario.config.script {
            if case .rotate(let size) = event.action { visited.insert(size.width) }
        }
        #expect(visited == Set(widths))
    }

    /// 150 articles, 8 at the start and 8 a page: ⌈(150 − 8) / 8⌉ = ⌈17.75⌉ = 18 loads with
    /// either trigger, none of them duplicated; the prefetch trigger leaves the reader waiting
    /// fewer frames.
    @Test func bothTriggersLoadEveryPageOnce() throws {
        let last = try ScenarioPairsTests.metrics("paging-last-item")
        let prefetch = try ScenarioPairsTests.metrics("paging-prefetch")
        for m in [last, prefetch] {
            #expect(m["pagination.loads"] == 18)
            #expect(m["pagination.duplicateTriggers"] == 0)
        }
        let lastWaiting = try #require(last["pagination.waitingFrames"])
        let prefetchWaiting = try #require(prefetch["pagination.waitingFrames"])
        #expect(prefetchWaiting < lastWaiting)
    }

    /// Approach A keeps all 10,000 photos resident; B's memory stays within ±20 MB while it
    /// flings through the feed, with no dropped frame.
    @Test func theLayoutKeepsEverythingAndTheColumnsStayFlat() throws {
        let layout = try ScenarioPairsTests.metrics("masonry-feed-layout")
        #expect(layout["peakResidentViews"] == 10_000)
        let scenario = try Self.load("masonry-feed-columns")
        let result = Simulation.run(scenario.config)
        #expect(result.summary.droppedFrames == 0)
        // From the first fling (0.5 s, frame 60) on.
        let memory = result.frames.memoryBytes.dropFirst(60).map(Double.init).sorted()
        let median = memory[memory.count / 2]
        let spread = memory.map { abs($0 - median) }.max() ?? 0
        #expect(spread < 20 * 1_048_576, "memory moved \(spread / 1_048_576) MiB around its median")
    }
}
