import ScrollSimEngine

extension Attribution {
    /// The view types' rows of a run's attribution (`types`), from its totals alone.
    /// - Complexity: O(types × phases).
    static func typeRows(_ result: SimulationResult) -> [TypeRow] {
        let byType = result.summary.totals.byType
        let lateTotal = byType.reduce(0) { $0 + $1.lateWorkMs }
        var used: Set<String> = []
        return byType.enumerated().map { index, totals in
            var work: [String: Double] = [:]
            var late: [String: Double] = [:]
            for phase in PhaseWork.Phase.allCases {
                work[phase.name] = totals.work[phase]
                late[phase.name] = totals.lateWork[phase]
            }
            // A section header type may share a content type's name: the report keys types by name.
            var name = Attribution.typeName(index, result.typeNames)
            if used.contains(name) {
                var n = 2
                while used.contains("\(name) (\(n))") { n += 1 }
                name = "\(name) (\(n))"
            }
            used.insert(name)
            return TypeRow(name: name, coldBuilds: totals.coldBuilds,
                           prefetchedBuilds: totals.prefetchedBuilds, fromCache: totals.reusedFromCache, workMs: work,
                           lateWorkMs: totals.lateWorkMs, lateWorkByPhaseMs: late, overBudgetShare: lateTotal > 0 ? totals.lateWorkMs / lateTotal : 0)
        }
    }

    /// The attribution of a run: the engine's totals by type (`RunTotals.byType`), and the
    /// slowest frames with the build events and script events around them.
    ///
    /// "Slowest" ranks a frame by its longer stage, the main thread's commit (`workMs`) or the
    /// render server's work after it; ties go to the earlier frame.
    /// - Parameter ids: the data file's element ids, when it gives them (else elements are
    ///   written as indexes). An element beyond the data file (a page loaded by `pagination`,
    ///   an element a script's `append` added) is `+1`, `+2`, … as in the rest of the report
    ///   (`ReportBuilder.elementID`).
    /// - Complexity: O(frames + events).
    public init(result: SimulationResult, ids: [String]?) {
        types = Attribution.typeRows(result)

        let f = result.frames
        let worst = Attribution.slowestFrames(workMs: f.workMs, renderServerMs: f.renderServerMs)
        var slot: [Int: Int] = [:]
        for (k, frame) in worst.enumerated() { slot[frame] = k }

        // One pass over the events: the views built in each worst frame, and the script events
        // in effect at each (the last two at or before it).
        var built = [[(row: Int32, type: Int16, element: Int32)]](repeating: [], count: worst.count)
        var seen = [Set<Int32>](repeating: [], count: worst.count)
        var scripts = [[(kind: String, timeMs: Double)]](repeating: [], count: worst.count)
        var recent: [(kind: String, timeMs: Double)] = []
        let byFrame = worst.sorted()
        var next = 0
        for event in result.events {
            let frame = Int(event.frame)
            while next < byFrame.count, byFrame[next] < frame {
                scripts[slot[byFrame[next]]!] = recent
                next += 1
            }
            let role = Attribution.roles[Int(event.kind.rawValue)]
            if role == .script {
                recent.append((event.kind.name, f.timeMs[frame]))
                if recent.count > 2 { recent.removeFirst() }
            }
            if role == .build, let k = slot[frame], event.row >= 0, seen[k].insert(event.row).inserted {
                built[k].append((event.row, event.type, event.element))
            }
        }
        while next < byFrame.count {
            scripts[slot[byFrame[next]]!] = recent
            next += 1
        }

        let named = types
        worstFrames = worst.enumerated().map { k, i in
            let dominant = Attribution.dominantStage(phaseMs: { f.work($0)[i] }, workMs: f.workMs[i], renderServerMs: f.renderServerMs[i])
            var counts: [String: Int] = [:]
            for view in built[k] {
                let t = Int(view.type)
                counts[t >= 0 && t < named.count ? named[t].name : Attribution.typeName(t, result.typeNames), default: 0] += 1
            }
            let elements = built[k].prefix(Attribution.elementLimit).map { view -> String in
                guard view.element >= 0 else { return "" }
                return ids.map { ReportBuilder.elementID(Int(view.element), $0) } ?? String(view.element)
            }
            return WorstFrame(frame: i, timeMs: f.timeMs[i], workMs: f.workMs[i], renderServerMs: f.renderServerMs[i],
                              dropped: f.dropped[i], dominantPhase: dominant.name, dominantPhaseMs: dominant.ms,
                              corrections: f.corrections[i], types: counts, elements: elements, elementCount: built[k].count,
                              script: Attribution.scriptText(scripts[k]))
        }
    }

    /// The frames `worstFrames` lists: at most `worstFrameCount`, ranked by the longer stage of
    /// each, the main thread's commit or the render server's work after it; ties go to the
    /// earlier frame.
    ///
    /// A partial selection, not a sort of every frame: the frames are read once in order and
    /// the slowest `worstFrameCount` kept in rank order, a frame entering only when it is
    /// slower than the last kept (an equal one is later, so it ranks after). Since no two
    /// frames rank equal, the list is the first `worstFrameCount` of the full sort.
    /// - Complexity: O(frames · worstFrameCount) at worst, O(frames) when the slowest come early.
    static func slowestFrames<Work: RandomAccessCollection, Render: RandomAccessCollection>(workMs: Work, renderServerMs: Render) -> [Int]
    where Work.Element == Double, Work.Index == Int, Render.Element == Double, Render.Index == Int {
        var kept: [(frame: Int, stage: Double)] = []
        kept.reserveCapacity(worstFrameCount + 1)
        for i in workMs.indices {
            let stage = max(workMs[i], renderServerMs[i])
            if kept.count == worstFrameCount, !(stage > kept[kept.count - 1].stage) { continue }
            // Frames come in order, so this one goes after every kept frame at least as slow.
            var at = kept.count
            while at > 0, stage > kept[at - 1].stage { at -= 1 }
            kept.insert((i, stage), at: at)
            if kept.count > worstFrameCount { kept.removeLast() }
        }
        return kept.map(\.frame)
    }

    /// What a frame spent most on: the main-thread phase with the most work, or `renderServer`
    /// when the render server's stage was longer than the whole commit; ("", 0) for a frame of
    /// no work. A phase must beat the one before it by more than rounding (1e-9 ms): phases
    /// equal in exact arithmetic go to the one that comes first in a frame, and a render server
    /// exactly as long as the commit leaves the blame on the main thread.
    static func dominantStage(phaseMs: (PhaseWork.Phase) -> Double, workMs: Double, renderServerMs: Double) -> (name: String, ms: Double) {
        var dominant = (name: "", ms: 0.0)
        for phase in PhaseWork.Phase.allCases where phaseMs(phase) > dominant.ms + 1e-9 {
            dominant = (phase.name, phaseMs(phase))
        }
        if renderServerMs > workMs + 1e-9 { dominant = ("renderServer", renderServerMs) }
        return dominant
    }

    /// A type index's name ("" for -1; "type N" if the names do not reach it).
    static func typeName(_ index: Int, _ names: [String]) -> String {
        guard index >= 0 else { return "" }
        return index < names.count ? names[index] : "type \(index)"
    }
}
