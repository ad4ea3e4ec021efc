extension Comparison {
    /// JUnit XML for CI test reports: a `testsuite` per scenario and a `testcase` per metric.
    ///
    /// A testcase fails exactly when its finding fails the comparison (`options.failOn`): a
    /// regression at that severity or above. A scenario refused for changed content is one
    /// failing testcase (`contentHash`); a missing scenario one testcase, failing only with
    /// `failOn == .warning` and skipped otherwise; a new scenario one skipped testcase. So the
    /// file has failures exactly when `failed` is true. Warnings that do not fail are written
    /// to the testcase's `system-out`.
    /// - Complexity: O(s·m) for s scenarios and m metrics.
    public func junit() -> String {
        var suites: [String] = []
        var totals = (tests: 0, failures: 0, skipped: 0)
        for scenario in scenarios {
            let classname = "scrollsim.compare.\(scenario.name)"
            var cases: [String] = []
            var failures = 0
            var skipped = 0
            func testcase(_ name: String, _ body: String = "") {
                let open = "    <testcase name=\"\(Markup.escape(name))\" classname=\"\(Markup.escape(classname))\""
                cases.append(body.isEmpty ? open + "/>" : open + ">\n" + body + "    </testcase>")
            }
            switch scenario.status {
            case .compared:
                for metric in scenario.metrics {
                    let line = Comparison.describe(metric)
                    if let severity = metric.severity, severity >= options.failOn {
                        failures += 1
                        testcase(metric.path, "      <failure type=\"regression.\(severity.rawValue)\" message=\"\(Markup.escape(line))\">\(Markup.escape(Comparison.details(metric)))</failure>\n")
                    } else if metric.severity != nil {
                        testcase(metric.path, "      <system-out>\(Markup.escape("warning (not failing): " + line))</system-out>\n")
                    } else {
                        testcase(metric.path)
                    }
                }
            case .contentChanged:
                failures += 1
                testcase("contentHash", "      <failure type=\"contentChanged\" message=\"\(Markup.escape(scenario.note ?? ""))\"/>\n")
            case .missing:
                if Severity.warning >= options.failOn {
                    failures += 1
                    testcase("scenario", "      <failure type=\"missing\" message=\"\(Markup.escape(scenario.note ?? ""))\"/>\n")
                } else {
                    skipped += 1
                    testcase("scenario", "      <skipped message=\"\(Markup.escape(scenario.note ?? ""))\"/>\n")
                }
            case .new:
                skipped += 1
                testcase("scenario", "      <skipped message=\"\(Markup.escape(scenario.note ?? ""))\"/>\n")
            }
            totals.tests += cases.count
            totals.failures += failures
            totals.skipped += skipped
            var suite = "  <testsuite name=\"\(Markup.escape(scenario.name))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\">\n"
            var properties: [(String, String)] = []
            if let baseline = scenario.baseline { properties += [("baseline", baseline.path), ("baselineContentHash", baseline.contentHash)] }
            if let current = scenario.current { properties += [("current", current.path), ("currentContentHash", current.contentHash)] }
            if let grade = scenario.hitchGrade.now { properties.append(("hitchGrade", grade.rawValue)) }
            suite += "    <properties>\n"
            for (name, value) in properties {
                suite += "      <property name=\"\(Markup.escape(name))\" value=\"\(Markup.escape(value))\"/>\n"
            }
            suite += "    </properties>\n"
            suite += cases.joined(separator: "\n") + "\n  </testsuite>"
            suites.append(suite)
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"scrollsim compare\" tests=\"\(totals.tests)\" failures=\"\(totals.failures)\" errors=\"0\" skipped=\"\(totals.skipped)\">\n"
        out += suites.map { $0 + "\n" }.joined()
        out += "</testsuites>\n"
        return out
    }

    /// "frameWorkMs.p99 regressed (error, over 10%): 1.09 ms → 1.635 ms (+0.545 ms, +50.0%)".
    static func describe(_ metric: MetricComparison) -> String {
        let kind = metric.metric?.kind
        var verdict = CompareFormat.verdict(metric)
        if metric.verdict == .regressed, let severity = metric.moveSeverity {
            let why = metric.reason ?? metric.limitReached.map { "over \(CompareFormat.limit($0, kind))" }
            verdict = "regressed (\(severity.rawValue)" + (why.map { ", \($0)" } ?? "") + ")" + (CompareFormat.overBudget(metric).map { " · \($0)" } ?? "")
        }
        return "\(metric.path) \(verdict): \(CompareFormat.value(metric.baseline, kind)) → \(CompareFormat.value(metric.current, kind)) "
            + "(\(CompareFormat.delta(metric.delta, kind)), \(CompareFormat.relative(metric)))"
    }

    /// The failure body: the metric's meaning, values and threshold, one per line.
    static func details(_ metric: MetricComparison) -> String {
        let kind = metric.metric?.kind
        var lines = [
            "\(metric.path): \(metric.metric?.meaning ?? "metric not in this version's catalog")",
            "baseline: \(CompareFormat.value(metric.baseline, kind))",
            "current: \(CompareFormat.value(metric.current, kind))",
            "delta: \(CompareFormat.delta(metric.delta, kind)) (\(CompareFormat.relative(metric)))",
        ]
        var threshold: [String] = []
        if let warning = metric.threshold.warning { threshold.append("warning over \(CompareFormat.limit(warning, kind))") }
        if let error = metric.threshold.error { threshold.append("error over \(CompareFormat.limit(error, kind))") }
        if metric.threshold.floor > 0 { threshold.append("changes under \(CompareFormat.limit(.absolute(metric.threshold.floor), kind)) ignored") }
        lines.append("threshold: " + (threshold.isEmpty ? "off" : threshold.joined(separator: ", ")))
        return lines.joined(separator: "\n")
    }
}
