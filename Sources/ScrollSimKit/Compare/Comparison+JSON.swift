extension Comparison {
    /// The schema of the JSON rendering (its `schema` key).
    /// 2: `strictContent` replaced `allowContentChange`; scenarios carry `scenarioChanges`.
    public static let jsonSchema = 2

    /// Everything the comparison found, as data: every scenario (with its hitch grade on each
    /// side) and every metric with its values, change, threshold, verdict, the reason a rule
    /// gave, and its budget, and for ensembles its `difference` (`kind` paired or unpaired,
    /// `count`, `mean`, the 95 % interval `low`…`high`, `significant`); for a scenario whose content changed, what changed in it
    /// (`scenarioChanges`: `path`, `old`, `new` as text, `null` where absent, and `kind`; `null`
    /// when a report does not record its scenario's source; the first `ScenarioDiff.shownChanges`,
    /// with `scenarioChangeCount` the count of all when there are more). Numbers are raw (bytes, ms), a relative change a
    /// fraction (`0.5` is +50 %), absent values `null`. Written by `JSONWriter` (sorted keys,
    /// fixed number format), so the same comparison gives the same bytes.
    /// - Complexity: O(s·m) for s scenarios and m metrics.
    public func json() -> JSONValue {
        let c = counts
        // JSONWriter writes numbers exactly below 1e15; larger ones (never in a report that
        // ReportSet accepts) are left out rather than written wrongly.
        func number(_ value: Double?) -> JSONValue {
            guard let value, abs(value) < ReportSet.largestMetric else { return .null }
            return .number(value)
        }
        func side(_ side: ScenarioComparison.Side?) -> JSONValue {
            guard let side else { return .null }
            return .object(["path": .string(side.path), "scenario": .string(side.scenarioName), "contentHash": .string(side.contentHash),
                            "sourceRecorded": .bool(side.sourceRecorded)])
        }
        let scenarioValues: [JSONValue] = scenarios.map { scenario in
            var value: JSONValue = .object([
                "name": .string(scenario.name),
                "status": .string(scenario.status.rawValue),
                "severity": scenario.severity.map { .string($0.rawValue) } ?? .null,
                "note": scenario.note.map { .string($0) } ?? .null,
                "contentHashChanged": .bool(scenario.contentHashChanged),
                "scenarioChanges": scenario.scenarioChanges.map { changes in
                    .array(changes.map { change in
                        .object(["path": .string(change.path), "old": change.old.map(JSONValue.string) ?? .null,
                                 "new": change.new.map(JSONValue.string) ?? .null, "kind": .string(change.kind)])
                    })
                } ?? .null,
                "baseline": side(scenario.baseline),
                "current": side(scenario.current),
                "hitchGrade": .object(["baseline": scenario.hitchGrade.baseline.map { .string($0.rawValue) } ?? .null,
                                       "current": scenario.hitchGrade.current.map { .string($0.rawValue) } ?? .null]),
                "metrics": .array(scenario.metrics.map { metric in
                    var object: [String: JSONValue] = [
                        "metric": .string(metric.path),
                        "baseline": number(metric.baseline),
                        "current": number(metric.current),
                        "delta": number(metric.delta),
                        "relative": number(metric.relative),
                        "verdict": .string(metric.verdict.rawValue),
                        "severity": metric.severity.map { .string($0.rawValue) } ?? .null,
                        "moveSeverity": metric.moveSeverity.map { .string($0.rawValue) } ?? .null,
                        "reason": metric.reason.map { .string($0) } ?? .null,
                        "budget": metric.budget.map { budget in
                            .object(["limit": number(budget.limit), "value": number(budget.value), "pass": .bool(budget.pass),
                                     "severity": metric.budgetSeverity.map { .string($0.rawValue) } ?? .null])
                        } ?? .null,
                        "polarity": .string(metric.polarity.rawValue),
                        "unit": .string(metric.metric?.kind.unit ?? ""),
                        "threshold": Comparison.json(metric.threshold),
                    ]
                    // Ensembles only: single runs' comparisons keep the shape they always had.
                    if let d = metric.difference {
                        object["difference"] = .object(["kind": .string(d.kind.rawValue), "count": .number(Double(d.count)),
                                                        "mean": number(d.mean), "low": number(d.low), "high": number(d.high),
                                                        "significant": .bool(d.isSignificant)])
                    }
                    return .object(object)
                }),
            ])
            // Only when more changed than `scenarioChanges` lists (`ScenarioDiff.shownChanges`):
            // the comparisons of smaller differences keep the shape they always had.
            if scenario.scenarioChangeCount > (scenario.scenarioChanges?.count ?? 0), case .object(var object) = value {
                object["scenarioChangeCount"] = .number(Double(scenario.scenarioChangeCount))
                value = .object(object)
            }
            return value
        }
        return .object([
            "schema": .number(Double(Comparison.jsonSchema)),
            "kind": .string("scrollsim.comparison"),
            "baseline": .string(baselineLabel),
            "current": .string(currentLabel),
            "thresholds": .string(thresholds.label),
            "failOn": .string(options.failOn.rawValue),
            "strictContent": .bool(options.strictContent),
            "overBudget": thresholds.overBudget.map { .string($0.rawValue) } ?? .string("off"),
            "failed": .bool(failed),
            "severity": severity.map { .string($0.rawValue) } ?? .null,
            "headline": .string(headline),
            "counts": .object([
                "scenarios": .number(Double(c.scenarios)),
                "compared": .number(Double(c.compared)),
                "new": .number(Double(c.new)),
                "missing": .number(Double(c.missing)),
                "contentChanged": .number(Double(c.contentChanged)),
                "scenarioChanged": .number(Double(c.scenarioChanged)),
                "errors": .number(Double(c.errors)),
                "warnings": .number(Double(c.warnings)),
                "improved": .number(Double(c.improved)),
                "unchanged": .number(Double(c.unchanged)),
                "changed": .number(Double(c.changed)),
                "addedOrRemoved": .number(Double(c.addedOrRemoved)),
                "overBudget": .number(Double(c.overBudget)),
            ]),
            "scenarios": .array(scenarioValues),
        ])
    }

    /// The JSON rendering as text, ending with a newline.
    public func jsonText() -> String {
        JSONWriter().string(json())
    }

    /// A threshold in the thresholds file's form: limits as `"5%"` or numbers, `null` if unset.
    static func json(_ threshold: Threshold) -> JSONValue {
        func limit(_ limit: Threshold.Limit?) -> JSONValue {
            switch limit {
            case .relative?: return .string(limit!.description)
            case .absolute(let value)?: return .number(value)
            case nil: return .null
            }
        }
        return .object(["warning": limit(threshold.warning), "error": limit(threshold.error), "floor": .number(threshold.floor),
                        "rule": .string(threshold.rule.rawValue)])
    }
}
