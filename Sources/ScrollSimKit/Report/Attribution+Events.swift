extension Attribution {
    /// What happened around some frames of a report, from its events: the views built or laid
    /// out in each frame (as `builtText` writes them: "reel ×2 (elements e8, e9)") and the
    /// script events in effect ("rotate at 9 s, then drag at 9.5 s"). For hover notes on the
    /// pages, where every drawn bar names what its frame built.
    ///
    /// - Parameter frames: the frames to describe (any order).
    /// - Returns: one line per frame that built something or has a script event in effect.
    /// - Complexity: O(events + f log f) for f frames.
    public static func notes(for frames: [Int], events: [Report.Event], timeMs: [Double]) -> [Int: String] {
        let wanted = Array(Set(frames)).sorted()
        guard !wanted.isEmpty else { return [:] }
        let index = Dictionary(uniqueKeysWithValues: wanted.enumerated().map { ($1, $0) })
        var built = [[Report.Event]](repeating: [], count: wanted.count)
        var seen = [Set<String>](repeating: [], count: wanted.count)
        var scripts = [String](repeating: "", count: wanted.count)
        var recent: [(kind: String, timeMs: Double)] = []
        var next = 0
        func settle(before frame: Int) {
            while next < wanted.count, wanted[next] < frame {
                scripts[next] = scriptText(recent)
                next += 1
            }
        }
        for event in events {
            settle(before: event.frame)
            if scriptKinds.contains(event.kind), event.frame < timeMs.count {
                recent.append((event.kind, timeMs[event.frame]))
                if recent.count > 2 { recent.removeFirst() }
            }
            if let k = index[event.frame], buildKinds.contains(event.kind), !event.element.isEmpty || !event.type.isEmpty,
               seen[k].insert(event.type + "\u{0}" + event.element).inserted {
                built[k].append(event)
            }
        }
        settle(before: Int.max)
        var out: [Int: String] = [:]
        for (k, frame) in wanted.enumerated() {
            var types: [String: Int] = [:]
            for event in built[k] { types[event.type.isEmpty ? "view" : event.type, default: 0] += 1 }
            let w = WorstFrame(frame: frame, timeMs: 0, workMs: 0, renderServerMs: 0, dropped: 0, dominantPhase: "", dominantPhaseMs: 0,
                               corrections: 0, types: types, elements: built[k].prefix(elementLimit).map(\.element),
                               elementCount: built[k].count, script: scripts[k])
            var parts: [String] = []
            if let text = builtText(w) { parts.append("built " + text) }
            if !w.script.isEmpty { parts.append("after " + w.script) }
            if !parts.isEmpty { out[frame] = parts.joined(separator: "; ") }
        }
        return out
    }
}
