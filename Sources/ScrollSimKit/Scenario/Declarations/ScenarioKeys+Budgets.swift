import ScrollSimEngine

/// `budgets` (one key per budgetable metric, and the former names) and `grading`.
extension ScenarioKeys {
    /// Budgets as they are read: the metric, its limit in the metric's unit, and the key it
    /// was given under.
    struct BudgetDraft {
        var entries: [(metric: Metric, limit: Double, over: Budget.Over, key: String)] = []
    }

    static let budgets = ObjectDeclaration<BudgetDraft>(
        "budgets", "Upper limits on summary metrics, by the metric's path in the report.", defaults: BudgetDraft(),
        unknownNoun: "budget",
        unknownKey: unknownBudget,
        // Sorted by key, so warnings come out in the order of the keys' names.
        keys: (Budget.metrics.map { budgetKey($0, key: $0.path, formerScale: nil) }
            + Budget.formerNames.map { budgetKey($0.metric, key: $0.name, formerScale: $0.scale) }).sorted { $0.info.key < $1.info.key },
        rules: [
            .check("each metric is limited once (not under both its name and a former one)") { draft, input, context in
                var seen: [Metric: String] = [:]
                for entry in draft.entries.sorted(by: { $0.key < $1.key }) {
                    if let other = seen[entry.metric] {
                        context.problem(input.keyPath(entry.key), "\"\(entry.key)\" and \"\(other)\" both limit \(entry.metric.path); keep one")
                    } else {
                        seen[entry.metric] = entry.key
                    }
                }
            },
        ]
    )

    static func budgetKey(_ metric: Metric, key: String, formerScale: Double?) -> KeyDeclaration<BudgetDraft> {
        var replacement: String?
        if formerScale != nil {
            replacement = "\"\(key)\" is a former budget name; write \"\(metric.path)\" (the name compare uses)"
            if metric.kind == .memory { replacement! += ", whose limit is in bytes or a string such as \"200 MiB\"" }
        }
        // A limit is a number or a string with a unit; `Budget.limit` checks it and says what
        // it accepts, so the shape's own check is replaced (`check` below).
        let plain: KeyShape = .anyOf([.number(0...Budget.largestLimit, unit: metric.kind.unit), .string(nil)])
        let shape: KeyShape = .anyOf([plain, .map(key: overRule, value: plain, count: 1...1)])
        let meaning = replacement.map { _ in "former name of `\(metric.path)`" } ?? "at most this \(metric.kind.unit.isEmpty ? "many" : "(\(metric.kind.unit))"): \(metric.meaning)"
        return .custom(key, shape: shape, warn: metric == .peakMemoryBytes ? [memoryBudgetWarning] : [], replacement: replacement, meaning,
                       decode: { (json: JSONValue, path: String, context: DecodingContext) -> (Double, Budget.Over)? in
                           var value = json
                           var over = Budget.Over.mean
                           var at = path
                           if case .object(let members) = json {
                               guard members.count == 1, let (name, limit) = members.first, let statistic = Budget.Over(rawValue: name) else {
                                   context.problem(path, "expected one statistic over the runs: {\"mean\": …}, {\"p50\": …}, {\"p90\": …} or {\"max\": …}")
                                   return nil
                               }
                               (value, over, at) = (limit, statistic, "\(path).\(name)")
                           }
                           do {
                               return (try Budget.limit(value, for: metric, formerScale: formerScale), over)
                           } catch let error as ScrollSimError {
                               context.problem(at, error.message)
                           } catch {
                               context.problem(at, "\(error)")
                           }
                           return nil
                       },
                       store: { (draft: inout BudgetDraft, limit: (Double, Budget.Over)) in draft.entries.append((metric, limit.0, limit.1, key)) },
                       judge: { (limit: (Double, Budget.Over)) in limit.0 },
                       check: { _ in nil })
    }

    /// The statistics over an ensemble's runs a budget may name (`Budget.Over`).
    static let overRule = KeyShape.StringRule(
        pattern: "^(" + Budget.Over.allCases.map(\.rawValue).joined(separator: "|") + ")$", lengths: 2...4,
        words: "must be one of " + Budget.Over.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "),
        accepts: { Budget.Over(rawValue: $0) != nil }
    )

    static func unknownBudget(_ key: String) -> String {
        var message = "unknown budget \"\(KeyShape.clipped(key))\""
        if let metric = Metric(rawValue: key) {
            message = "\(metric.path) cannot be budgeted"
            if metric.polarity == .neutral { message += " (it is neutral: a change in it is neither good nor bad)" }
        } else if let near = Spelling.closest(to: key, in: Budget.keys + Budget.formerNames.map(\.name)) {
            let suggestion = Budget.metric(forKey: near).map(\.metric.path) ?? near
            message += " (did you mean \"\(suggestion)\"?)"
        }
        return message + "; budgets: \(Budget.keys.joined(separator: ", "))"
    }

    static let hitchRatio = ObjectDeclaration<HitchGrading>(
        "hitchRatioGrading", "Hitch-ratio thresholds in ms/s.", defaults: .apple,
        keys: [
            .number("warning", \.warning, 0...1e6, unit: "ms/s", "from this ratio on, the grade is warning"),
            .number("critical", \.critical, 0...1e6, unit: "ms/s", "above this ratio, the grade is critical"),
        ],
        rules: [
            .check("`warning` is not above `critical`") { grading, input, context in
                if grading.warning > grading.critical {
                    context.problem(input.keyPath("critical"), "\(JSONWriter.text(grading.critical)) is below warning \(JSONWriter.text(grading.warning))")
                }
            },
        ]
    )

    static let grading = ObjectDeclaration<HitchGrading>(
        "grading", "How the hitch ratio is graded (WWDC20: under 5 ms/s good, 5–10 warning, over 10 critical).", defaults: .apple,
        keys: [.object("hitchRatio", \.self, hitchRatio, "`{\"warning\": 5, \"critical\": 10}`: ms/s thresholds for the good/warning/critical grade")]
    )
}

/// A scenario file while it is decoded: every top-level key, then `ScenarioDecoder` builds the
/// `Scenario`.
struct ScenarioDraft {
    var schemaLocation = ""
    var schema = 0
    var name = ""
    var description = ""
    var seed = Int(SimulationConfig.defaultSeed)
    var duration = 0.0
    var device = DeviceConfig()
    var stack = StackConfig()
    var content = ContentConfig(count: 0, types: [])
    var script: [ScriptEvent] = []
    var budgets = ScenarioKeys.BudgetDraft()
    var grading = HitchGrading.apple
    var silence: [String] = []
    var costs = ScenarioCosts()
    var expect = ScenarioKeys.Expectation.withinBudget
    var expectedOver: [Metric] = []
    var ensemble = ScenarioKeys.EnsembleDraft()
}
