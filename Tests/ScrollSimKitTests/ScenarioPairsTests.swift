import Foundation
import Testing
@testable import ScrollSimEngine
@testable import ScrollSimKit

/// Every modeled behaviour ships as a pair of scenarios — the anti-pattern and the fix — whose
/// reports differ in the metric the behaviour is about. This table is the README's table of
/// shipped scenarios, checked.
struct ScenarioPairsTests {
    struct Pair: CustomStringConvertible, Sendable {
        var worse: String
        var better: String
        var metric: String
        /// The better scenario's value times this factor must still be below the worse one's
        /// (1 means "strictly less").
        var factor: Double = 1

        var description: String { "\(better) beats \(worse) on \(metric)" }
    }

    static let pairs: [Pair] = [
        Pair(worse: "origami-vstack", better: "origami-lazy", metric: "launch.droppedFrames"),
        Pair(worse: "origami-vstack", better: "origami-lazy", metric: "peakMemoryBytes", factor: 20),
        Pair(worse: "origami-vstack", better: "origami-lazy", metric: "peakResidentViews", factor: 20),
        Pair(worse: "feed-fling-vstack", better: "feed-fling", metric: "launch.droppedFrames"),
        Pair(worse: "feed-fling-vstack", better: "feed-fling", metric: "peakMemoryBytes", factor: 100),
        Pair(worse: "prefetch-off-heavy-cells", better: "prefetch-chunked-heavy-cells", metric: "coldBuilds", factor: 5),
        Pair(worse: "prefetch-off-9ms-cards", better: "prefetch-deadline-9ms-cards", metric: "droppedFrames", factor: 10),
        Pair(worse: "prefetch-off-9ms-cards", better: "prefetch-deadline-9ms-cards", metric: "coldBuilds", factor: 5),
        Pair(worse: "prefetch-chunked-heavy-cells", better: "prefetch-deadline-heavy-cells", metric: "prefetchOverrunFrames"),
        Pair(worse: "prefetch-chunked-heavy-cells", better: "prefetch-deadline-heavy-cells", metric: "droppedFrames"),
        Pair(worse: "prefetch-chunked-huge-cells", better: "prefetch-chunked-light-body", metric: "droppedFrames", factor: 10),
        Pair(worse: "prefetch-deadline-huge-cells", better: "prefetch-chunked-light-body", metric: "droppedFrames", factor: 10),
        Pair(worse: "effects-live", better: "effects-drawinggroup", metric: "renderHitchTimeMs"),
        Pair(worse: "origami-vstack-rotate", better: "origami-rotate-return", metric: "droppedFrames"),
        Pair(worse: "configure-onappear", better: "configure-init", metric: "layoutPasses", factor: 2),
        Pair(worse: "configure-onappear", better: "configure-init", metric: "wastedPrefetchMs", factor: 4),
        Pair(worse: "configure-onappear", better: "configure-init", metric: "peakResidentViews"),
        Pair(worse: "loader-onappear", better: "loader-init", metric: "blankAreaFrames", factor: 3),
        Pair(worse: "loader-task", better: "loader-init", metric: "blankAreaFrames", factor: 3),
        Pair(worse: "state-in-view", better: "state-lifted", metric: "stateLossEvents"),
        Pair(worse: "fling-reverse", better: "fling-through", metric: "wastedPrefetchMs"),
        Pair(worse: "fling-reverse", better: "fling-through", metric: "prefetchedNeverAppeared"),
        Pair(worse: "keepalive-10s", better: "keepalive-500ms", metric: "peakMemoryBytes", factor: 3),
        Pair(worse: "geometry-relayout", better: "custom-layout", metric: "visibleJumps"),
        Pair(worse: "asyncimage-unsized", better: "asyncimage-sized", metric: "visibleJumps"),
        Pair(worse: "origami-rotate-return", better: "origami-portrait-return", metric: "offsetCorrections"),
        Pair(worse: "photo-showcase-variable-captions", better: "photo-showcase-linelimit", metric: "clippedChildren"),
        Pair(worse: "ideal-width-first-child", better: "ideal-width-flexible-title", metric: "widerThanIdealWidth"),
        Pair(worse: "photo-feed-vstack", better: "photo-feed-pinned", metric: "launch.droppedFrames"),
        Pair(worse: "photo-feed-vstack", better: "photo-feed-pinned", metric: "peakMemoryBytes", factor: 10),
        Pair(worse: "steps-conditional", better: "steps-filtered", metric: "peakResidentViews", factor: 20),
        Pair(worse: "steps-conditional", better: "steps-filtered", metric: "launch.workMs", factor: 20),
        Pair(worse: "steps-conditional", better: "steps-filtered", metric: "scrollTo.lookupMs"),
        Pair(worse: "steps-conditional", better: "steps-filtered", metric: "bodyEvaluations", factor: 20),
        Pair(worse: "chat-scrolled-on-appear", better: "chat-anchored-bottom", metric: "wastedPrefetchMs"),
        Pair(worse: "cards-offset-transition", better: "cards-scale-transition", metric: "poppedViews"),
        Pair(worse: "header-geometry-offset", better: "header-visibility", metric: "observer.callbacks", factor: 5),
        Pair(worse: "header-geometry-offset", better: "header-visibility", metric: "observer.spuriousChanges"),
        Pair(worse: "masonry-feed-layout", better: "masonry-feed-columns", metric: "launch.droppedFrames"),
        Pair(worse: "masonry-feed-layout", better: "masonry-feed-columns", metric: "peakResidentViews", factor: 100),
        Pair(worse: "masonry-feed-layout", better: "masonry-feed-columns", metric: "peakMemoryBytes", factor: 100),
        Pair(worse: "masonry-feed-layout", better: "profile-grid-layout", metric: "launch.workMs", factor: 30),
        Pair(worse: "masonry-rotate-full", better: "masonry-rotate-stable", metric: "reshuffledItems"),
        Pair(worse: "photo-grid-lazyvgrid", better: "masonry-feed-columns", metric: "gridWastePx"),
        Pair(worse: "photo-grid-paired", better: "masonry-feed-columns", metric: "gridWastePx"),
        Pair(worse: "masonry-geometry-reader", better: "masonry-feed-columns", metric: "visibleJumps"),
        Pair(worse: "masonry-geometry-reader", better: "masonry-feed-columns", metric: "droppedFrames"),
        Pair(worse: "masonry-distribute-in-body", better: "masonry-feed-columns", metric: "droppedFrames"),
        Pair(worse: "masonry-distribute-in-body", better: "masonry-feed-columns", metric: "frameWorkMs.p50", factor: 4),
        Pair(worse: "paging-last-item", better: "paging-prefetch", metric: "pagination.waitingFrames"),
        Pair(worse: "paging-last-item", better: "paging-threshold", metric: "pagination.waitingFrames"),
        Pair(worse: "nested-scrollview-ios17", better: "nested-scrollview-ios26", metric: "launch.droppedFrames"),
        Pair(worse: "nested-scrollview-ios17", better: "nested-scrollview-ios26", metric: "peakResidentViews", factor: 20),
        Pair(worse: "masonry-images-task", better: "masonry-images-prefetch", metric: "blankAreaFrames"),
    ]

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Scenarios").standardized.path

    /// Every shipped scenario's summary metrics, computed once for all the cases.
    static let suite: [String: [String: Double]] = {
        var metrics: [String: [String: Double]] = [:]
        for file in (try? ScenarioLoader.expand([directory])) ?? [] {
            guard let scenario = try? ScenarioLoader.load(path: file) else { continue }
            let result = Simulation.run(scenario.config)
            metrics[scenario.name] = try? Report(path: file, root: ReportBuilder.build(scenario: scenario, result: result, harness: nil)).metrics
        }
        return metrics
    }()

    static func metrics(_ name: String) throws -> [String: Double] {
        try #require(suite[name], "no valid shipped scenario named \(name)")
    }

    @Test("each claim's pair differs in its metric", arguments: pairs)
    func pairDiffers(_ pair: Pair) throws {
        let worse = try #require(try Self.metrics(pair.worse)[pair.metric])
        let better = try #require(try Self.metrics(pair.better)[pair.metric])
        #expect(better * pair.factor < worse, "\(pair): \(pair.better) = \(better), \(pair.worse) = \(worse)")
    }

    @Test("engine corrections never cause visible jumps, and landings on the top are exact")
    func engineInvariantsAcrossTheSuite() throws {
        // Masonry columns keep their own anchors through a width change: the rotation scenarios,
        // which scroll on toward the end, neither correct nor jump.
        let jumpers: Set = ["geometry-relayout", "asyncimage-unsized", "configure-onappear", "masonry-geometry-reader"]
        for file in try ScenarioLoader.expand([Self.directory]) {
            let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            let m = try Self.metrics(name)
            #expect(m["topLandingErrorPx"] == 0, "\(name)")
            #expect(m[Metric.unsettledFrames.path] == 0, "\(name): a frame's layout did not settle")
            if !jumpers.contains(name) { #expect(m["visibleJumps"] == 0, "\(name) jumps") }
        }
    }
}
