/// The keys of the files of a sweep — the sweep file a user writes (`SweepPlan.File`), and the
/// `sweep-plan.json` and `shard.json` a sweep writes and `merge` reads back — declared once
/// with the same machinery as a scenario file's (`ObjectDeclaration`): the decoder reports
/// every problem with its key path, and unknown keys are errors with the closest key
/// suggested. A plan or shard file is checked as strictly as user input: a tampered one cannot
/// lead a merge astray.
enum SweepKeys {
    static let file = ObjectDeclaration<SweepPlan.File>(
        "sweepFile", "A sweep file (`--sweep FILE`): the keys to vary and their values, and optionally the metric and the objective.",
        keys: [
            .custom("$comment", shape: .string(nil), defaultNote: "none", "a note for people; ScrollSim ignores it",
                    decode: { _, _, _ -> String? in nil }, store: { _, _ in }),
            vary(\.axes),
            .custom("metric", shape: .string(nil), defaultNote: "as `--metric` says", "the metric that ranks the variants",
                    decode: { json, _, _ in json.stringValue }, store: { $0.metric = $1 }),
            .custom("objective", shape: .string(nil), defaultNote: "the metric's better direction", "`\"min\"` or `\"max\"`",
                    decode: { json, _, _ in json.stringValue }, store: { $0.objective = $1 }),
            runs(\.runs, defaultNote: "as `--runs` says, else each variant's `ensemble.runs`"),
        ]
    )

    /// `runs`: how many runs each variant plays (an ensemble when over 1).
    static func runs<Value>(_ target: WritableKeyPath<Value, Int?>, defaultNote: String) -> KeyDeclaration<Value> {
        .custom("runs", shape: .integer(1...EnsemblePlan.maximumRuns), defaultNote: defaultNote,
                "how many runs each variant plays: an ensemble, each metric with its 95 % interval, when over 1 (`--runs N` wins)",
                decode: { json, _, _ in json.numberValue.flatMap { Int(exactly: $0) } }, store: { $0[keyPath: target] = $1 })
    }

    /// `vary`: axis objects or `--vary` strings, at least one (the same key in a sweep plan).
    static func vary<Value>(_ target: WritableKeyPath<Value, [SweepAxis]>) -> KeyDeclaration<Value> {
        .list(
            "vary", target, of: .anyOf([.object(axis.shape), .string(nil)]), count: 1...1000, presence: .required,
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
    }

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

    /// What `sweep-plan.json` decodes into before it becomes a `SweepPlan`.
    struct PlanDraft {
        var scenario = PlanScenario()
        var axes: [SweepAxis] = []
        var metric = ""
        var objective: String?
        var runs: Int?
    }

    /// The plan's `scenario`: the file's name, the scenario's name and content hash.
    struct PlanScenario {
        var file = ""
        var name = ""
        var contentHash = ""
    }

    /// `sweep-plan.json` (`SweepPlan.planObject`).
    static let plan = ObjectDeclaration<PlanDraft>(
        "sweepPlan", "What defines a sweep, written beside its reports: read back by `merge`.",
        keys: [
            .custom("schema", shape: .integer(1...1), presence: .required, "the plan format: `1`",
                    decode: { _, _, _ -> Int? in nil }, store: { _, _ in }, check: { $0 == .number(1) ? nil : "expected 1" }),
            .object("scenario", \.scenario, planScenario, presence: .required, "the scenario swept"),
            vary(\.axes),
            .string("metric", \.metric, presence: .required, "the metric that ranks the variants"),
            .custom("objective", shape: .string(nil), "`\"min\"` or `\"max\"`",
                    decode: { json, _, _ in json.stringValue }, store: { $0.objective = $1 }),
            .custom("variants", shape: .integer(1...SweepPlan.maximumVariants), "how many variants the grid has (written for people)",
                    decode: { _, _, _ -> Int? in nil }, store: { _, _ in }),
            runs(\.runs, defaultNote: "absent: each variant played as its file says"),
        ]
    )

    static let planScenario = ObjectDeclaration<PlanScenario>(
        "sweepPlanScenario", "The scenario a sweep varies.",
        keys: [
            .string("file", \.file, presence: .required, "the scenario file's base name"),
            // The name names the variants' report files: it is checked as a scenario's name
            // is, so a tampered plan (`../../escaped/x`) cannot lead a merge outside its
            // directories.
            .custom("name", shape: .string(ScenarioKeys.nameRule), presence: .required, "the scenario's name",
                    decode: { json, _, _ in json.stringValue }, store: { $0.name = $1 },
                    check: { json in
                        guard case .string(let name) = json else { return "expected a string, found \(json.kindDescription)" }
                        return ScenarioKeys.nameRule.accepts(name) ? nil : "\(MessageText.quoted(name)) \(ScenarioKeys.nameRule.words)"
                    }),
            .string("contentHash", \.contentHash, presence: .required, "the scenario's content hash"),
        ]
    )

    /// What `shard.json` decodes into.
    struct ShardDraft {
        var shard: Shard?
        var variants: [Int] = []
    }

    /// `shard.json` of a shard of `plan`: its shard, and its variants, which must be exactly
    /// the shard's share of the plan's grid.
    static func shard(of plan: SweepPlan) -> ObjectDeclaration<ShardDraft> {
        ObjectDeclaration<ShardDraft>(
            "sweepShard", "Which shard of a sweep a directory holds, and its variants.",
            keys: [
                .custom("shard", shape: .string(nil), presence: .required, "`\"I/N\"`: the shard's number and the number of shards",
                        decode: { json, path, context in
                            let text = json.stringValue ?? ""
                            do {
                                return try Shard.parse(text)
                            } catch let error as ScrollSimError {
                                for problem in error.problems { context.problem(path, "\(MessageText.quoted(text)): \(problem.message)") }
                                return nil
                            } catch {
                                context.problem(path, "\(error)")
                                return nil
                            }
                        },
                        store: { $0.shard = $1 }),
                .list("variants", \.variants, of: .integer(0...plan.count - 1), count: 0...SweepPlan.maximumVariants, presence: .required,
                      "the variants the shard played, in order",
                      checkItem: { item in
                          guard let n = item.numberValue, let k = Int(exactly: n), k >= 0, k < plan.count else {
                              return "expected a variant number below \(plan.count), found \(item.numberValue.map { JSONWriter.text($0) } ?? item.kindDescription)"
                          }
                          return nil
                      },
                      item: { json, _, _ in json.numberValue.flatMap { Int(exactly: $0) } }),
            ],
            rules: [
                .check("the variants are exactly the shard's share of the plan's grid (k mod N = I − 1)") { draft, input, context in
                    guard input.clean.contains("shard"), input.clean.contains("variants"), let shard = draft.shard else { return }
                    let expected = shard.select(Array(0..<plan.count))
                    if draft.variants != expected {
                        context.problem(input.keyPath("variants"), "shard \(shard) of a \(plan.count)-variant sweep holds \(expected.count) variants (k mod \(shard.total) = \(shard.index)), but the file lists \(draft.variants.count) others")
                    }
                },
            ]
        )
    }
}
