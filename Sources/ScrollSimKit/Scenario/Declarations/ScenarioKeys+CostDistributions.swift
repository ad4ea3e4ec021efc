import ScrollSimEngine

/// A view type's costs (`initMs`, `bodyMs`, `layoutMs`, `renderMs`, `appearMs`,
/// `renderServerMs`, `effectMs`): a number, or a distribution drawn per element.
///
/// The forms are the heights' (`{"fixed": x}`, `{"uniform": {"min", "max"}}`, `{"normal": {"mean",
/// "sd", "min", "max"}}`, with the same field names) plus `{"lognormal": {"p50", "p95"}}` and
/// `{"quantiles": [[p, ms], …]}` (`CostDistribution` says how each is drawn). A number and
/// `{"fixed": x}` are the same cost: no distribution, no draw. A distribution's mean is stored as
/// the type's number, so every estimate (prefetch's, attribution's, warnings') reads one figure.
extension ScenarioKeys {
    static let costForms = "0.4, {\"fixed\": 0.4}, {\"uniform\": {\"min\": 0.2, \"max\": 0.6}}, {\"normal\": {\"mean\": 0.4, \"sd\": 0.1}}, {\"lognormal\": {\"p50\": 0.3, \"p95\": 1.2}} or {\"quantiles\": [[0.5, 0.3], [0.9, 0.8], [0.99, 2], [1, 4]]}"

    /// `{"p50": …, "p95": …}` while being decoded.
    struct LognormalDraft {
        var p50 = 0.0
        var p95 = 0.0
    }

    static let costLognormal = ObjectDeclaration<LognormalDraft>(
        "costLognormal", "A lognormal draw by its median and 95th percentile: σ = ln(p95/p50) / 1.6449.",
        keys: [
            .number("p50", \.p50, costRange, unit: "ms", presence: .required, "the median, more than 0"),
            .number("p95", \.p95, costRange, unit: "ms", presence: .required, "the 95th percentile, not below `p50`"),
        ],
        rules: [
            .check("`p50` is more than 0 and `p95` is not below it") { draft, input, context in
                if input.clean.contains("p50"), draft.p50 <= 0 {
                    context.problem(input.keyPath("p50"), "must be more than 0 (a lognormal's median)")
                } else if input.clean.contains("p50"), input.clean.contains("p95"), draft.p95 < draft.p50 {
                    context.problem(input.keyPath("p95"), "\(JSONWriter.text(draft.p95)) is below p50 \(JSONWriter.text(draft.p50))")
                }
            },
        ]
    )

    /// A quantile point: `[probability, ms]`.
    static let quantilePointShape = KeyShape.array(.number(costRange, unit: ""), count: 2...2)

    static let costChoice = ExactlyOneOf(["fixed", "uniform", "normal", "lognormal", "quantiles"], lead: "a number or ", tail: ": \(costForms)",
                                         several: .giveOne(noun: "cost distribution"))

    static let costDistribution = ObjectDeclaration<CostDistribution>(
        "costDistribution", "A cost drawn per element: \(costChoice.list).", oneOf: costChoice,
        keys: [
            .custom("fixed", shape: .number(costRange, unit: "ms"), defaultNote: "—", "`{\"fixed\": 0.4}`: the same as the number",
                    decode: { json, _, _ in json.numberValue }, store: { $0 = .fixed($1) }),
            .object("uniform", uniform(costRange, "costUniform"), initial: Bounds(), defaultNote: "—",
                    "`{\"uniform\": {\"min\": 0.2, \"max\": 0.6}}`", apply: { $0 = .uniform(min: $1.min, max: $1.max) }),
            .object("normal", normal(costRange, "costNormal"), initial: NormalDraft(), defaultNote: "—",
                    "`{\"normal\": {\"mean\": 0.4, \"sd\": 0.1, \"min\": 0.1, \"max\": 2}}`: clamped (`min` defaults to 0, `max` optional)",
                    apply: { $0 = .normal(mean: $1.mean, sd: $1.sd, min: $1.min ?? costRange.lowerBound, max: $1.max) }),
            .object("lognormal", costLognormal, initial: LognormalDraft(), defaultNote: "—",
                    "`{\"lognormal\": {\"p50\": 0.3, \"p95\": 1.2}}`: median p50, 95th percentile p95 (p95 ≥ p50 > 0)",
                    apply: { $0 = .lognormal(p50: $1.p50, p95: $1.p95) }),
            .custom("quantiles", shape: .array(quantilePointShape, count: 1...1000), defaultNote: "—",
                    "`{\"quantiles\": [[0.5, 0.3], [0.9, 0.8], [0.99, 2], [1, 4]]}`: a piecewise-linear inverse CDF through `[probability, ms]` points — probabilities strictly increasing in (0, 1], the last 1; values non-decreasing; below the first probability the value is the first value",
                    decode: decodeQuantiles, store: { $0 = .quantiles($1) }),
        ]
    )

    /// Checks each `[probability, ms]` point, naming it by index.
    static func decodeQuantiles(_ json: JSONValue, _ path: String, _ context: DecodingContext) -> [CostDistribution.QuantilePoint]? {
        let items = json.arrayValue ?? []
        var points: [CostDistribution.QuantilePoint] = []
        var clean = true
        for (i, item) in items.enumerated() {
            let itemPath = "\(path)[\(i)]"
            let pair = item.arrayValue ?? []
            guard pair.count == 2, let p = pair[0].numberValue, let v = pair[1].numberValue else {
                context.problem(itemPath, "expected [probability, ms] (two numbers), found \(compactText(item))")
                clean = false
                continue
            }
            var problem: String?
            if !(p > 0 && p <= 1) {
                problem = "probability \(MessageText.number(p)) is outside (0, 1]"
            } else if let last = points.last, p <= last.probability {
                problem = "probability \(JSONWriter.text(p)) is not above the previous \(JSONWriter.text(last.probability)); probabilities must increase"
            } else if !costRange.contains(v) {
                problem = "\(MessageText.number(v)) ms is outside \(KeyShape.text(costRange))"
            } else if let last = points.last, v < last.value {
                problem = "\(JSONWriter.text(v)) ms is below the previous \(JSONWriter.text(last.value)) ms; values must not decrease (an inverse CDF)"
            } else if i == items.count - 1, p != 1 {
                problem = "the last probability must be 1 (the largest value), found \(JSONWriter.text(p))"
            }
            if let problem {
                context.problem(itemPath, problem)
                clean = false
            }
            points.append(CostDistribution.QuantilePoint(probability: p, value: v))
        }
        return clean ? points : nil
    }

    static func compactText(_ value: JSONValue) -> String {
        KeyShape.clipped(JSONWriter(decimals: 6).compact(value))
    }

    /// A cost as decoded: its mean (the type's number) and its distribution (nil for a number or
    /// `{"fixed": x}`).
    struct DecodedCost {
        var mean: Double
        var distribution: CostDistribution?
    }

    static let costShape = KeyShape.anyOf([.number(costRange, unit: "ms"), .object(costDistribution.shape)])

    static func decodeCost(_ json: JSONValue, _ path: String, _ context: DecodingContext) -> DecodedCost? {
        if case .number(let n) = json { return DecodedCost(mean: n, distribution: nil) }
        var distribution = CostDistribution.fixed(0)
        guard context.clean({ costDistribution.decode(json, at: path, into: &distribution, context) }) else { return nil }
        if case .fixed(let n) = distribution { return DecodedCost(mean: n, distribution: nil) }
        return DecodedCost(mean: distribution.mean, distribution: distribution)
    }

    /// A view type's cost key: its number at `target`, its distribution (if any) by `phase`.
    static func cost(_ phase: CostPhase, _ target: WritableKeyPath<ViewTypeSpec, Double>, _ meaning: String) -> KeyDeclaration<ViewTypeSpec> {
        .custom(phase.key, shape: costShape, warn: [costWarning],
                "\(meaning); a number, or a distribution drawn per element (its mean is what estimates use)",
                decode: decodeCost,
                store: { type, cost in
                    type[keyPath: target] = cost.mean
                    type.costDistributions[phase] = cost.distribution
                },
                judge: { $0.mean },
                encode: { .number($0[keyPath: target]) },
                check: { json in
                    switch json {
                    case .number, .object: return costShape.problem(with: json)
                    default: return "expected a number in \(KeyShape.text(costRange)) or a cost distribution, found \(json.kindDescription)"
                    }
                })
    }

    /// The scenario with every view type's `{"fixed": x}` cost written as `x`: the same
    /// simulation, so the same content hash (and the same report).
    static func canonicalCosts(_ root: JSONValue) -> JSONValue {
        guard var top = root.objectValue, var content = top["content"]?.objectValue else { return root }
        func canonicalType(_ type: JSONValue) -> JSONValue {
            guard var object = type.objectValue else { return type }
            for phase in CostPhase.allCases {
                if let members = object[phase.key]?.objectValue, members.count == 1, let fixed = members["fixed"], case .number = fixed {
                    object[phase.key] = fixed
                }
            }
            if var row = object["row"]?.objectValue, let items = row["types"]?.arrayValue {
                row["types"] = .array(items.map(canonicalType))
                object["row"] = .object(row)
            }
            return .object(object)
        }
        if let types = content["types"]?.arrayValue { content["types"] = .array(types.map(canonicalType)) }
        if var sections = content["sections"]?.objectValue, let header = sections["header"] {
            sections["header"] = canonicalType(header)
            content["sections"] = .object(sections)
        }
        top["content"] = .object(content)
        return .object(top)
    }
}
