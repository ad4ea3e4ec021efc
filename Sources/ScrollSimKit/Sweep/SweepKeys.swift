/// The keys of a sweep file (`SweepPlan.File`), declared once with the same machinery as a
/// scenario file's (`ObjectDeclaration`): the decoder reports every problem with its key path,
/// and unknown keys are errors with the closest key suggested.
enum SweepKeys {
    static let file = ObjectDeclaration<SweepPlan.File>(
        "sweepFile", "A sweep file (`--sweep FILE`): the keys to vary and their values, and optionally the metric and the objective.",
        keys: [
            .custom("$comment", shape: .string(nil), defaultNote: "none", "a note for people; ScrollSim ignores it",
                    decode: { _, _, _ -> String? in nil }, store: { _, _ in }),
            vary,
            .custom("metric", shape: .string(nil), defaultNote: "as `--metric` says", "the metric that ranks the variants",
                    decode: { json, _, _ in json.stringValue }, store: { $0.metric = $1 }),
            .custom("objective", shape: .string(nil), defaultNote: "the metric's better direction", "`\"min\"` or `\"max\"`",
                    decode: { json, _, _ in json.stringValue }, store: { $0.objective = $1 }),
        ]
    )

    /// `vary`: axis objects or `--vary` strings, at least one (the same key in a sweep plan).
    static let vary = KeyDeclaration<SweepPlan.File>.list(
        "vary", \.axes, of: .anyOf([.object(axis.shape), .string(nil)]), count: 1...1000, presence: .required,
        "the keys to vary: `{\"key\": \"prefetch.distance\", \"values\": [1, 2, 4]}` or `\"keepAlive.seconds=0,0.5,2\"`",
        check: { json in
            guard let items = json.arrayValue, !items.isEmpty else {
                return "expected a non-empty array of {\"key\": …, \"values\": […]} or \"key=v1,v2\""
            }
            return nil
        },
        checkItem: { item in
            switch item {
            case .string, .object: return nil
            default: return "expected an object {\"key\": …, \"values\": […]} or a string \"key=v1,v2\", found \(item.kindDescription)"
            }
        },
        item: { json, path, context in
            if case .string(let text) = json { return context.attempt(path) { try SweepAxis.parse(text) } }
            var draft = AxisDraft()
            guard context.clean({ axis.decode(json, at: path, into: &draft, context) }), let keyPath = draft.keyPath else { return nil }
            let parsed = SweepAxis(keyPath: keyPath, values: draft.values)
            if let problem = parsed.valuesProblem {
                context.problem(DecodingContext.join(path, "values"), problem)
                return nil
            }
            return parsed
        }
    )

    /// An axis object before it is checked as a whole.
    struct AxisDraft {
        var keyPath: JSONKeyPath?
        var values: [JSONValue] = []
    }

    static let axis = ObjectDeclaration<AxisDraft>(
        "sweepAxis", "One varied key and its values.",
        keys: [
            .custom("key", shape: .string(nil), presence: .required, "the key path in the scenario, e.g. `\"prefetch.distance\"` or `\"content.types[0].height\"`",
                    decode: { json, path, context in context.attempt(path) { try JSONKeyPath(json.stringValue ?? "") } },
                    store: { $0.keyPath = $1 }),
            // The items are any JSON: `anyOf` of no shape checks none of them.
            .custom("values", shape: .array(.anyOf([]), count: 1...100_000), presence: .required, "the values it takes, in order, each once (any JSON)",
                    decode: { json, _, _ in json.arrayValue }, store: { $0.values = $1 },
                    check: { json in
                        guard let items = json.arrayValue, !items.isEmpty else { return "expected a non-empty array of values" }
                        return items.count > 100_000 ? "has \(ScenarioLimits.grouped(items.count)) items; at most 100,000 are allowed" : nil
                    }),
        ]
    )
}
