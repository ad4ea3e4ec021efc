extension Attribution {
    /// `summary.byType`: an object keyed by type name.
    ///
    /// ```json
    /// "reel": {"builds": {"cold": 31, "fromCache": 0, "prefetched": 2},
    ///          "lateWorkMs": 312.5, "lateWorkByPhaseMs": {"body": 250, "layout": 62.5, …},
    ///          "overBudgetShare": 0.72,
    ///          "workMs": {"appear": 0, "body": 240, "init": 12.4, "input": 0, "layout": 60, …}}
    /// ```
    public var byTypeJSON: JSONValue {
        var object: [String: JSONValue] = [:]
        for row in types {
            object[row.name] = .object([
                "builds": .object([
                    "cold": .number(Double(row.coldBuilds)),
                    "prefetched": .number(Double(row.prefetchedBuilds)),
                    "fromCache": .number(Double(row.fromCache)),
                ]),
                "workMs": .object(row.workMs.mapValues { .number($0) }),
                "lateWorkMs": .number(row.lateWorkMs),
                "lateWorkByPhaseMs": .object(row.lateWorkByPhaseMs.mapValues { .number($0) }),
                "overBudgetShare": .number(row.overBudgetShare),
            ])
        }
        return .object(object)
    }

    /// `summary.worstFrames`: an array, slowest first.
    ///
    /// ```json
    /// {"corrections": 8, "dominantPhase": "layout", "dominantPhaseMs": 35.1, "dropped": 4,
    ///  "elementCount": 2, "elements": ["812", "813"], "frame": 1211, "renderServerMs": 0.4,
    ///  "script": "rotate at 9 s, then drag at 9.5 s", "timeMs": 10133.3333,
    ///  "types": {"reel": 2}, "workMs": 42.1}
    /// ```
    public var worstFramesJSON: JSONValue {
        .array(worstFrames.map { w in
            .object([
                "frame": .number(Double(w.frame)),
                "timeMs": .number(w.timeMs),
                "workMs": .number(w.workMs),
                "renderServerMs": .number(w.renderServerMs),
                "dropped": .number(Double(w.dropped)),
                "dominantPhase": .string(w.dominantPhase),
                "dominantPhaseMs": .number(w.dominantPhaseMs),
                "corrections": .number(Double(w.corrections)),
                "types": .object(w.types.mapValues { .number(Double($0)) }),
                "elements": .array(w.elements.map { .string($0) }),
                "elementCount": .number(Double(w.elementCount)),
                "script": .string(w.script),
            ])
        })
    }

    /// The attribution a report holds, or nil when it has none (a report written before
    /// attribution existed). Reads leniently: a missing field reads as 0 or empty.
    /// Types come back sorted by name (JSON objects keep no order).
    public init?(report: Report) {
        let summary = report.summary
        guard let byType = summary["byType"]?.objectValue else { return nil }
        func number(_ value: JSONValue?) -> Double { value?.numberValue ?? 0 }
        types = byType.keys.sorted().map { name in
            let row = byType[name] ?? .null
            let work = (row["workMs"]?.objectValue ?? [:]).compactMapValues(\.numberValue)
            return TypeRow(name: name, coldBuilds: Int(number(row["builds"]?["cold"])),
                           prefetchedBuilds: Int(number(row["builds"]?["prefetched"])),
                           fromCache: Int(number(row["builds"]?["fromCache"])), workMs: work,
                           lateWorkMs: number(row["lateWorkMs"]),
                           lateWorkByPhaseMs: (row["lateWorkByPhaseMs"]?.objectValue ?? [:]).compactMapValues(\.numberValue),
                           overBudgetShare: number(row["overBudgetShare"]))
        }
        worstFrames = (summary["worstFrames"]?.arrayValue ?? []).map { w in
            WorstFrame(frame: Int(number(w["frame"])), timeMs: number(w["timeMs"]), workMs: number(w["workMs"]),
                       renderServerMs: number(w["renderServerMs"]), dropped: Int(number(w["dropped"])),
                       dominantPhase: w["dominantPhase"]?.stringValue ?? "", dominantPhaseMs: number(w["dominantPhaseMs"]),
                       corrections: Int(number(w["corrections"])),
                       types: (w["types"]?.objectValue ?? [:]).compactMapValues { $0.numberValue.map(Int.init) },
                       elements: (w["elements"]?.arrayValue ?? []).compactMap(\.stringValue),
                       elementCount: Int(number(w["elementCount"])), script: w["script"]?.stringValue ?? "")
        }
    }
}
