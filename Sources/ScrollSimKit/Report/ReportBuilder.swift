import Foundation
import ScrollSimEngine

/// Builds a report from a scenario and its run: `schema`, `scenario`, `summary` (the metrics
/// of `Metric`, with the scenario's budgets, and the attribution by view type and of the
/// slowest frames, `Attribution`), `frames` (the columns of `FrameColumn`), `events`, and
/// `harness` when the run was measured.
///
/// Everything but `harness` is a function of the scenario alone, so two runs of one scenario
/// give byte-identical reports outside that section (the writer sorts keys and fixes the
/// number format).
public enum ReportBuilder {
    public static let schema = 1

    public static func build(scenario: Scenario, result: SimulationResult, harness: HarnessFigures?) -> JSONValue {
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
        let attribution = Attribution(result: result, ids: scenario.elementIDs)
        summary["byType"] = attribution.byTypeJSON
        summary["worstFrames"] = attribution.worstFramesJSON

        var root: [String: JSONValue] = [
            "schema": .number(Double(schema)),
            "scenario": scenarioObject(scenario, rows: result.rowCount),
            "summary": .object(summary),
            "frames": framesObject(result.frames, ids: scenario.elementIDs),
            "events": eventsObject(result.events, ids: scenario.elementIDs, typeNames: result.typeNames),
        ]
        if let harness { root["harness"] = harnessObject(harness) }
        return .object(root)
    }

    /// The report and its JSON text, with `harness.reportWriteMs` set to how long building the
    /// report and writing its text took (measured before the harness section, a few hundred
    /// bytes, is written and added). The text is `JSONWriter().string(root)`.
    public static func render(scenario: Scenario, result: SimulationResult, harness: HarnessFigures?) -> (root: JSONValue, text: String) {
        let clock = ContinuousClock()
        let start = clock.now
        guard case .object(var object) = build(scenario: scenario, result: result, harness: nil) else {
            preconditionFailure("a report is an object")
        }
        let writer = JSONWriter()
        var members = object.mapValues { writer.member($0) }
        if var harness {
            let elapsed = (clock.now - start).components
            harness.reportWriteMs = Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15
            let section = harnessObject(harness)
            object["harness"] = section
            members["harness"] = writer.member(section)
        }
        return (.object(object), writer.string(members: members))
    }

    static func scenarioObject(_ scenario: Scenario, rows: Int) -> JSONValue {
        let config = scenario.config
        let file = scenario.file.split(separator: "/").last.map(String.init) ?? scenario.file
        var object: [String: JSONValue] = [
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
        ]
        if let variant = scenario.variant { object["variant"] = .object(variant) }
        if let source = scenario.source { object["source"] = source }
        return .object(object)
    }

    /// `summary`: every metric of the catalog at its path (`frameWorkMs.p99` nests `p99` in a
    /// `frameWorkMs` object), and the hitch grade. `build` adds the budgets.
    static func summaryObject(_ s: SimulationSummary, grading: HitchGrading) -> [String: JSONValue] {
        var summary: [String: JSONValue] = ["hitchGrade": .string(grading.grade(s.hitchRatio))]
        for metric in Metric.allCases {
            let parts = metric.path.split(separator: ".").map(String.init)
            let value = JSONValue.number(metric.value(in: s))
            switch parts.count {
            case 1:
                summary[parts[0]] = value
            case 2:
                var group = summary[parts[0]]?.objectValue ?? [:]
                group[parts[1]] = value
                summary[parts[0]] = .object(group)
            default:
                preconditionFailure("metric path \(metric.path) nests deeper than one level")
            }
        }
        return summary
    }

    /// `frames`: every column of `FrameColumn`, the phase columns under `phaseMs`, and `count`.
    static func framesObject(_ f: FrameSeries, ids: [String]?) -> JSONValue {
        var phases: [String: JSONValue] = [:]
        for phase in PhaseWork.Phase.allCases {
            phases[phase.name] = .array(f.phaseMs[phase.rawValue].map { .number($0) })
        }
        var object: [String: JSONValue] = ["count": .number(Double(f.count)), "phaseMs": .object(phases)]
        for column in FrameColumn.allCases {
            if column == .viewID, let ids {
                object[column.key] = .array(f.viewID.map { $0 >= 0 ? .string(elementID($0, ids)) : .null })
            } else {
                object[column.key] = .array(column.definition.values(f).map { .number($0) })
            }
        }
        return .object(object)
    }

    /// Element `index`'s data-file id; elements a script appended after the data file's (which
    /// the file does not list) are `+1`, `+2`, … in the order they were added.
    static func elementID(_ index: Int, _ ids: [String]) -> String {
        index < ids.count ? ids[index] : "+\(index - ids.count + 1)"
    }

    /// `events`: a column per field; `type` names the row's view type (null when none).
    static func eventsObject(_ events: [SimulationEvent], ids: [String]?, typeNames: [String]) -> JSONValue {
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
                if let ids { return .string(elementID(Int(event.element), ids)) }
                return .number(Double(event.element))
            }),
            "type": .array(events.map { event in
                let t = Int(event.type)
                return t >= 0 ? .string(Attribution.typeName(t, typeNames)) : .null
            }),
            "value": .array(events.map { .number($0.value) }),
        ])
    }

    static func harnessObject(_ h: HarnessFigures) -> JSONValue {
        var object: [String: JSONValue] = [
            "allocator": .string(h.allocator),
            "build": .string(h.build),
            "wallTimeMs": .number(h.wallTimeMs),
            "setupMs": .number(h.setupMs),
            "loopMs": .number(h.loopMs),
            "simulatedFramesPerSecond": .number(h.simulatedFramesPerSecond.rounded()),
            "peakResidentBytes": .number(Double(h.peakResidentBytes)),
            "steadyStateFrames": .number(Double(h.steadyStateFrames)),
            "microsecondsPerFrame": .number(h.microsecondsPerFrame),
        ]
        // A build without jemalloc counts no allocations: the keys are left out, not zero.
        if h.allocationsCounted {
            object["allocatedBytes"] = .number(Double(h.allocatedBytes))
            object["allocations"] = .number(Double(h.allocations))
            object["allocationsPerFrame"] = .number(h.allocationsPerFrame)
            object["bytesPerFrame"] = .number(h.bytesPerFrame)
            object["processAllocatedBytes"] = .number(Double(h.processAllocatedBytes))
        }
        if let ms = h.reportWriteMs { object["reportWriteMs"] = .number(ms) }
        return .object(object)
    }
}
