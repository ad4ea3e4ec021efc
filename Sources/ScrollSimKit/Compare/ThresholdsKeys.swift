/// The keys of a thresholds file (`Thresholds+File`), declared once with the same machinery as
/// a scenario file's (`ObjectDeclaration`, `MapDeclaration`): the decoder reports every
/// problem with its key path, and unknown keys are errors with the closest key suggested.
enum ThresholdsKeys {
    /// What the top level decodes into before it becomes a `Thresholds`.
    struct Draft {
        var schema = 0
        var preset = Thresholds.Preset.standard
        var overBudget = Thresholds.Override.Change<Severity?>.keep
        var metrics: [Thresholds.Override] = []
        var scenarios: [Thresholds.Override] = []
    }

    typealias Override = Thresholds.Override

    static let top = ObjectDeclaration<Draft>(
        "thresholds", "A thresholds file: the preset, and the limits that replace the preset's, for every scenario or for one.",
        defaults: Draft(),
        keys: [
            .custom("$schema", shape: .string(nil), defaultNote: "none",
                    "the JSON Schema an editor checks the file against, e.g. `\"thresholds.schema.json\"`; ScrollSim ignores it",
                    decode: { _, _, _ -> String? in nil }, store: { _, _ in }),
            .custom("schema", shape: .integer(Thresholds.fileSchema...Thresholds.fileSchema), presence: .required,
                    "the thresholds format: `\(Thresholds.fileSchema)`",
                    decode: { json, _, _ in json.numberValue.map { Int($0) } }, store: { $0.schema = $1 },
                    check: { json in
                        guard case .number(let n) = json, n.rounded() == n, n.isFinite else {
                            return "expected an integer, found \(json.numberValue.map(MessageText.number) ?? json.kindDescription)"
                        }
                        return n == Double(Thresholds.fileSchema) ? nil
                            : "this ScrollSim reads thresholds schema \(Thresholds.fileSchema), the file says \(MessageText.number(n))"
                    }),
            .choice("preset", \.preset, Thresholds.Preset.all.map { ($0.name, $0) }, "the thresholds the file starts from"),
            .choice("overBudget", \.overBudget, [("error", .set(.error)), ("warning", .set(.warning)), ("off", .set(nil))],
                    "the severity of a metric over its own budget, replacing the preset's"),
            .map("metrics", metrics(scenario: nil), "limits by metric name or pattern (`\"frameWorkMs.*\"`), for every scenario",
                 store: { $0.metrics = $1.map(\.value) }),
            .map("scenarios", scenarios, "limits by scenario name, each a map like `metrics`, applied after every `metrics` entry",
                 store: { $0.scenarios = $1.flatMap(\.value) }),
        ]
    )

    /// A metric's limit in a thresholds file: a number (an absolute error limit), a
    /// `--threshold` string (`"5%"`, `"3%,8%"`, `"off"`), or an `override` object.
    static let limitShape = KeyShape.anyOf([limitValue, .string(nil), .object(override.shape)])

    /// A limit as a number (an absolute error limit; `Threshold.Limit(checking:)` takes any
    /// finite number ≥ 0, the schema states a bound a file can write).
    static let limitValue = KeyShape.number(0...1e15, unit: "")

    /// `metrics` (and each scenario's map): an override per metric name or pattern, decoded in
    /// the order they apply (`Thresholds.applicationOrder`).
    static func metrics(scenario: String?) -> MapDeclaration<Override> {
        MapDeclaration(
            value: limitShape, order: Thresholds.applicationOrder,
            check: { json in
                switch json {
                case .number, .string, .object: return nil
                default:
                    return "expected a limit (a number, or a string such as \"5%\", \"3%,8%\" or \"off\") or an object with warning, error and floor, found \(json.kindDescription)"
                }
            },
            entry: { metric, json, path, context in
                guard context.attempt(path, { try Override.checkMetric(metric) }) != nil else { return nil }
                switch json {
                case .number(let number):
                    return context.attempt(path) { Override(metric: metric, scenario: scenario, warning: .set(nil), error: .set(try Threshold.Limit(checking: number))) }
                case .string(let text):
                    return context.attempt(path) { try Override(metric: metric, scenario: scenario, parsing: text) }
                default:
                    var entry = Override(metric: metric, scenario: scenario)
                    return context.clean({ override.decode(json, at: path, into: &entry, context) }) ? entry : nil
                }
            }
        )
    }

    /// `scenarios`: a `metrics` map per scenario name.
    static let scenarios = MapDeclaration<[Override]>(value: .map(key: MapDeclaration<Override>.anyName, value: limitShape, count: 0...100_000)) { name, json, path, context in
        metrics(scenario: name).decode(json, at: path, context).map(\.value)
    }

    /// A metric's object: each key replaces only that part of the threshold.
    static let override = ObjectDeclaration<Override>(
        "thresholdOverride", "The parts of one metric's threshold to replace.",
        keys: [
            limit("warning", \.warning, "the warning limit (`2`, `\"5%\"`), or `\"off\"` for none"),
            limit("error", \.error, "the error limit (`2`, `\"5%\"`), or `\"off\"` for none"),
            .custom("floor", shape: .number(0...1e15, unit: ""), defaultNote: "the preset's",
                    "the smallest move judged at all, in the metric's unit",
                    decode: { json, _, _ in json.numberValue }, store: { $0.floor = .set($1) }),
            .choice("rule", \.rule, Threshold.Rule.allCases.map { ($0.rawValue, .set($0)) }, "how the limits are judged (`Threshold.Rule`)"),
        ],
        rules: [
            .check("the warning limit is no looser than the error limit of the same form") { override, input, context in
                guard input.clean.contains("warning"), input.clean.contains("error"),
                      case .set(let warning?) = override.warning, case .set(let error?) = override.error else { return }
                _ = context.attempt(input.path) { try Override.checkOrder(warning: warning, error: error) }
            },
        ]
    )

    /// `warning` or `error`: a number, a limit string, or `"off"`.
    static func limit(_ key: String, _ target: WritableKeyPath<Override, Override.Change<Threshold.Limit?>>, _ meaning: String) -> KeyDeclaration<Override> {
        .custom(key, shape: .anyOf([limitValue, .string(nil)]), defaultNote: "the preset's", meaning,
                decode: { json, path, context -> Threshold.Limit?? in
                    switch json {
                    case .number(let number): return context.attempt(path) { () throws -> Threshold.Limit? in try Threshold.Limit(checking: number) }
                    case .string(let text) where text.lowercased() == "off": return .some(nil)
                    case .string(let text): return context.attempt(path) { () throws -> Threshold.Limit? in try Threshold.Limit(parsing: text) }
                    default: return nil
                    }
                },
                store: { $0[keyPath: target] = .set($1) },
                check: { json in
                    switch json {
                    case .number, .string: return nil
                    default: return "expected a limit (2, \"5%\") or \"off\", found \(json.kindDescription)"
                    }
                })
    }
}
