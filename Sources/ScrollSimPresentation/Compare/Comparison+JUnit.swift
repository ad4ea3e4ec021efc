import ScrollSimKit

extension Comparison {
    /// JUnit XML for CI test reports: one `testsuite` (named `options.suite`, else
    /// "scrollsim") and one `testcase` per scenario (`classname` the suite, `name` the
    /// scenario), as CI test views list tests: 60 scenarios are 60 tests, not 60 × 67.
    ///
    /// A test case's `properties` are its report paths and content hashes, its status, and
    /// every summary metric's current value (raw, as the report holds it: `frameWorkMs.p99`
    /// `1.0912`; the baseline's where the current report lacks it). A compared scenario fails
    /// (`failure type="regression"`) exactly when a regression reaches `options.failOn`: the
    /// message names each such metric with baseline → current, change and the limit passed,
    /// the body gives each one's meaning and threshold. A scenario refused for changed content
    /// (`strictContent`) is an `error`; a missing one fails only with `failOn == .warning` and
    /// is `skipped` otherwise; a new one is `skipped`. So the file has failures or errors
    /// exactly when `failed` is true. Warnings that do not fail, and what changed in a changed
    /// scenario, are in `system-out`.
    /// - Complexity: O(s·m) for s scenarios and m metrics.
    public func junit() -> String {
        let suite = options.suite ?? "scrollsim"
        var cases: [String] = []
        var totals = (failures: 0, errors: 0, skipped: 0)
        for scenario in scenarios {
            var body = "      <properties>\n"
            for (name, value) in Comparison.junitProperties(scenario) {
                body += "        <property name=\"\(Markup.escape(name))\" value=\"\(Markup.escape(value))\"/>\n"
            }
            body += "      </properties>\n"
            var out = scenario.scenarioChangeLines.isEmpty ? [] : ["scenario changed (baseline → current):"] + scenario.scenarioChangeLines.map { "  " + $0 }
            switch scenario.status {
            case .compared:
                let failing = scenario.metrics.filter { $0.severity.map { $0 >= options.failOn } ?? false }
                let warnings = scenario.metrics.filter { $0.severity != nil && !failing.contains($0) }
                if !failing.isEmpty {
                    totals.failures += 1
                    let message = "\(CompareFormat.count(failing.count, "metric")) regressed: " + failing.map(Comparison.describe).joined(separator: "; ")
                    body += "      <failure type=\"regression\" message=\"\(Markup.escape(message))\">\(Markup.escape(failing.map(Comparison.details).joined(separator: "\n\n")))</failure>\n"
                }
                out += warnings.map { "warning (not failing): " + Comparison.describe($0) }
            case .contentChanged:
                totals.errors += 1
                body += "      <error type=\"contentChanged\" message=\"\(Markup.escape(scenario.note ?? ""))\"/>\n"
            case .missing:
                if Severity.warning >= options.failOn {
                    totals.failures += 1
                    body += "      <failure type=\"missing\" message=\"\(Markup.escape(scenario.note ?? ""))\"/>\n"
                } else {
                    totals.skipped += 1
                    body += "      <skipped message=\"\(Markup.escape(scenario.note ?? ""))\"/>\n"
                }
            case .new:
                totals.skipped += 1
                body += "      <skipped message=\"\(Markup.escape(scenario.note ?? ""))\"/>\n"
            }
            if !out.isEmpty { body += "      <system-out>\(Markup.escape(out.joined(separator: "\n")))</system-out>\n" }
            cases.append("    <testcase name=\"\(Markup.escape(scenario.name))\" classname=\"\(Markup.escape(suite))\">\n" + body + "    </testcase>\n")
        }
        let counts = "tests=\"\(cases.count)\" failures=\"\(totals.failures)\" errors=\"\(totals.errors)\" skipped=\"\(totals.skipped)\""
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"scrollsim compare\" \(counts)>\n"
        xml += "  <testsuite name=\"\(Markup.escape(suite))\" \(counts)>\n"
        xml += cases.joined()
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// A test case's properties: the sides' paths and hashes, the status, then every metric's
    /// current value (the baseline's when only it has one) at the report's precision.
    static func junitProperties(_ scenario: ScenarioComparison) -> [(String, String)] {
        var properties: [(String, String)] = [("status", scenario.status.rawValue)]
        if scenario.contentHashChanged { properties.append(("scenarioChanged", "true")) }
        if let baseline = scenario.baseline { properties += [("baseline", baseline.path), ("baselineContentHash", baseline.contentHash)] }
        if let current = scenario.current { properties += [("current", current.path), ("currentContentHash", current.contentHash)] }
        if let grade = scenario.hitchGrade.now { properties.append(("hitchGrade", grade.rawValue)) }
        for metric in scenario.metrics {
            if let value = metric.current ?? metric.baseline { properties.append((metric.path, CompareFormat.plain(value))) }
        }
        return properties
    }

    /// "frameWorkMs.p99 regressed (error, over 10%): 1.09 ms → 1.635 ms (+0.545 ms, +50.0%)".
    static func describe(_ metric: MetricComparison) -> String {
        let kind = metric.metric?.kind
        var verdict = CompareFormat.verdict(metric)
        if metric.verdict == .regressed, let severity = metric.moveSeverity {
            let why = metric.reason ?? metric.limitReached.map { "over \(CompareFormat.limit($0, kind))" }
            verdict = "regressed (\(severity.rawValue)" + (why.map { ", \($0)" } ?? "") + ")" + (CompareFormat.overBudget(metric).map { " · \($0)" } ?? "")
        }
        let interval = metric.difference.map { _ in ", 95 % interval " + CompareFormat.intervalColumn(metric) } ?? ""
        return "\(metric.path) \(verdict): \(CompareFormat.value(metric.baseline, kind)) → \(CompareFormat.value(metric.current, kind)) "
            + "(\(CompareFormat.delta(metric.delta, kind)), \(CompareFormat.relative(metric))\(interval))"
    }

    /// The failure body: the metric's meaning, values and threshold, one per line.
    static func details(_ metric: MetricComparison) -> String {
        let kind = metric.metric?.kind
        // Values at the text output's precision (CompareFormat.shown).
        let shown = CompareFormat.shown(metric)
        var lines = [
            "\(metric.path): \(metric.metric?.meaning ?? "metric not in this version's catalog")",
            "baseline: \(shown.baseline)",
            "current: \(shown.current)",
            "delta: \(shown.delta) (\(CompareFormat.relative(metric)))",
        ]
        if metric.difference != nil { lines.append("95 % interval of the change: \(CompareFormat.intervalColumn(metric))") }
        // The rule the verdict was judged by (Threshold.Rule): a relative limit of per-frame work
        // is a share of the frame budget, not of the baseline.
        func limit(_ limit: Threshold.Limit) -> String {
            if metric.threshold.rule == .frameBudget, case .relative = limit { return CompareFormat.limit(limit, kind) + " of the frame budget" }
            return CompareFormat.limit(limit, kind)
        }
        var threshold: [String] = []
        if let warning = metric.threshold.warning { threshold.append("warning over \(limit(warning))") }
        if let error = metric.threshold.error { threshold.append("error over \(limit(error))") }
        switch metric.threshold.rule {
        case .frameBudget:
            threshold.append("a move at or under half the frame budget on both sides is noted, never a regression")
        case .hitchGrades:
            threshold.append("a worse hitch grade is an error; inside the good grade a move is noted, never a regression")
        case .limits: break
        }
        if metric.threshold.floor > 0 { threshold.append("changes under \(CompareFormat.limit(.absolute(metric.threshold.floor), kind)) ignored") }
        lines.append("threshold: " + (threshold.isEmpty ? "off" : threshold.joined(separator: ", ")))
        return lines.joined(separator: "\n")
    }
}
