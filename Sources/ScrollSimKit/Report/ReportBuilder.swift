import ScrollSimEngine

/// Builds a report (DESIGN §11) from a scenario and its run.
///
/// Everything but `harness` is a function of the scenario alone, so two runs of one scenario
/// give byte-identical reports outside that section (the writer sorts keys and fixes the
/// number format).
public enum ReportBuilder {
    public static let schema = 1

    public static func build(scenario: Scenario, result: SimulationResult, harness: Harness.Measurement?) -> JSONValue {
        var summary = summaryObject(result.summary, grading: scenario.grading)
        let flat = Report.flatten(.object(summary))
        let budgets = BudgetResult.evaluate(scenario.budgets, summary: flat)
        var budgetObject: [String: JSONValue] = [:]
        for budget in budgets {
            budgetObject[budget.key] = .object([
                "limit": .number(budget.limit), "value": .number(budget.value), "pass": .bool(budget.pass),
            ])
        }
        summary["budgets"] = .object(budgetObject)
        summary["budgetsPassed"] = .bool(budgets.allSatisfy(\.pass))

        var root: [String: JSONValue] = [
            "schema": .number(Double(schema)),
            "scenario": scenarioObject(scenario, rows: result.rowCount),
            "summary": .object(summary),
            "frames": framesObject(result.frames, ids: scenario.elementIDs),
            "events": eventsObject(result.events, ids: scenario.elementIDs),
        ]
        if let harness { root["harness"] = harnessObject(harness) }
        return .object(root)
    }

    static func scenarioObject(_ scenario: Scenario, rows: Int) -> JSONValue {
        let config = scenario.config
        let file = scenario.file.split(separator: "/").last.map(String.init) ?? scenario.file
        return .object([
            "name": .string(scenario.name),
            "file": .string(file),
            "description": .string(scenario.description),
            "contentHash": .string(scenario.contentHash),
            "seed": .number(Double(config.seed)),
            "stack": .string(config.stack.kind.rawValue),
            "elements": .number(Double(config.content.count)),
            "rows": .number(Double(rows)),
            "durationS": .number(config.duration),
            "refreshRate": .number(config.device.refreshRate),
            "budgetMs": .number(config.device.budgetMs),
            "viewport": .object(["width": .number(config.device.viewport.width), "height": .number(config.device.viewport.height)]),
            "hitchGrading": .object(["warning": .number(scenario.grading.warning), "critical": .number(scenario.grading.critical)]),
        ])
    }

    static func summaryObject(_ s: SimulationSummary, grading: HitchGrading) -> [String: JSONValue] {
        let t = s.totals
        func n(_ v: Double) -> JSONValue { .number(v) }
        func i(_ v: Int) -> JSONValue { .number(Double(v)) }
        return [
            "frames": i(s.frames),
            "droppedFrames": i(s.droppedFrames),
            "hitchTimeMs": n(s.hitchTimeMs),
            "hitchRatio": n(s.hitchRatio),
            "hitchGrade": .string(grading.grade(s.hitchRatio)),
            "movingSeconds": n(s.movingSeconds),
            "commitHitchTimeMs": n(s.commitHitchTimeMs),
            "renderHitchTimeMs": n(s.renderHitchTimeMs),
            "otherDroppedFrames": i(s.otherDroppedFrames),
            "launch": .object([
                "frames": i(s.launch.frames),
                "workMs": n(s.launch.workMs),
                "droppedFrames": i(s.launch.droppedFrames),
            ]),
            "prefetchOverrunFrames": i(s.prefetchOverrunFrames),
            "prefetchOverrunMs": n(s.prefetchOverrunMs),
            "frameWorkMs": .object([
                "mean": n(s.frameWorkMs.mean), "p50": n(s.frameWorkMs.p50), "p90": n(s.frameWorkMs.p90),
                "p95": n(s.frameWorkMs.p95), "p99": n(s.frameWorkMs.p99), "max": n(s.frameWorkMs.max),
            ]),
            "peakMemoryBytes": i(s.peakMemoryBytes),
            "finalMemoryBytes": i(s.finalMemoryBytes),
            "peakResidentViews": i(s.peakResidentViews),
            "bodyEvaluations": i(t.bodyEvaluations),
            "layoutPasses": i(t.layoutPasses),
            "coldBuilds": i(t.coldBuilds),
            "prefetchedBuilds": i(t.prefetchedBuilds),
            "prefetchMs": n(t.prefetchMs),
            "wastedPrefetchMs": n(t.wastedPrefetchMs),
            "prefetchedNeverAppeared": i(t.prefetchedNeverAppeared),
            "prefetchPendingAtEnd": i(t.prefetchPendingAtEnd),
            "prefetchPendingAtEndMs": n(t.prefetchPendingAtEndMs),
            "appears": i(t.appears),
            "releases": i(t.releases),
            "offsetCorrections": i(t.offsetCorrections),
            "correctionPx": n(t.correctionPx),
            "visibleJumps": i(t.visibleJumps),
            "maxJumpPx": n(t.maxJumpPx),
            "topArrivals": i(t.topArrivals),
            "topLandingErrorPx": n(t.topLandingErrorPx),
            "stateLossEvents": i(t.stateLossEvents),
            "contentLoads": i(t.contentLoads),
            "blankAreaFrames": i(t.blankAreaFrames),
            "mostlyBlankFrames": i(t.mostlyBlankFrames),
            "blankAreaFraction": .object([
                "sum": n(t.blankFractionSum),
                "max": n(t.blankFractionMax),
            ]),
            "clippedChildren": i(t.clippedChildren),
            "clippedPx": n(t.clippedPx),
            "nestedItemsBuilt": i(t.nestedItemsBuilt),
            "widerThanIdealWidth": i(t.widerThanIdealWidth),
            "widerThanIdealPx": n(t.widerThanIdealPx),
            "scrollTo": .object([
                "count": i(t.scrollToCount),
                "lookupMs": n(0),
                "frames": i(t.scrollToFrames),
                "landingErrorPx": n(t.scrollToLandingErrorPx),
            ]),
        ]
    }

    static func framesObject(_ f: FrameSeries, ids: [String]?) -> JSONValue {
        func doubles(_ values: [Double]) -> JSONValue { .array(values.map { .number($0) }) }
        func ints(_ values: [Int]) -> JSONValue { .array(values.map { .number(Double($0)) }) }
        var phases: [String: JSONValue] = [:]
        for phase in PhaseWork.Phase.allCases {
            phases[phase.name] = doubles(f.phaseMs[phase.rawValue])
        }
        let viewIDs: JSONValue
        if let ids {
            viewIDs = .array(f.viewID.map { $0 >= 0 ? .string(ids[$0]) : .null })
        } else {
            viewIDs = ints(f.viewID)
        }
        return .object([
            "count": .number(Double(f.count)),
            "timeMs": doubles(f.timeMs),
            "offset": doubles(f.offset),
            "workMs": doubles(f.workMs),
            "phaseMs": .object(phases),
            "dropped": ints(f.dropped),
            "renderDropped": ints(f.renderDropped),
            "renderServerMs": doubles(f.renderServerMs),
            "prefetchOverrunMs": doubles(f.prefetchOverrunMs),
            "interval": .array(f.interval.map { .string(["launch", "scroll", "rest"][Int($0.rawValue)]) }),
            "memoryBytes": ints(f.memoryBytes),
            "visible": ints(f.visible),
            "prefetched": ints(f.prefetched),
            "cached": ints(f.cached),
            "estimatedHeight": doubles(f.estimatedHeight),
            "trueHeight": doubles(f.trueHeight),
            "estimateErrorPx": doubles(zip(f.estimatedHeight, f.trueHeight).map { $0 - $1 }),
            "corrections": ints(f.corrections),
            "correctionPx": doubles(f.correctionPx),
            "visibleJumps": ints(f.visibleJumps),
            "blankFraction": doubles(f.blankFraction),
            "viewID": viewIDs,
            "moving": ints(f.moving.map { $0 ? 1 : 0 }),
        ])
    }

    static func eventsObject(_ events: [SimulationEvent], ids: [String]?) -> JSONValue {
        var counts: [String: Int] = [:]
        for event in events { counts[event.kind.name, default: 0] += 1 }
        return .object([
            "count": .number(Double(events.count)),
            "counts": .object(counts.mapValues { .number(Double($0)) }),
            "frame": .array(events.map { .number(Double($0.frame)) }),
            "kind": .array(events.map { .string($0.kind.name) }),
            "row": .array(events.map { .number(Double($0.row)) }),
            "element": .array(events.map { event in
                guard event.element >= 0 else { return .number(-1) }
                if let ids { return .string(ids[Int(event.element)]) }
                return .number(Double(event.element))
            }),
            "value": .array(events.map { .number($0.value) }),
        ])
    }

    static func harnessObject(_ m: Harness.Measurement) -> JSONValue {
        #if DEBUG
        let build = "debug"
        #else
        let build = "release"
        #endif
        return .object([
            "allocator": .string("jemalloc \(m.allocatorVersion)"),
            "build": .string(build),
            "wallTimeMs": .number(m.wallTimeMs),
            "simulatedFramesPerSecond": .number(m.simulatedFramesPerSecond.rounded()),
            "allocatedBytes": .number(Double(m.allocatedBytes)),
            "allocations": .number(Double(m.allocations)),
            "steadyStateFrames": .number(Double(m.steadyStateFrames)),
            "allocationsPerFrame": .number(m.allocationsPerFrame),
            "bytesPerFrame": .number(m.bytesPerFrame),
            "microsecondsPerFrame": .number(m.microsecondsPerFrame),
            "processAllocatedBytes": .number(Double(m.processAllocatedBytes)),
        ])
    }
}
