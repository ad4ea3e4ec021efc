import ScrollSimEngine

/// Budgets on per-frame work that the scenario's own costs rule out, found when the file is
/// read: "validates" should not mean "can pass".
///
/// A frame that builds a view does at least that view's init, body and one layout pass on the
/// main thread (ViewTypeSpec.Costs.buildMs, the costs' means), and the first frame builds every
/// view on screen. So:
/// - `frameWorkMs.max` under the cheapest type's build cannot be met at all (the first frame is
///   over it), and under one type's body alone it cannot be met by any frame that builds that
///   type;
/// - a percentile or the mean under the cheapest type's build is met only if fewer frames than
///   the percentile leaves out build anything, which a scrolling list does not do.
/// These are warnings, not errors: the file is valid, and a scenario may be written to fail
/// (an anti-pattern, `expect`).
enum BudgetFeasibility {
    struct Finding: Equatable {
        var key: String
        var message: String
    }

    /// The findings for the budgets `entries` (metric, limit in the metric's unit, the key as
    /// written) against `types`.
    static func findings(_ entries: [(metric: Metric, limit: Double, key: String)], types: [ViewTypeSpec]) -> [Finding] {
        guard let cheapest = types.min(by: { $0.costs.buildMs < $1.costs.buildMs }),
              let heaviest = types.max(by: { $0.costs[.body] < $1.costs[.body] }) else { return [] }
        var findings: [Finding] = []
        for entry in entries where entry.metric.path.hasPrefix("frameWorkMs.") {
            let limit = ms(entry.limit)
            let build = "the cheapest view type, \(cheapest.name), costs \(ms(cheapest.costs.buildMs)) to build (init + body + layout)"
            let body = heaviest.name == cheapest.name ? "" : "; one \(heaviest.name) body alone costs \(ms(heaviest.costs[.body]))"
            if entry.limit < cheapest.costs.buildMs {
                if entry.metric == .frameWorkMax {
                    findings.append(Finding(key: entry.key, message: "\(entry.metric.path) ≤ \(limit) cannot be met: the first frame builds the views on screen, and \(build)\(body)"))
                } else {
                    findings.append(Finding(key: entry.key, message: "\(entry.metric.path) ≤ \(limit) is below what building one view costs: \(build)\(body); every frame that builds a view is over it"))
                }
            } else if entry.metric == .frameWorkMax, entry.limit < heaviest.costs[.body] {
                findings.append(Finding(key: entry.key, message: "\(entry.metric.path) ≤ \(limit), but one \(heaviest.name) body costs \(ms(heaviest.costs[.body])): every frame that builds a \(heaviest.name) is over it"))
            }
        }
        return findings
    }

    /// "4.5 ms", "0.05 ms": the figure as written, to three decimals at most.
    static func ms(_ value: Double) -> String {
        var text = DisplayFormat.fixed(value, 3)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text + " ms"
    }
}
