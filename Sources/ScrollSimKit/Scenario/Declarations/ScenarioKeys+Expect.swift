/// `expect` and `expectedOver`: a scenario that is a deliberate anti-pattern says so, and names
/// the budgets it breaks on purpose.
///
/// ```json
/// "budgets": {"droppedFrames": 2, "prefetchOverrunFrames": 0},
/// "expect": "over-budget",
/// "expectedOver": ["droppedFrames", "prefetchOverrunFrames"]
/// ```
///
/// `scrollsim run` does not fail such a scenario while it breaks exactly those budgets
/// (`BudgetExpectation`); another budget broken, or a named one kept, fails it as usual. Neither
/// key changes the simulation, so neither is in the content hash.
extension ScenarioKeys {
    /// What the scenario expects of its budgets.
    enum Expectation: String, CaseIterable {
        case withinBudget = "within-budget"
        case overBudget = "over-budget"
    }

    static let expectKeys: [KeyDeclaration<ScenarioDraft>] = [
        .choice("expect", \.expect, "`\"over-budget\"`: a deliberate anti-pattern that breaks the budgets named in `expectedOver`; `run` does not fail it while it breaks exactly those (default `\"within-budget\"`)"),
        .custom("expectedOver", shape: .array(.string(nil), count: 1...100), defaultNote: "none",
                "with `\"expect\": \"over-budget\"`: the budgets (metric paths in `budgets`) the anti-pattern breaks on purpose",
                decode: decodeExpectedOver, store: { $0.expectedOver = $1 }),
    ]

    static func decodeExpectedOver(_ json: JSONValue, _ path: String, _ context: DecodingContext) -> [Metric]? {
        var metrics: [Metric] = []
        for (i, item) in (json.arrayValue ?? []).enumerated() {
            guard case .string(let name) = item else {
                context.problem("\(path)[\(i)]", "expected a budget's metric path (a string), found \(item.kindDescription)")
                continue
            }
            guard let metric = Metric(rawValue: name), metric.definition.budget != .none else {
                var message = "\(MessageText.quoted(name)) is not a budget"
                if let near = Spelling.closest(to: name, in: Budget.keys) { message += " (did you mean \"\(near)\"?)" }
                context.problem("\(path)[\(i)]", message)
                continue
            }
            if !metrics.contains(metric) { metrics.append(metric) }
        }
        return metrics
    }

    /// `expect` and `expectedOver` go together, and every budget named is one the scenario sets.
    static let expectationFits = KeyRule<ScenarioDraft>.check("`expectedOver` with `\"expect\": \"over-budget\"`, naming budgets the scenario sets") { draft, input, context in
        if draft.expect == .overBudget, !input.present.contains("expectedOver") {
            context.problem("expectedOver", "\"expect\": \"over-budget\" needs expectedOver: the budgets the scenario breaks on purpose")
        }
        if draft.expect != .overBudget, input.present.contains("expectedOver") {
            context.problem("expect", "expectedOver is given, so expect must be \"over-budget\"")
        }
        let budgeted = Set(draft.budgets.entries.map(\.metric))
        for (i, metric) in draft.expectedOver.enumerated() where !budgeted.contains(metric) {
            context.problem("expectedOver[\(i)]", "\(metric.path) has no budget in this scenario; add it to budgets or remove it here")
        }
    }
}
