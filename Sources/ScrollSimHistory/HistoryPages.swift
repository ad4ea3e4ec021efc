import ScrollSimKit
import ScrollSimPresentation

/// The trend pages of a history: `index.html` listing every scenario with its latest commit and
/// change points, and one page per scenario with a chart per metric over commits
/// (`TrendChart`), its change points listed first.
///
/// A summary metric that never moved and has no budget is not charted (a flat line says
/// nothing); it is listed with its value in the page's last table. The index counts a
/// scenario's regressions by commit ("1 commit, 5 metrics"), so one slowdown is one entry
/// however many metrics it moved; moves within thresholds are listed on the scenario's page,
/// never counted there. Harness figures are always
/// charted. Pages are self-contained (`HTMLPage.document`) and deterministic: the same
/// database and template give the same bytes.
///
/// `reportsURL` links each change point to that commit's report page: a template in which
/// `{commit}` becomes the full SHA and `{scenario}` the scenario's page name
/// (`Scenario.fileName`, as `scrollsim run --html` names pages), e.g.
/// `https://example.github.io/app/reports/{commit}/{scenario}.html`.
public enum HistoryPages {
    /// Renders every page; nothing is written.
    /// - Complexity: O(values) plus step detection per harness series.
    public static func render(_ data: HistoryData, changes: [HistoryChange], reportsURL: String?) -> [HTMLSite.Page] {
        var byScenario: [String: [HistoryChange]] = [:]
        for change in changes { byScenario[change.scenario, default: []].append(change) }
        var seriesByScenario: [String: [HistoryData.Series]] = [:]
        for series in data.series { seriesByScenario[series.scenario, default: []].append(series) }
        var used: Set<String> = ["index"]
        var pages: [HTMLSite.Page] = []
        var rows: [[String]] = []
        for scenario in data.scenarioNames {
            let name = HTMLSite.uniqueName(scenario, used: &used)
            let scenarioChanges = byScenario[scenario] ?? []
            let series = seriesByScenario[scenario] ?? []
            pages.append(.init(name: "\(name).html", html: page(scenario, series: series, changes: scenarioChanges, data: data, reportsURL: reportsURL)))
            let versions = data.scenarios[scenario] ?? []
            let latest = versions.last.map { data.commits[$0.commit] }
            let regressions = scenarioChanges.filter { $0.direction == .regression }
            let regressedCommits = Set(regressions.map(\.commit)).count
            rows.append([
                "<a href=\"\(Markup.escape(name)).html\">\(Markup.escape(scenario))</a>",
                DisplayFormat.integer(Double(versions.count)),
                latest.map { "<code>\(Markup.escape(String($0.sha.prefix(10))))</code> <span class=\"sub\">\(Markup.escape($0.time))</span>" } ?? "",
                DisplayFormat.integer(Double(scenarioChanges.count)),
                regressions.isEmpty ? HTMLPage.badge("none", "neutral")
                    : HTMLPage.badge("\(regressedCommits) commit\(regressedCommits == 1 ? "" : "s"), \(regressions.count) metric\(regressions.count == 1 ? "" : "s")", "regression"),
            ])
        }
        var body = "<h1>ScrollSim history</h1>\n"
        body += "<p class=\"note\">\(data.commits.count) commit\(data.commits.count == 1 ? "" : "s") recorded"
        if let first = data.commits.first, let last = data.commits.last {
            body += ", from <code>\(Markup.escape(String(first.sha.prefix(10))))</code> (\(Markup.escape(first.time))) to <code>\(Markup.escape(String(last.sha.prefix(10))))</code> (\(Markup.escape(last.time)))"
        }
        body += ". Each scenario's page charts its metrics over commits and lists the commits at which they moved.</p>\n"
        body += HTMLPage.table(["Scenario", "Commits", "Latest", "Changes", "Regressions"], rows, classes: "index", textColumns: [2])
        body += footer
        pages.append(.init(name: "index.html", html: HTMLPage.document(title: "ScrollSim history", body: style + body, script: false)))
        return pages
    }

    static func page(_ scenario: String, series: [HistoryData.Series], changes: [HistoryChange], data: HistoryData, reportsURL: String?) -> String {
        // The commit and scenario come from the database: percent-encoded, so neither can give
        // the link a scheme of its own (a commit `javascript:alert(1)//`); and a link that is not
        // relative, http or https is left out (`LinkScheme`).
        func link(_ commit: Int) -> String? {
            reportsURL.map {
                $0.replacingOccurrences(of: "{commit}", with: LinkScheme.encoded(data.commits[commit].sha))
                    .replacingOccurrences(of: "{scenario}", with: LinkScheme.encoded(Scenario.fileName(scenario)))
            }.flatMap { LinkScheme.allows($0) ? $0 : nil }
        }
        func commitCell(_ commit: Int) -> String {
            let sha = data.commits[commit].sha
            let code = "<code>\(Markup.escape(sha))</code>"
            let cell = link(commit).map { "<a href=\"\(Markup.escape($0))\">\(code)</a>" } ?? code
            return cell + (data.commits[commit].subject.map { "<br><span class=\"sub\">\(Markup.escape($0))</span>" } ?? "")
        }
        var body = "<nav><a href=\"index.html\">All scenarios</a></nav>\n<h1>\(Markup.escape(scenario))</h1>\n"
        let versions = data.scenarios[scenario] ?? []
        body += "<p class=\"note\">\(versions.count) commit\(versions.count == 1 ? "" : "s") recorded"
        if let last = versions.last { body += "; the latest, <code>\(Markup.escape(data.commits[last.commit].sha))</code>, has scenario content hash <code>\(Markup.escape(last.contentHash))</code>" }
        body += ".</p>\n"

        body += "<section><h2>Change points</h2>\n"
        if changes.isEmpty {
            body += "<p class=\"note\">No metric moved.</p>\n"
        } else {
            body += "<p class=\"note\">A single run's summary metrics are deterministic and listed at every move; an ensemble's means where the 95 % interval of their difference excludes zero (the note gives it); harness figures are noisy and listed where their level stepped (a penalised piecewise-constant fit, after asv). Each move is judged with compare's thresholds: a regression or an improvement past them, a move within them.</p>\n"
            // What changed in the scenario, once per commit (on its first row).
            let rows = changes.enumerated().map { n, change -> [String] in
                let first = n == 0 || changes[n - 1].commit != change.commit
                let diff = first ? HistoryChanges.scenarioDiff(old: data.version(of: scenario, at: change.previousCommit), new: data.version(of: scenario, at: change.commit)) : []
                return [commitCell(change.commit), Markup.escape(HistoryFormat.label(metric: change.metric, source: change.source)),
                        Markup.escape(HistoryFormat.movement(change)),
                        HTMLPage.badge(HistoryFormat.directionText(change), change.direction == .regression || change.direction == .improvement ? change.direction.rawValue : "neutral"),
                        Markup.escape(HistoryFormat.note(change)),
                        Markup.escape(diff.isEmpty ? "" : "scenario changed: " + diff.joined(separator: "; "))]
            }
            body += HTMLPage.table(["Commit", "Metric", "Move", "Direction", "Note", "Scenario"], rows, textColumns: [1, 2, 4, 5])
        }
        body += "</section>\n"

        var constant: [[String]] = []
        var changesBySeries: [String: [HistoryChange]] = [:]
        for change in changes { changesBySeries[change.source.rawValue + ":" + change.metric, default: []].append(change) }
        for (n, one) in series.enumerated() {
            let seriesChanges = changesBySeries[one.source.rawValue + ":" + one.metric] ?? []
            let hasBudget = one.points.contains { $0.budget != nil }
            if one.source == .summary, seriesChanges.isEmpty, !hasBudget {
                constant.append([Markup.escape(one.metric), Markup.escape(DisplayFormat.value(one.points.last?.value ?? 0, kind: HistoryFormat.kind(metric: one.metric, source: one.source), precision: .exact))])
                continue
            }
            let marks = seriesChanges.map { change in
                TrendChart.Mark(commit: change.commit, value: change.after,
                                title: "\(data.commits[change.commit].sha.prefix(10)): \(HistoryFormat.movement(change)), \(change.direction.rawValue)",
                                link: link(change.commit), direction: change.direction)
            }
            let label = HistoryFormat.label(metric: one.metric, source: one.source)
            body += "<section><h2>\(Markup.escape(label))</h2>\n"
            if let meaning = one.catalogued?.meaning { body += "<p class=\"note\">\(Markup.escape(meaning))</p>\n" }
            body += TrendChart.render(one, commits: data.commits, marks: marks, id: "trend-\(n)") + "\n</section>\n"
        }
        if !constant.isEmpty {
            body += "<section><h2>Unchanged</h2>\n<p class=\"note\">Summary metrics that held one value at every commit recorded (and have no budget), not charted.</p>\n"
            body += HTMLPage.table(["Metric", "Value"], constant) + "</section>\n"
        }
        body += footer
        return HTMLPage.document(title: "\(scenario) · ScrollSim history", body: style + body, script: false)
    }

    /// The trend charts' own classes, beside the shared style sheet.
    static let style = """
    <style>.budget-line{fill:none;stroke:var(--crit);stroke-width:1.2;stroke-dasharray:6 4}.dot{fill:var(--accent)}\
    .change-rule{stroke:var(--muted);stroke-width:1;stroke-dasharray:2 3}.change-rule.regression{stroke:var(--crit)}.change-rule.improvement{stroke:var(--good)}\
    .change-mark{fill:var(--bg);stroke:var(--muted);stroke-width:2}.change-mark.regression{stroke:var(--crit)}.change-mark.improvement{stroke:var(--good)}\
    .interval-band{fill:var(--accent);opacity:.16;stroke:none}.error-bar{fill:none;stroke:var(--accent);stroke-width:1.2}</style>

    """

    static let footer = "<footer>Made by scrollsim history page from a history database.</footer>\n"
}
