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

    /// The report as a JSON value, numbers unrounded (for reading in memory:
    /// `Scenario.report()`, `Baseline.report(for:)`). `write` gives the same report as text.
    public static func build(scenario: Scenario, result: SimulationResult, harness: HarnessFigures?) -> JSONValue {
        var root = head(scenario: scenario, result: result)
        root["frames"] = framesObject(result.frames, ids: scenario.elementIDs)
        root["events"] = eventsObject(result.events, ids: scenario.elementIDs, typeNames: result.typeNames)
        if let harness { root["harness"] = harnessObject(harness) }
        return .object(root)
    }

    /// A report written as JSON text, and the sections of it that are not columns.
    public struct Written: Sendable {
        /// `schema`, `scenario`, `summary` and `harness` (what the terminal summary and
        /// budgets read); the frames and events are only in `bytes`.
        public var head: JSONValue
        /// The report's text, UTF-8: `JSONWriter().string(build(…))`, byte for byte.
        public var bytes: [UInt8]
    }

    /// Writes the report as text, the frames and events streamed column by column from the
    /// run (`JSONStream`) without building them as JSON values first, with
    /// `harness.reportWriteMs` set to how long building the report and writing its text took
    /// (measured before the harness section, a few hundred bytes, is written).
    /// - Complexity: O(frames × columns + events); the text is the only large allocation.
    public static func write(scenario: Scenario, result: SimulationResult, harness: HarnessFigures?) -> Written {
        write(scenario: scenario, result: result, harness: harness) { head(scenario: scenario, result: result) }
    }

    /// `write`, with the sections other than the frames and events made by `makeHead` (an
    /// ensemble's, `ReportBuilder+Ensemble.swift`), inside the time measured.
    static func write(scenario: Scenario, result: SimulationResult, harness: HarnessFigures?,
                      makeHead: () -> [String: JSONValue]) -> Written {
        let clock = ContinuousClock()
        let start = clock.now
        let writer = JSONWriter()
        var head = makeHead()
        let ids = scenario.elementIDs
        var out = JSONStream(reserving: estimatedBytes(result, ids: ids), writer: writer)
        out.byte(0x7B)
        // Sections are written in key order, as JSONWriter sorts them: an ensemble's
        // `ensemble` before the events, the others after `harness`.
        for key in head.keys.sorted() where key < "events" {
            out.key(key, indent: 1)
            out.member(writer.member(head[key]!))
            out.byte(0x2C)
        }
        out.key("events", indent: 1)
        writeEvents(result.events, ids: ids, typeNames: result.typeNames, into: &out)
        out.byte(0x2C)
        out.key("frames", indent: 1)
        writeFrames(result.frames, ids: ids, into: &out)
        // The other sections sort after `harness`; written before it is measured.
        let rest = head.keys.sorted().filter { $0 > "harness" }.map { (key: $0, text: writer.member(head[$0]!)) }
        if var harness {
            let elapsed = (clock.now - start).components
            harness.reportWriteMs = Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15
            let section = harnessObject(harness)
            head["harness"] = section
            out.byte(0x2C)
            out.key("harness", indent: 1)
            out.value(section, indent: 1, writer: writer)
        }
        for member in rest {
            out.byte(0x2C)
            out.key(member.key, indent: 1)
            out.member(member.text)
        }
        out.newline(0)
        out.byte(0x7D)
        out.byte(0x0A)
        return Written(head: .object(head), bytes: out.finish())
    }

    /// The report and its JSON text (`write`); `root` is the report's head, without the frames
    /// and events (parse `text` for those).
    public static func render(scenario: Scenario, result: SimulationResult, harness: HarnessFigures?) -> (root: JSONValue, text: String) {
        let written = write(scenario: scenario, result: result, harness: harness)
        return (written.head, String(decoding: written.bytes, as: UTF8.self))
    }

    /// `schema`, `scenario` and `summary`: the summary's metrics (`Metric`) with the scenario's
    /// budgets, and the attribution.
    static func head(scenario: Scenario, result: SimulationResult) -> [String: JSONValue] {
        var summary = summaryObject(result.summary, grading: scenario.grading)
        let flat = Report.flatten(.object(summary))
        let budgets = BudgetResult.evaluate(scenario.budgets, summary: flat)
        summary["budgets"] = budgetsObject(budgets)
        summary["budgetsPassed"] = .bool(budgets.allSatisfy(\.pass))
        let attribution = Attribution(result: result, ids: scenario.elementIDs)
        summary["byType"] = attribution.byTypeJSON
        summary["worstFrames"] = attribution.worstFramesJSON
        return [
            "schema": .number(Double(schema)),
            "scenario": scenarioObject(scenario, rows: result.rowCount),
            "summary": .object(summary),
        ]
    }

    /// `summary.budgets`: each budget's limit, value and whether it passed, and the statistic
    /// over an ensemble's runs it bounds when that is not the mean.
    static func budgetsObject(_ budgets: [BudgetResult]) -> JSONValue {
        var object: [String: JSONValue] = [:]
        for budget in budgets {
            var entry: [String: JSONValue] = ["limit": .number(budget.limit), "value": .number(budget.value), "pass": .bool(budget.pass)]
            if budget.over != .mean { entry["over"] = .string(budget.over.rawValue) }
            object[budget.key] = .object(entry)
        }
        return .object(object)
    }

    /// Room for the text: a generous guess, costing address space rather than memory (pages
    /// never written are never resident), so the text is not copied as it grows.
    static func estimatedBytes(_ result: SimulationResult, ids: [String]?) -> Int {
        let longestID = ids?.lazy.map(\.utf8.count).max() ?? 0
        let frameValues = result.frames.count * (FrameColumn.allCases.count + PhaseWork.Phase.allCases.count)
        return (1 << 16) + frameValues * 14 + result.frames.count * longestID + result.events.count * (6 * 14 + 24 + longestID)
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
        summaryObject(grading: grading) { $0.value(in: s) }
    }

    /// `summary` with each metric's value from `value` (an ensemble's means).
    static func summaryObject(grading: HitchGrading, _ value: (Metric) -> Double) -> [String: JSONValue] {
        var summary: [String: JSONValue] = ["hitchGrade": .string(grading.grade(value(.hitchRatio)))]
        for metric in Metric.allCases {
            let parts = metric.pathKeys
            let value = JSONValue.number(value(metric))
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
        if let runs = h.ensembleRuns { object["ensembleRuns"] = .number(Double(runs)) }
        if let ms = h.ensembleWallMs { object["ensembleWallMs"] = .number(ms) }
        if let ms = h.ensembleCPUMs { object["ensembleCPUMs"] = .number(ms) }
        return .object(object)
    }
}
