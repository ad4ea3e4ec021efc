import ScrollSimEngine

/// A report's `scenario` section read into a type: what ran (name, file, stack kind, element
/// count, duration, display, viewport, seed), how it grades hitches, and the scenario as the
/// report records it.
///
/// Every page, the terminal summary and compare read the section through this type, so the
/// section's key names are written once, here (and in `ReportBuilder`, which writes them).
/// A missing or mistyped value reads as empty or 0: `Report.init` has already refused a report
/// without a name, and `checked()` one whose values are impossible.
///
/// ```swift
/// let report = try Report.load(path: "Reports/latest/feed.json")
/// report.scenario.stack            // "lazyVStack"
/// report.scenario.hitchGrading     // HitchGrading.apple
/// report[.hitchRatio]              // 1.86
/// report.hitchGrade                // .good
/// ```
public struct ReportScenario: Sendable {
    public var name: String
    /// The scenario file's name (`feed.json`).
    public var file: String
    public var description: String
    /// The stack kind's name (`lazyVStack`, `lazyVGrid`, `masonryColumns`...), as written.
    public var stack: String
    /// The stack kind, typed; nil for a name this build does not know.
    public var stackKind: StackConfig.Kind? { StackConfig.Kind(rawValue: stack) }
    public var contentHash: String
    public var elements: Double
    public var durationS: Double
    public var refreshRate: Double
    /// The frame budget in ms (1000 / refresh rate); 0 when the report does not say.
    public var budgetMs: Double
    public var seed: Double
    /// The viewport at the start, when the report records one.
    public var viewport: (width: Double, height: Double)?
    /// The scenario's hitch grading (`grading.hitchRatio`), Apple's when it has none.
    public var hitchGrading: HitchGrading
    /// The scenario as the report records it (`ScenarioSource`); nil in a report written before
    /// reports recorded it.
    public var source: JSONValue?

    /// Reads the `scenario` section of a report's root (an empty section for anything else).
    public init(_ section: JSONValue?) {
        let s = section ?? .null
        func text(_ key: String) -> String { s[key]?.stringValue ?? "" }
        func number(_ key: String) -> Double { s[key]?.numberValue ?? 0 }
        name = text("name")
        file = text("file")
        description = text("description")
        stack = text("stack")
        contentHash = text("contentHash")
        elements = number("elements")
        durationS = number("durationS")
        refreshRate = number("refreshRate")
        budgetMs = number("budgetMs")
        seed = number("seed")
        if let width = s["viewport"]?["width"]?.numberValue, let height = s["viewport"]?["height"]?.numberValue {
            viewport = (width, height)
        }
        hitchGrading = .apple
        if let warning = s["hitchGrading"]?["warning"]?.numberValue, let critical = s["hitchGrading"]?["critical"]?.numberValue, warning <= critical {
            hitchGrading = HitchGrading(warning: warning, critical: critical)
        }
        source = s["source"]
    }

    /// The facts of the scenario the report records (`ScenarioFacts`), decoded from its source
    /// through the scenario's key declarations; only the stack kind's without a recorded source.
    public var facts: ScenarioFacts { ScenarioFacts(recorded: source, kind: stackKind) }

    /// What the recorded scenario says the stack and its content have, which decides the
    /// metrics that apply to it (`Metric.Scope`). Without a recorded source only the stack
    /// kind is known.
    public var features: Set<Metric.Scope> { facts.features }

    /// The budgets the scenario breaks on purpose (`expect`: `"over-budget"`, `expectedOver`),
    /// from the recorded source; empty otherwise.
    public var expectedOverBudget: [Metric] { facts.expectedOverBudget }

    /// Each view type's init, body and layout ms by type name (`ScenarioFacts.viewCosts`).
    public var viewCosts: [String: [(phase: String, ms: Double)]] { facts.viewCosts }
}

extension Report {
    /// The `scenario` section, typed.
    public var scenario: ReportScenario { ReportScenario(root["scenario"]) }

    /// A summary metric's value (nil when the report does not have it): `report[.hitchRatio]`.
    public subscript(metric: Metric) -> Double? {
        var node = summary
        for key in metric.pathKeys {
            guard let child = node[key] else { return nil }
            node = child
        }
        return node.numberValue
    }

    /// The hitch grade the report was written with (`summary.hitchGrade`), else the grade of
    /// its hitch ratio under the scenario's grading.
    public var hitchGrade: HitchGrade {
        if let written = summary["hitchGrade"]?.stringValue.flatMap(HitchGrade.init(rawValue:)) { return written }
        return HitchGrade(ratio: self[.hitchRatio] ?? 0, grading: scenario.hitchGrading)
    }
}
