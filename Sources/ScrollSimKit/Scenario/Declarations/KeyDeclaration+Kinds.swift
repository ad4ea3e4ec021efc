import ScrollSimEngine

/// The kinds of key a scenario object can declare: each constructor states the key's shape
/// (for the decoder's checks, the JSON Schema and the reference) and where its value goes in
/// the value being decoded (a key path into an engine configuration type, usually).
extension KeyDeclaration {
    typealias Presence = ObjectShape.Presence
    typealias Plausibility = ObjectShape.Plausibility

    static func info(_ key: String, _ shape: KeyShape, _ presence: Presence, _ meaning: String,
                     defaultNote: String? = nil, warn: [Plausibility] = [], replacement: String? = nil) -> ObjectShape.KeyInfo {
        ObjectShape.KeyInfo(key: key, shape: shape, presence: presence, defaultValue: nil, defaultNote: defaultNote,
                            meaning: meaning, plausibility: warn, replacement: replacement)
    }

    /// A number in `range` stored at `target`.
    static func number(_ key: String, _ target: WritableKeyPath<Value, Double>, _ range: ClosedRange<Double>, unit: String = "",
                       presence: Presence = .optional, warn: [Plausibility] = [], _ meaning: String) -> KeyDeclaration {
        KeyDeclaration(
            info: info(key, .number(range, unit: unit), presence, meaning, warn: warn),
            decode: { json, _, value, _ in
                let n = json.numberValue ?? 0
                value[keyPath: target] = n
                return n
            },
            encode: { .number($0[keyPath: target]) }
        )
    }

    /// A number in `range`, or nothing (`defaultNote` says what nothing means).
    static func optionalNumber(_ key: String, _ target: WritableKeyPath<Value, Double?>, _ range: ClosedRange<Double>, unit: String = "",
                               defaultNote: String = "none", warn: [Plausibility] = [], _ meaning: String) -> KeyDeclaration {
        KeyDeclaration(
            info: info(key, .number(range, unit: unit), .optional, meaning, defaultNote: defaultNote, warn: warn),
            decode: { json, _, value, _ in
                let n = json.numberValue ?? 0
                value[keyPath: target] = n
                return n
            },
            encode: { $0[keyPath: target].map { .number($0) } }
        )
    }

    static func integer(_ key: String, _ target: WritableKeyPath<Value, Int>, _ range: ClosedRange<Int>,
                        presence: Presence = .optional, _ meaning: String) -> KeyDeclaration {
        KeyDeclaration(
            info: info(key, .integer(range), presence, meaning),
            decode: { json, _, value, _ in
                value[keyPath: target] = Int(json.numberValue ?? 0)
                return nil
            },
            encode: { .number(Double($0[keyPath: target])) }
        )
    }

    static func optionalInteger(_ key: String, _ target: WritableKeyPath<Value, Int?>, _ range: ClosedRange<Int>,
                                defaultNote: String = "none", _ meaning: String) -> KeyDeclaration {
        KeyDeclaration(
            info: info(key, .integer(range), .optional, meaning, defaultNote: defaultNote),
            decode: { json, _, value, _ in
                value[keyPath: target] = Int(json.numberValue ?? 0)
                return nil
            },
            encode: { $0[keyPath: target].map { .number(Double($0)) } }
        )
    }

    static func bool(_ key: String, _ target: WritableKeyPath<Value, Bool>, _ meaning: String) -> KeyDeclaration {
        KeyDeclaration(
            info: info(key, .boolean, .optional, meaning),
            decode: { json, _, value, _ in
                value[keyPath: target] = json.boolValue ?? false
                return nil
            },
            encode: { .bool($0[keyPath: target]) }
        )
    }

    static func string(_ key: String, _ target: WritableKeyPath<Value, String>, rule: KeyShape.StringRule? = nil,
                       presence: Presence = .optional, defaultNote: String? = nil, _ meaning: String) -> KeyDeclaration {
        KeyDeclaration(
            info: info(key, .string(rule), presence, meaning, defaultNote: defaultNote),
            decode: { json, _, value, _ in
                value[keyPath: target] = json.stringValue ?? ""
                return nil
            },
            encode: { .string($0[keyPath: target]) }
        )
    }

    /// One of an engine enum's cases, spelled as its raw value, in declaration order.
    static func choice<E: CaseIterable & RawRepresentable>(_ key: String, _ target: WritableKeyPath<Value, E>,
                                                           presence: Presence = .optional, _ meaning: String) -> KeyDeclaration where E.RawValue == String {
        KeyDeclaration(
            info: info(key, .choice(E.allCases.map(\.rawValue)), presence, meaning),
            decode: { json, _, value, _ in
                if let text = json.stringValue, let choice = E(rawValue: text) { value[keyPath: target] = choice }
                return nil
            },
            encode: { .string($0[keyPath: target].rawValue) }
        )
    }

    /// One of the spellings given, each standing for a value.
    static func choice<T: Equatable>(_ key: String, _ target: WritableKeyPath<Value, T>, _ choices: [(String, T)], _ meaning: String) -> KeyDeclaration {
        KeyDeclaration(
            info: info(key, .choice(choices.map(\.0)), .optional, meaning),
            decode: { json, _, value, _ in
                if let text = json.stringValue, let match = choices.first(where: { $0.0 == text }) { value[keyPath: target] = match.1 }
                return nil
            },
            encode: { value in choices.first { $0.1 == value[keyPath: target] }.map { .string($0.0) } }
        )
    }

    /// An object decoded in place into the value at `target`.
    static func object<Sub>(_ key: String, _ target: WritableKeyPath<Value, Sub>, _ declaration: ObjectDeclaration<Sub>,
                            presence: Presence = .optional, _ meaning: String) -> KeyDeclaration {
        KeyDeclaration(
            info: info(key, .object(declaration.shape), presence, meaning),
            decode: { json, path, value, context in
                declaration.decode(json, at: path, into: &value[keyPath: target], context)
                return nil
            },
            encode: { declaration.json(of: $0[keyPath: target]) }
        )
    }

    /// An optional object: decoded from `initial` (its required keys overwrite the placeholders).
    static func optionalObject<Sub>(_ key: String, _ target: WritableKeyPath<Value, Sub?>, _ declaration: ObjectDeclaration<Sub>,
                                    initial: Sub, defaultNote: String = "none", _ meaning: String) -> KeyDeclaration {
        KeyDeclaration(
            info: info(key, .object(declaration.shape), .optional, meaning, defaultNote: defaultNote),
            decode: { json, path, value, context in
                var sub = initial
                declaration.decode(json, at: path, into: &sub, context)
                value[keyPath: target] = sub
                return nil
            },
            encode: { $0[keyPath: target].map { declaration.json(of: $0) } }
        )
    }

    /// An object decoded into a draft (from `initial`) that `apply` turns into part of the value.
    static func object<Sub>(_ key: String, _ declaration: ObjectDeclaration<Sub>, initial: Sub, presence: Presence = .optional,
                            defaultNote: String? = nil, _ meaning: String, apply: @escaping (inout Value, Sub) -> Void) -> KeyDeclaration {
        KeyDeclaration(
            info: info(key, .object(declaration.shape), presence, meaning, defaultNote: defaultNote),
            decode: { json, path, value, context in
                var sub = initial
                if context.clean({ declaration.decode(json, at: path, into: &sub, context) }) { apply(&value, sub) }
                return nil
            },
            encode: nil
        )
    }

    /// An array of objects, each decoded from `initial`; `rules` check the items together.
    static func array<E>(_ key: String, _ target: WritableKeyPath<Value, [E]>, _ element: ObjectDeclaration<E>, initial: E,
                         count: ClosedRange<Int>, presence: Presence = .optional, rules: [ArrayRule<E>] = [], _ meaning: String) -> KeyDeclaration {
        KeyDeclaration(
            info: info(key, .array(.object(element.shape), count: count), presence, meaning),
            decode: { json, path, value, context in
                let items = json.arrayValue ?? []
                var elements: [E] = []
                var valid: [Bool] = []
                elements.reserveCapacity(items.count)
                for (i, item) in items.enumerated() {
                    var e = initial
                    valid.append(context.clean { element.decode(item, at: "\(path)[\(i)]", into: &e, context) })
                    elements.append(e)
                }
                for rule in rules { rule.check(elements, valid, path, context) }
                value[keyPath: target] = elements
                return nil
            },
            encode: { $0[keyPath: target].isEmpty ? .array([]) : nil }
        )
    }

    /// An array whose items are decoded one by one by `item`, for items that are not all
    /// objects of one declaration (a sweep file's `vary` holds axis objects and `--vary`
    /// strings). `itemShape` documents the items and checks each before `item` runs, unless
    /// `checkItem` says in the key's own words what is wrong; `check` does the same for the
    /// array as a whole.
    static func list<E>(_ key: String, _ target: WritableKeyPath<Value, [E]>, of itemShape: KeyShape, count: ClosedRange<Int>,
                        presence: Presence = .optional, _ meaning: String, check: ((JSONValue) -> String?)? = nil,
                        checkItem: ((JSONValue) -> String?)? = nil,
                        item: @escaping (_ value: JSONValue, _ path: String, DecodingContext) -> E?) -> KeyDeclaration {
        KeyDeclaration(
            info: info(key, .array(itemShape, count: count), presence, meaning),
            decode: { json, path, value, context in
                var items: [E] = []
                for (i, member) in (json.arrayValue ?? []).enumerated() {
                    let itemPath = "\(path)[\(i)]"
                    let problem: String? = checkItem.map { $0(member) } ?? itemShape.problem(with: member)
                    if let problem {
                        context.problem(itemPath, problem)
                    } else if let decoded = item(member, itemPath, context) {
                        items.append(decoded)
                    }
                }
                value[keyPath: target] = items
                return nil
            },
            encode: nil,
            check: check
        )
    }

    /// Any other key: `decode` turns the (shape-checked) value into a `T`, or reports why it
    /// cannot and returns nil; `store` puts it in the value.
    static func custom<T>(_ key: String, shape: KeyShape, presence: Presence = .optional, defaultNote: String? = nil,
                          warn: [Plausibility] = [], replacement: String? = nil, _ meaning: String,
                          decode: @escaping (JSONValue, String, DecodingContext) -> T?, store: @escaping (inout Value, T) -> Void,
                          judge: ((T) -> Double?)? = nil, encode: ((Value) -> JSONValue?)? = nil,
                          check: ((JSONValue) -> String?)? = nil) -> KeyDeclaration {
        KeyDeclaration(
            info: info(key, shape, presence, meaning, defaultNote: defaultNote, warn: warn, replacement: replacement),
            decode: { json, path, value, context in
                guard let decoded = decode(json, path, context) else { return nil }
                store(&value, decoded)
                return judge?(decoded)
            },
            encode: encode,
            check: check
        )
    }
}

/// A rule over the items of an array (unique names; events in time order), given which items
/// decoded without problems.
struct ArrayRule<Element> {
    var note: String
    var check: (_ items: [Element], _ valid: [Bool], _ path: String, _ context: DecodingContext) -> Void
}
