import Foundation

extension SweepSummary {
    /// `summary.json`: the plan, the best variant, and every variant's values and metrics.
    public func json() -> String {
        let best = self.best
        var variants: [JSONValue] = []
        for row in rows {
            var object: [String: JSONValue] = [
                "index": .number(Double(row.index)),
                "name": .string(row.name),
                "report": .string(SweepSummary.reportPath(row.name)),
                "values": valuesObject(row),
                "value": row.value.isNaN ? .null : .number(row.value),
                "summary": .object(row.metrics.mapValues { .number($0) }),
            ]
            if let passed = row.budgetsPassed { object["budgetsPassed"] = .bool(passed) }
            if let ensemble = row.ensemble {
                object["runs"] = .number(Double(ensemble.runs))
                object["intervals"] = .object(Dictionary(uniqueKeysWithValues: ensemble.values.keys.compactMap { path in
                    row.spread(path).map { (path, .object(["low": .number($0.low), "high": .number($0.high)])) }
                }))
            }
            variants.append(.object(object))
        }
        var root = plan.planObject()
        root["best"] = best.map { row in
            .object(["index": .number(Double(row.index)), "name": .string(row.name), "values": valuesObject(row), "value": .number(row.value)])
        } ?? .null
        if let choice { root["choice"] = choiceObject(choice) }
        root["variants"] = .array(variants)
        return JSONWriter().string(.object(root))
    }

    /// `choice` in `summary.json` (sweeps of ensembles): the leader, whether it is
    /// significantly the best, the variants tied with it, and its difference from every other
    /// variant (other − leader) with the 95 % interval.
    private func choiceObject(_ choice: SweepChoice) -> JSONValue {
        func name(_ index: Int) -> JSONValue { .string(row(index)?.name ?? plan.variantName(index)) }
        return .object([
            "rule": .string("the best mean is the best only if every other variant's difference from it has a 95 % interval excluding 0 in its favour"),
            "leader": .object(["index": .number(Double(choice.leader)), "name": name(choice.leader), "value": .number(row(choice.leader)?.value ?? .nan)]),
            "significant": .bool(choice.isSignificant),
            "tied": .array(choice.tied.map(name)),
            "versus": .array(choice.others.map { v in
                .object(["index": .number(Double(v.index)), "name": name(v.index), "kind": .string(v.difference.kind.rawValue),
                         "count": .number(Double(v.difference.count)), "mean": .number(v.difference.mean),
                         "low": .number(v.difference.low), "high": .number(v.difference.high), "leaderIsBetter": .bool(v.leaderIsBetter)])
            }),
        ])
    }

    private func valuesObject(_ row: Row) -> JSONValue {
        .object(Dictionary(uniqueKeysWithValues: zip(plan.axes.map(\.key), row.values)))
    }

    /// `summary.csv`: a header, then a line per variant: index, name, each varied value
    /// (strings bare, other values as compact JSON), whether budgets passed, whether it is the
    /// best, then every metric. Fields with a comma, quote or line break are quoted (RFC 4180).
    ///
    /// A sweep of ensembles adds, after `best`, `tied` (the variant is one the runs do not tell
    /// apart from the best mean, `SweepChoice`) and `runs`; and each metric's column (its mean)
    /// is followed by `<metric>.low` and `<metric>.high`, its 95 % interval.
    public func csv() -> String {
        let paths = metricPaths
        let bestIndex = best?.index
        let ensembles = hasEnsembles
        let tied = Set(choice.map { $0.isSignificant ? [] : $0.tied } ?? [])
        var header = ["variant", "name"] + plan.axes.map(\.key) + ["budgetsPassed", "best"]
        header += ensembles ? ["tied", "runs"] + paths.flatMap { [$0, $0 + ".low", $0 + ".high"] } : paths
        var lines = [header.map(CSVField.text).joined(separator: ",")]
        let writer = JSONWriter()
        for row in rows {
            var fields = [String(row.index), row.name]
            fields += row.values.map { $0.stringValue ?? writer.compact($0) }
            fields.append(row.budgetsPassed.map { $0 ? "true" : "false" } ?? "")
            fields.append(row.index == bestIndex ? "true" : "false")
            if ensembles {
                fields += [tied.contains(row.index) ? "true" : "false", String(row.runs)]
                for path in paths {
                    let spread = row.spread(path)
                    fields += [row.metrics[path].map { JSONWriter.text($0) } ?? "",
                               spread.map { JSONWriter.text($0.low) } ?? "", spread.map { JSONWriter.text($0.high) } ?? ""]
                }
            } else {
                fields += paths.map { path in row.metrics[path].map { JSONWriter.text($0) } ?? "" }
            }
            lines.append(fields.map(CSVField.text).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The columns the markdown and HTML tables show besides the varied values: the plan's
    /// metric first, then the headline metrics.
    public var shownMetrics: [Metric] {
        [plan.metric] + [Metric.droppedFrames, .hitchRatio, .frameWorkP99, .peakMemoryBytes].filter { $0 != plan.metric }
    }
}

extension SweepPlan {
    /// The scenario file's base name.
    public var fileName: String { (file as NSString).lastPathComponent }

    /// What `sweep-plan.json` holds: everything that defines the sweep, and nothing about how
    /// or where it ran (shards, jobs, paths), so every shard of one sweep writes the same bytes.
    /// `runs` is there only when the sweep sets the run count (so a sweep without it writes
    /// the plan it always wrote), and shards played with different counts do not merge.
    public func planObject() -> [String: JSONValue] {
        var object: [String: JSONValue] = [
            "schema": .number(1),
            "scenario": .object(["file": .string(fileName), "name": .string(name), "contentHash": .string(contentHash)]),
            "vary": .array(axes.map { .object(["key": .string($0.key), "values": .array($0.values)]) }),
            "metric": .string(metric.rawValue),
            "objective": .string(objective.rawValue),
            "variants": .number(Double(count)),
        ]
        if let runs { object["runs"] = .number(Double(runs)) }
        return object
    }

    /// `sweep-plan.json`.
    public func planText() -> String { JSONWriter().string(.object(planObject())) }

    /// A plan read back from `sweep-plan.json` (for `merge`): everything but the scenario's JSON.
    /// - Throws: `ScrollSimError` naming `path` and every key with a problem (`SweepKeys.plan`).
    public static func read(planText bytes: [UInt8], path: String) throws -> SweepPlan {
        let root = try JSONParser.parse(bytes, file: path)
        guard case .object = root else { throw ScrollSimError(file: path, message: "expected an object, found \(root.kindDescription)") }
        let context = DecodingContext(file: path)
        var draft = SweepKeys.PlanDraft()
        SweepKeys.plan.decode(root, at: "", into: &draft, context)
        if let error = context.error { throw error }
        let metric = try SweepPlan.metric(draft.metric, origin: "\(path): metric")
        let objective = try SweepPlan.objective(draft.objective ?? "", for: metric, origin: "\(path): objective")
        return try SweepPlan(file: draft.scenario.file, root: .null, name: draft.scenario.name, contentHash: draft.scenario.contentHash,
                             axes: draft.axes, metric: metric, objective: objective, runs: draft.runs)
    }
}
