import ScrollSimEngine

/// The report of an ensemble (schema 2): what a single run's report holds, for the ensemble.
///
/// - `summary`: every metric's **mean** over the runs at its usual path, so that every reader
///   of single-run reports reads an ensemble's as the expected figures; the hitch grade of the
///   mean hitch ratio; the budgets judged on the statistic each names (the mean by default);
///   `byType` averaged over the runs (`Attribution.mean(of:)`), and `worstFrames` of the
///   representative run.
/// - `ensemble`: `metrics` (each metric's `RunSpread`: `mean`, `sd`, `p10`, `p50`, `p90`,
///   `min`, `max`, and the 95 % interval of the mean as `low`…`high`), `runs` (one compact
///   summary per run, as columns: `index`, `seed` in hex, and every metric's value),
///   `representativeRun` (its index) and `frameWorkBand` (`FrameWorkBand`).
/// - `scenario.ensemble`: the plan — runs, first run, the variation played.
/// - `frames` and `events`: the representative run's (`RepresentativeRun`).
///
/// Everything outside `harness` is a function of the scenario and the plan: the same file and
/// run count give byte-identical reports.
extension ReportBuilder {
    /// The report schema of an ensemble's report; a single run's stays `schema`.
    public static let ensembleSchema = 2

    /// Writes an ensemble's report as text (`write(scenario:result:harness:)` for an ensemble).
    public static func write(scenario: Scenario, ensemble outcome: EnsembleOutcome, harness: HarnessFigures?) -> Written {
        write(scenario: scenario, result: outcome.result, harness: harness) { head(scenario: scenario, ensemble: outcome) }
    }

    /// An ensemble's report as a JSON value, numbers unrounded.
    public static func build(scenario: Scenario, ensemble outcome: EnsembleOutcome, harness: HarnessFigures?) -> JSONValue {
        var root = head(scenario: scenario, ensemble: outcome)
        root["frames"] = framesObject(outcome.result.frames, ids: scenario.elementIDs)
        root["events"] = eventsObject(outcome.result.events, ids: scenario.elementIDs, typeNames: outcome.result.typeNames)
        if let harness { root["harness"] = harnessObject(harness) }
        return .object(root)
    }

    static func head(scenario: Scenario, ensemble outcome: EnsembleOutcome) -> [String: JSONValue] {
        var summary = summaryObject(grading: scenario.grading) { outcome.spread($0).mean }
        let budgets = BudgetResult.evaluate(scenario.budgets, spreads: outcome.spreads)
        summary["budgets"] = budgetsObject(budgets)
        summary["budgetsPassed"] = .bool(budgets.allSatisfy(\.pass))
        let shown = Attribution(result: outcome.result, ids: scenario.elementIDs)
        summary["byType"] = Attribution(types: outcome.types, worstFrames: []).byTypeJSON
        summary["worstFrames"] = shown.worstFramesJSON

        var scenarioObject = scenarioObject(scenario, rows: outcome.result.rowCount).objectValue ?? [:]
        let plan = outcome.plan
        scenarioObject["ensemble"] = .object([
            "runs": .number(Double(plan.runs)),
            "firstRun": .number(Double(plan.firstRun)),
            "touchPhase": .bool(plan.variation.touchPhase),
            "velocity": .number(plan.variation.velocity),
            "startMs": .number(plan.variation.startMs),
        ])
        return [
            "schema": .number(Double(ensembleSchema)),
            "scenario": .object(scenarioObject),
            "summary": .object(summary),
            "ensemble": ensembleObject(outcome),
        ]
    }

    /// The `ensemble` section.
    static func ensembleObject(_ outcome: EnsembleOutcome) -> JSONValue {
        var metrics: [String: JSONValue] = [:]
        var runs: [String: JSONValue] = [
            "index": .array(outcome.runs.map { .number(Double($0.index)) }),
            "seed": .array(outcome.runs.map { .string(EnsembleReport.seedText($0.seed)) }),
        ]
        for metric in Metric.allCases {
            let s = outcome.spread(metric)
            metrics[metric.path] = .object([
                "mean": .number(s.mean), "sd": .number(s.sd), "p10": .number(s.p10), "p50": .number(s.p50), "p90": .number(s.p90),
                "min": .number(s.min), "max": .number(s.max), "low": .number(s.low), "high": .number(s.high),
            ])
            runs[metric.path] = .array(outcome.values[metric.path]!.map { .number($0) })
        }
        return .object([
            "metrics": .object(metrics),
            "runs": .object(runs),
            "representativeRun": .number(Double(outcome.runs[outcome.representative].index)),
            "frameWorkBand": .object([
                "p10": .array(outcome.band.p10.map { .number($0) }),
                "p90": .array(outcome.band.p90.map { .number($0) }),
            ]),
        ])
    }
}
