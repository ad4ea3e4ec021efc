import ScrollSimEngine

/// The JSON Schema (draft 2020-12) of the reports `scrollsim run` writes, generated from the
/// declarations the writer uses: the metric catalogue (`Metric`, every summary metric at its
/// path with its meaning), the budgetable metrics (`Budget.metrics`), the hitch grades
/// (`HitchGrade`), the frame columns (`FrameColumn`, the phases) and the event kinds
/// (`SimulationEvent.Kind`), so schema and writer cannot drift apart.
///
/// The repository commits it as `Reports/report.schema.json` (a test fails when the file and
/// this generator disagree, and every committed baseline report validates against it). It uses
/// only the keywords and patterns every validator reads alike (Python's `jsonschema`,
/// `check-jsonschema`, editors). It states the shape of what a report must hold; it leaves
/// open what a newer ScrollSim may add (`summary`, `scenario` and `harness` accept more keys)
/// and what is free-form by nature (the attribution `byType` and `worstFrames`, a sweep's
/// `variant`).
public enum ReportSchema {
    /// The schema as a JSON value.
    public static var json: JSONValue {
        .object([
            "$schema": .string("https://json-schema.org/draft/2020-12/schema"),
            "title": .string("ScrollSim report"),
            "description": .string("A report of one scenario's run (schema \(ReportBuilder.schema)) or of an ensemble of runs (schema \(ReportBuilder.ensembleSchema): the summary holds the means over the runs, the ensemble section every run), as scrollsim run writes it."),
            "type": .string("object"),
            "required": strings(["schema", "scenario", "summary", "frames", "events"]),
            "properties": .object([
                "schema": .object(["enum": .array([.number(Double(ReportBuilder.schema)), .number(Double(ReportBuilder.ensembleSchema))]),
                                   "description": .string("the report schema's version: \(ReportBuilder.schema) for a single run, \(ReportBuilder.ensembleSchema) for an ensemble")]),
                "scenario": scenario,
                "summary": summary,
                "frames": frames,
                "events": events,
                "harness": .object(["type": .string("object"), "description": .string("how the simulator itself did (wall time, allocator figures): not deterministic, never compared")]),
                "ensemble": ensemble,
            ]),
            "additionalProperties": .bool(false),
        ])
    }

    /// The schema as the committed file's text.
    public static var text: String { JSONWriter(decimals: 6).string(json) }

    static func strings(_ values: [String]) -> JSONValue { .array(values.map { .string($0) }) }

    static func number(_ description: String, integer: Bool = false, minimum: Double? = 0) -> JSONValue {
        var object: [String: JSONValue] = ["type": .string(integer ? "integer" : "number"), "description": .string(description)]
        if let minimum { object["minimum"] = .number(minimum) }
        return .object(object)
    }

    static let scenario: JSONValue = .object([
        "type": .string("object"),
        "description": .string("the scenario that was run"),
        "required": strings(["name", "contentHash", "budgetMs", "hitchGrading"]),
        "properties": .object([
            "name": .object(["type": .string("string"), "minLength": .number(1)]),
            "file": .object(["type": .string("string")]),
            "description": .object(["type": .string("string")]),
            "contentHash": .object(["type": .string("string"), "pattern": .string("^[0-9a-f]{16}$"),
                                    "description": .string("hash of the scenario's content (model, script, data), 16 hex digits")]),
            "seed": number("the random seed", integer: true, minimum: nil),
            "stack": .object(["type": .string("string")]),
            "elements": number("elements in the data", integer: true),
            "rows": number("rows laid out (elements × children)", integer: true),
            "durationS": number("simulated seconds"),
            "refreshRate": number("display refresh rate, Hz"),
            "budgetMs": number("the frame budget: 1000 / refreshRate, ms"),
            "viewport": .object(["type": .string("object"), "required": strings(["width", "height"]),
                                 "properties": .object(["width": number("points"), "height": number("points")])]),
            "hitchGrading": .object(["type": .string("object"), "required": strings(["warning", "critical"]),
                                     "description": .string("the hitch-ratio grades, ms/s"),
                                     "properties": .object(["warning": number("ms/s"), "critical": number("ms/s")])]),
            "variant": .object(["type": .string("object"), "description": .string("a sweep variant's axis values")]),
            "ensemble": .object(["type": .string("object"), "description": .string("an ensemble's plan: runs, firstRun, touchPhase, velocity, startMs"),
                                 "required": strings(["runs", "firstRun", "touchPhase", "velocity", "startMs"])]),
        ]),
    ])

    /// Every metric at its path (`frameWorkMs.p99` nests `p99` in `frameWorkMs`), the budgets,
    /// the hitch grade and the attribution.
    static var summary: JSONValue {
        var top: [String: JSONValue] = [:]
        var nested: [String: [String: JSONValue]] = [:]
        for metric in Metric.allCases {
            let unit = metric.kind.unit.isEmpty ? "" : " (\(metric.kind.unit))"
            // A count is whole in a single run's report; an ensemble's summary holds means.
            let schema = number(metric.meaning + unit)
            let parts = metric.path.split(separator: ".", maxSplits: 1).map(String.init)
            if parts.count == 2 {
                nested[parts[0], default: [:]][parts[1]] = schema
            } else {
                top[metric.path] = schema
            }
        }
        for (key, members) in nested {
            top[key] = .object(["type": .string("object"), "required": strings(members.keys.sorted()), "properties": .object(members)])
        }
        var budgets: [String: JSONValue] = [:]
        for metric in Budget.metrics {
            budgets[metric.path] = .object([
                "type": .string("object"),
                "required": strings(["limit", "value", "pass"]),
                "properties": .object(["limit": number("the budget, in the metric's unit"), "value": number("the run's value (an ensemble's: the statistic over its runs named by over, the mean by default)"),
                                       "pass": .object(["type": .string("boolean")]),
                                       "over": .object(["enum": strings(Budget.Over.allCases.map(\.rawValue)), "description": .string("an ensemble's budget on a statistic over the runs other than the mean")])]),
                "additionalProperties": .bool(false),
            ])
        }
        top["budgets"] = .object(["type": .string("object"), "description": .string("the scenario's budgets, by metric path"),
                                  "properties": .object(budgets), "additionalProperties": .bool(false)])
        top["budgetsPassed"] = .object(["type": .string("boolean")])
        top["hitchGrade"] = .object(["enum": strings(HitchGrade.allCases.map(\.rawValue)), "description": .string("the hitch ratio's grade under scenario.hitchGrading")])
        top["byType"] = .object(["type": .string("object"), "description": .string("work and builds by view type (attribution; shown, never compared)")])
        top["worstFrames"] = .object(["type": .string("array"), "description": .string("the worst frames with what they built (attribution)")])
        let required = Metric.allCases.map { String($0.path.split(separator: ".")[0]) }
        var seen = Set<String>()
        return .object([
            "type": .string("object"),
            "description": .string("every summary metric (the report reference lists them), the budgets and the hitch grade"),
            "required": strings(required.filter { seen.insert($0).inserted } + ["hitchGrade"]),
            "properties": .object(top),
        ])
    }

    /// An ensemble's runs: each metric's spread (`metrics`), every run's values (`runs`), the
    /// representative run and the band of per-frame work.
    static var ensemble: JSONValue {
        let spread: JSONValue = .object([
            "type": .string("object"),
            "required": strings(["mean", "sd", "p10", "p50", "p90", "min", "max", "low", "high"]),
            "description": .string("the metric over the runs: mean, standard deviation, percentiles, range, and the 95 % interval of the mean (low…high)"),
        ])
        var metrics: [String: JSONValue] = [:]
        var runs: [String: JSONValue] = [
            "index": .object(["type": .string("array"), "items": .object(["type": .string("integer"), "minimum": .number(0)]), "description": .string("each run's index")]),
            "seed": .object(["type": .string("array"), "items": .object(["type": .string("string"), "pattern": .string("^[0-9a-f]{16}$")]),
                             "description": .string("each run's seed, 16 hex digits")]),
        ]
        for metric in Metric.allCases {
            metrics[metric.path] = spread
            runs[metric.path] = .object(["type": .string("array"), "items": .object(["type": .string("number")]), "description": .string("\(metric.path) in each run")])
        }
        let band: JSONValue = .object(["type": .string("array"), "items": .object(["type": .string("number")])])
        return .object([
            "type": .string("object"),
            "description": .string("an ensemble's runs (schema \(ReportBuilder.ensembleSchema) reports only)"),
            "required": strings(["metrics", "runs", "representativeRun", "frameWorkBand"]),
            "properties": .object([
                "metrics": .object(["type": .string("object"), "properties": .object(metrics)]),
                "runs": .object(["type": .string("object"), "required": strings(["index", "seed"]), "properties": .object(runs)]),
                "representativeRun": number("the index of the run whose frames and events the report holds", integer: true),
                "frameWorkBand": .object(["type": .string("object"), "required": strings(["p10", "p90"]),
                                          "description": .string("per frame of the representative run, the 10th and 90th percentile over the runs of the work at the same vsync tick"),
                                          "properties": .object(["p10": band, "p90": band])]),
            ]),
        ])
    }

    /// One array per column, `count`, and a column per phase under `phaseMs`.
    static var frames: JSONValue {
        func array(_ meaning: String, ids: Bool = false) -> JSONValue {
            let items: JSONValue = ids ? .object(["type": strings(["number", "string"])]) : .object(["type": .string("number")])
            return .object(["type": .string("array"), "items": items, "description": .string(meaning)])
        }
        var properties: [String: JSONValue] = ["count": number("frames in the run", integer: true)]
        for column in FrameColumn.allCases {
            properties[column.key] = array(column.definition.meaning, ids: column.definition.elements)
        }
        var phases: [String: JSONValue] = [:]
        for phase in PhaseWork.Phase.allCases { phases[phase.name] = array(FrameColumn.meaning(of: phase)) }
        properties["phaseMs"] = .object(["type": .string("object"), "required": strings(phases.keys.sorted()), "properties": .object(phases),
                                         "additionalProperties": .bool(false)])
        let required = ["count", "phaseMs"] + FrameColumn.allCases.filter(\.definition.required).map(\.key)
        return .object(["type": .string("object"), "description": .string("one value per frame in each column"),
                        "required": strings(required), "properties": .object(properties)])
    }

    /// The events as columns: `frame`, `kind`, `row`, `element`, `type`, `value`, and counts by kind.
    static var events: JSONValue {
        let kinds = SimulationEvent.Kind.allCases.map(\.name)
        var counts: [String: JSONValue] = [:]
        for kind in kinds { counts[kind] = number("events of this kind", integer: true) }
        let array: (JSONValue, String) -> JSONValue = { items, meaning in
            .object(["type": .string("array"), "items": items, "description": .string(meaning)])
        }
        return .object([
            "type": .string("object"),
            "description": .string("every event of the run, one entry per event in each column"),
            "required": strings(["count", "counts", "frame", "kind"]),
            "properties": .object([
                "count": number("events in the run", integer: true),
                "counts": .object(["type": .string("object"), "properties": .object(counts), "additionalProperties": .bool(false)]),
                "frame": array(.object(["type": .string("integer"), "minimum": .number(0)]), "the frame the event happened in"),
                "kind": array(.object(["enum": strings(kinds)]), "what happened (the report reference lists the kinds)"),
                "row": array(.object(["type": .string("integer")]), "the row, -1 for none"),
                "element": array(.object(["type": strings(["integer", "string"])]), "the element index (or the data file's id), -1 for none"),
                "type": array(.object(["type": strings(["string", "null"])]), "the view type's name, null for none"),
                "value": array(.object(["type": .string("number")]), "what the kind says its value holds"),
            ]),
        ])
    }
}
