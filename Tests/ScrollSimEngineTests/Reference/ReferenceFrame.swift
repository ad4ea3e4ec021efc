import ScrollSimEngine

/// One frame as the reference model computes it, and as the engine shows it in its `FrameSeries`
/// and its event log: the figures the differential test compares, field by field.
///
/// Row sets are sorted row indexes of what happened to rows in the frame, read from the engine's
/// events (`build`, `prefetchFinish`, `appear`, `disappear`, `evict`, `release`).
struct ReferenceFrame: Equatable {
    var timeMs = 0.0
    var offset = 0.0
    /// Main-thread ms by phase.
    var phaseMs = ByPhase<Double>(repeating: 0)
    var renderServerMs = 0.0
    /// Dropped frames, and of them those lost to the render server.
    var dropped = 0, renderDropped = 0
    var prefetchOverrunMs = 0.0
    /// 0 launch, 1 scroll, 2 rest (`FrameAccounting.Interval`).
    var interval = 0
    /// Rows by phase at the end of the frame.
    var visible = 0, prefetched = 0, cached = 0
    var memoryBytes = 0
    /// The estimated content height.
    var extent = 0.0
    var corrections = 0, correctionPx = 0.0
    /// The topmost visible element (`viewID` with the default top anchor), or −1.
    var topElement = -1
    var built: [Int] = []
    var prefetchFinished: [Int] = []
    var appeared: [Int] = []
    var disappeared: [Int] = []
    var evicted: [Int] = []
    var released: [Int] = []

    /// Offsets and heights agree within this many points, times within this many ms: the two
    /// sum the same numbers in different orders (the engine in Fenwick trees).
    static let pointTolerance = 1e-6
    static let msTolerance = 1e-9

    /// The first field in which two frames differ, as "name: engine X, reference Y", or nil.
    static func firstDifference(engine e: ReferenceFrame, reference r: ReferenceFrame) -> String? {
        func close(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool { abs(a - b) <= tolerance * max(1, abs(a), abs(b)) }
        var numbers: [(String, Double, Double, Double)] = [
            ("timeMs", e.timeMs, r.timeMs, msTolerance), ("offset", e.offset, r.offset, pointTolerance),
            ("renderServerMs", e.renderServerMs, r.renderServerMs, msTolerance),
            ("prefetchOverrunMs", e.prefetchOverrunMs, r.prefetchOverrunMs, msTolerance),
            ("estimatedHeight", e.extent, r.extent, pointTolerance), ("correctionPx", e.correctionPx, r.correctionPx, pointTolerance),
        ]
        for phase in PhaseWork.Phase.allCases {
            numbers.append(("phaseMs.\(phase.name)", e.phaseMs[phase], r.phaseMs[phase], msTolerance))
        }
        for (name, a, b, tolerance) in numbers where !close(a, b, tolerance) {
            return "\(name): engine \(a), reference \(b)"
        }
        let counts: [(String, Int, Int)] = [
            ("dropped", e.dropped, r.dropped), ("renderDropped", e.renderDropped, r.renderDropped), ("interval", e.interval, r.interval),
            ("visible", e.visible, r.visible), ("prefetched", e.prefetched, r.prefetched), ("cached", e.cached, r.cached),
            ("memoryBytes", e.memoryBytes, r.memoryBytes), ("corrections", e.corrections, r.corrections),
            ("topElement", e.topElement, r.topElement),
        ]
        for (name, a, b) in counts where a != b {
            return "\(name): engine \(a), reference \(b)"
        }
        let sets: [(String, [Int], [Int])] = [
            ("built", e.built, r.built), ("prefetchFinished", e.prefetchFinished, r.prefetchFinished),
            ("appeared", e.appeared, r.appeared), ("disappeared", e.disappeared, r.disappeared),
            ("evicted", e.evicted, r.evicted), ("released", e.released, r.released),
        ]
        for (name, a, b) in sets where a != b {
            return "\(name) rows: engine \(a), reference \(b)"
        }
        return nil
    }

    /// The engine's frames, in the same shape.
    static func frames(of result: SimulationResult) -> [ReferenceFrame] {
        let series = result.frames
        var frames = (0..<series.count).map { k -> ReferenceFrame in
            var f = ReferenceFrame()
            f.timeMs = series.timeMs[k]
            f.offset = series.offset[k]
            f.phaseMs = ByPhase { series.work($0)[k] }
            f.renderServerMs = series.renderServerMs[k]
            f.dropped = series.dropped[k]
            f.renderDropped = series.renderDropped[k]
            f.prefetchOverrunMs = series.prefetchOverrunMs[k]
            f.interval = Int(series.interval[k].rawValue)
            f.visible = series.visible[k]
            f.prefetched = series.prefetched[k]
            f.cached = series.cached[k]
            f.memoryBytes = series.memoryBytes[k]
            f.extent = series.estimatedHeight[k]
            f.corrections = series.corrections[k]
            f.correctionPx = series.correctionPx[k]
            f.topElement = series.viewID[k]
            return f
        }
        for event in result.events where Int(event.frame) < frames.count {
            let k = Int(event.frame)
            let row = Int(event.row)
            switch event.kind {
            case .build: frames[k].built.append(row)
            case .prefetchFinish: frames[k].prefetchFinished.append(row)
            case .appear: frames[k].appeared.append(row)
            case .disappear: frames[k].disappeared.append(row)
            case .evict: frames[k].evicted.append(row)
            case .release: frames[k].released.append(row)
            default: break
            }
        }
        return frames.map { $0.sortedRows() }
    }

    func sortedRows() -> ReferenceFrame {
        var f = self
        f.built.sort()
        f.prefetchFinished.sort()
        f.appeared.sort()
        f.disappeared.sort()
        f.evicted.sort()
        f.released.sort()
        return f
    }
}
