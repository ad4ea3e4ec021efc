import ScrollSimEngine

/// A view type's resolution and effects: how many children an element's body yields
/// (`children`, `shownFraction`), which environment values its body reads (`readsEnvironment`),
/// and its scroll transition (`transition`).
extension ScenarioKeys {
    /// The spelling of a conditional body in `children`.
    package static let conditionalChildren = "conditional"

    /// `children`: a whole number of child rows, or (list types only) `"conditional"`.
    static func childrenKey(_ role: TypeRole) -> KeyDeclaration<ViewTypeSpec> {
        let count = KeyShape.integer(1...64)
        guard role == .list else {
            return .custom("children", shape: count,
                           "a body returning k views without a wrapping stack: k independent child rows per element (each with its own height draw and view costs)",
                           decode: { json, _, _ in json.numberValue.map { Int($0) } }, store: { $0.children = .count($1) },
                           encode: { .number(Double($0.children.count)) })
        }
        return .custom("children", shape: .anyOf([count, .choice([conditionalChildren])]),
                       """
                       how many child rows an element's body yields. `k`: a body returning k views without a wrapping stack — init and body run once per element, each child row is laid out and rendered on its own (with its own height draw). `"conditional"`: a body that returns its content or nothing (`if`, `if let` on state or the environment) — to index its children the stack evaluates every element's body at launch and keeps every element view resident (see `shownFraction`); filter in the data layer instead (`children: 1` over fewer elements)
                       """,
                       decode: { json, _, _ in
                           if json.stringValue == conditionalChildren { return ViewTypeSpec.Children.conditional(shown: ViewTypeSpec.defaultShownFraction) }
                           return json.numberValue.map { .count(Int($0)) }
                       },
                       store: { $0.children = $1 },
                       encode: { type in
                           switch type.children {
                           case .count(let k): return .number(Double(k))
                           case .conditional: return .string(conditionalChildren)
                           }
                       })
    }

    /// The keys of view resolution and effects for a type in `role` (after the type's other keys).
    static func resolutionKeys(_ role: TypeRole) -> [KeyDeclaration<ViewTypeSpec>] {
        guard role != .rowItem else { return [] }
        var keys: [KeyDeclaration<ViewTypeSpec>] = []
        if role == .list {
            keys.append(.custom("shownFraction", shape: .number(0...1, unit: ""), defaultNote: "\(JSONWriter.text(ViewTypeSpec.defaultShownFraction)) (with `children: \"conditional\"`)",
                                "with `children: \"conditional\"`: the fraction of elements whose body shows its child (drawn once per element, seeded); the rest show nothing and take no space",
                                decode: { json, _, _ in json.numberValue },
                                store: { type, shown in if type.children.isDynamic { type.children = .conditional(shown: shown) } }))
        }
        keys.append(.custom("readsEnvironment", shape: .array(.string(environmentKeyRule), count: 0...100), defaultNote: "none",
                            "environment keys the body reads (`@Environment(\\.writingStyle)` → `\"writingStyle\"`): an `environment` script event naming one evaluates the body of every resident view of this type again",
                            decode: decodeEnvironmentKeys, store: { $0.readsEnvironment = $1 }))
        keys.append(.custom("transition", shape: .anyOf([.choice(["scale"]), .object(transition.shape)]), defaultNote: "none",
                            "a `scrollTransition` effect, judged on the untransformed frame: `\"scale\"` (shrinks inside its frame), `{\"offset\": {\"points\": 80}}` or `{\"rotation\": {\"degrees\": 25}}` (leave the frame, so the stack unloads views still on screen: `poppedViews`)",
                            decode: decodeTransition, store: { $0.transition = $1 }))
        return keys
    }

    /// Rules between a type's resolution keys.
    static let resolutionRules: [KeyRule<ViewTypeSpec>] = [
        .check("`shownFraction` only with `children: \"conditional\"`") { type, input, context in
            guard input.present.contains("shownFraction"), input.clean.contains("children") || !input.present.contains("children"),
                  !type.children.isDynamic else { return }
            context.problem(input.keyPath("shownFraction"), "applies only to a conditional body; add \"children\": \"conditional\" or remove it")
        },
    ]

    /// An environment key: a Swift identifier's worth of characters.
    static let environmentKeyRule = KeyShape.StringRule(
        pattern: "^[A-Za-z_][A-Za-z0-9_.]*$", lengths: 1...100,
        words: "is not an environment key (letters, digits, '_' and '.', not starting with a digit, at most 100)",
        accepts: { key in
            let scalars = Array(key.unicodeScalars)
            guard (1...100).contains(scalars.count), let first = scalars.first else { return false }
            func letter(_ s: Unicode.Scalar) -> Bool { s.isASCII && (("a"..."z").contains(s) || ("A"..."Z").contains(s) || s == "_") }
            return letter(first) && scalars.allSatisfy { letter($0) || ("0"..."9").contains($0) || $0 == "." }
        }
    )

    static func decodeEnvironmentKeys(_ json: JSONValue, _ path: String, _ context: DecodingContext) -> [String]? {
        var keys: [String] = []
        var clean = true
        for (i, item) in (json.arrayValue ?? []).enumerated() {
            if let problem = KeyShape.string(environmentKeyRule).problem(with: item) {
                context.problem("\(path)[\(i)]", problem)
                clean = false
            } else if let key = item.stringValue {
                if keys.contains(key) {
                    context.problem("\(path)[\(i)]", "\"\(KeyShape.clipped(key))\" is listed twice")
                    clean = false
                }
                keys.append(key)
            }
        }
        return clean ? keys : nil
    }

    struct TransitionDraft {
        var transition = ViewTypeSpec.Transition.scale
    }

    static let transitionOffset = ObjectDeclaration<Double>(
        "transitionOffset", "An offset toward the inside of the viewport as the view leaves.",
        keys: [.custom("points", shape: .number(0...10_000, unit: "pt"), presence: .required, "the largest offset, in points",
                       decode: { json, _, _ in json.numberValue }, store: { $0 = $1 })]
    )

    static let transitionRotation = ObjectDeclaration<Double>(
        "transitionRotation", "A rotation as the view leaves.",
        keys: [.custom("degrees", shape: .number(-360...360, unit: "°"), presence: .required, "the largest rotation, in degrees; its corners sweep out of the frame by half the viewport's width × sin(degrees)",
                       decode: { json, _, _ in json.numberValue }, store: { $0 = $1 })]
    )

    static let transitionChoice = ExactlyOneOf(["offset", "rotation"], lead: "\"scale\", or an object with ", several: .giveOne(noun: "transition"))

    static let transition = ObjectDeclaration<TransitionDraft>(
        "transition", "A scroll transition that leaves the view's frame: \(transitionChoice.list).", oneOf: transitionChoice,
        keys: [
            .object("offset", transitionOffset, initial: 0, defaultNote: "—", "`{\"points\": 80}`: offset toward the inside of the viewport as the view leaves",
                    apply: { $0.transition = .offset(points: $1) }),
            .object("rotation", transitionRotation, initial: 0, defaultNote: "—", "`{\"degrees\": 25}`: rotated as the view leaves",
                    apply: { $0.transition = .rotation(degrees: $1) }),
        ]
    )

    static func decodeTransition(_ json: JSONValue, _ path: String, _ context: DecodingContext) -> ViewTypeSpec.Transition? {
        if json.stringValue == "scale" { return .scale }
        var draft = TransitionDraft()
        return context.clean({ transition.decode(json, at: path, into: &draft, context) }) ? draft.transition : nil
    }
}
