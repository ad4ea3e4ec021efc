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
            variants.append(.object(object))
        }
        var root = plan.planObject()
        root["best"] = best.map { row in
            .object(["index": .number(Double(row.index)), "name": .string(row.name), "values": valuesObject(row), "value": .number(row.value)])
        } ?? .null
        root["variants"] = .array(variants)
        return JSONWriter().string(.object(root))
    }

    private func valuesObject(_ row: Row) -> JSONValue {
        .object(Dictionary(uniqueKeysWithValues: zip(plan.axes.map(\.key), row.values)))
    }

    /// `summary.csv`: a header, then a line per variant: index, name, each varied value
    /// (strings bare, other values as compact JSON), whether budgets passed, whether it is the
    /// best, then every metric. Fields with a comma, quote or line break are quoted (RFC 4180).
    public func csv() -> String {
        let paths = metricPaths
        let bestIndex = best?.index
        var lines = [(["variant", "name"] + plan.axes.map(\.key) + ["budgetsPassed", "best"] + paths).map(SweepSummary.csvField).joined(separator: ",")]
        let writer = JSONWriter()
        for row in rows {
            var fields = [String(row.index), row.name]
            fields += row.values.map { $0.stringValue ?? writer.compact($0) }
            fields.append(row.budgetsPassed.map { $0 ? "true" : "false" } ?? "")
            fields.append(row.index == bestIndex ? "true" : "false")
            fields += paths.map { path in row.metrics[path].map { JSONWriter.text($0) } ?? "" }
            lines.append(fields.map(SweepSummary.csvField).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A field
    /// that is not a number and starts with `=`, `+`, `-`, `@`, a tab or a carriage return
    /// would be a formula in a spreadsheet (`@SUM(…)`): as OWASP's CSV Injection advice says,
    /// it is prefixed with `'` and quoted, so it is shown as text.
    static func csvField(_ text: String) -> String {
        var field = text
        if let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first), Double(text) == nil {
            field = "'" + text
            return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The columns the markdown and HTML tables show besides the varied values: the plan's
    /// metric first, then the headline metrics.
    public var shownMetrics: [Metric] {
        [plan.metric] + [Metric.droppedFrames, .hitchRatio, .frameWorkP99, .peakMemoryBytes].filter { $0 != plan.metric }
    }

    /// `summary.md`: what was swept, the best variant, and a table of every variant.
    public func markdown() -> String {
        let writer = JSONWriter(decimals: 6)
        var text = "# Sweep of \(plan.name)\n\n"
        // Every user's text in a code span goes through `Markdown.code` (a backtick or a line
        // break cannot end the span or the line).
        let code = Comparison.Markdown.code
        text += "\(plan.count) variant\(plan.count == 1 ? "" : "s") of `\(code(plan.fileName))` (content hash \(code(plan.contentHash))), varying "
        text += plan.axes.map { "`\(code($0.key))` over \($0.values.map { code(writer.compact($0)) }.joined(separator: ", "))" }.joined(separator: "; ") + ".\n\n"
        if let best {
            text += "Best for \(plan.objective == .min ? "lowest" : "highest") `\(plan.metric.rawValue)`: **\(best.name)** (\(Comparison.Markdown.escape(plan.describe(best.index)))) with \(DisplayFormat.metric(plan.metric, best.value)).\n\n"
        }
        let metrics = shownMetrics
        let header = ["variant"] + plan.axes.map { "`\(code($0.key))`" } + metrics.map { "`\($0.rawValue)`" } + ["budgets"]
        text += "| " + header.joined(separator: " | ") + " |\n"
        text += "|" + header.indices.map { $0 <= plan.axes.count || $0 == header.count - 1 ? " --- |" : " ---: |" }.joined() + "\n"
        let bestIndex = best?.index
        for row in rows {
            var cells = [row.index == bestIndex ? "**\(row.name)** (best)" : row.name]
            cells += row.values.map { "`\(code(writer.compact($0)))`" }
            cells += metrics.map { metric in row.metrics[metric.rawValue].map { DisplayFormat.metric(metric, $0) } ?? "" }
            cells.append(row.budgetsPassed.map { $0 ? "pass" : "fail" } ?? "")
            text += "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |\n"
        }
        return text
    }
}

extension SweepPlan {
    /// The scenario file's base name.
    public var fileName: String { (file as NSString).lastPathComponent }

    /// What `sweep-plan.json` holds: everything that defines the sweep, and nothing about how
    /// or where it ran (shards, jobs, paths), so every shard of one sweep writes the same bytes.
    public func planObject() -> [String: JSONValue] {
        [
            "schema": .number(1),
            "scenario": .object(["file": .string(fileName), "name": .string(name), "contentHash": .string(contentHash)]),
            "vary": .array(axes.map { .object(["key": .string($0.key), "values": .array($0.values)]) }),
            "metric": .string(metric.rawValue),
            "objective": .string(objective.rawValue),
            "variants": .number(Double(count)),
        ]
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
                             axes: draft.axes, metric: metric, objective: objective)
    }
}
