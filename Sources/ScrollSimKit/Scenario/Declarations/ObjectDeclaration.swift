/// One object of a scenario file, declared once: its keys, how each is decoded into `Value`
/// (an engine configuration type, or a draft the decoder turns into one), and the rules
/// between them.
///
/// The declaration is the single source of truth for the object: `decode` reads a JSON object
/// with it (every problem reported with its key path; unknown keys are errors), `shape` feeds
/// the JSON Schema (`ScenarioSchema`) and the scenario reference's tables, and defaults come
/// from an instance of `Value` built with the engine's own defaults, so nothing is repeated.
struct ObjectDeclaration<Value> {
    let shape: ObjectShape
    let keys: [KeyDeclaration<Value>]
    let rules: [KeyRule<Value>]
    /// The keys declared, for telling unknown keys.
    let declared: Set<String>
    /// The message for an unknown key (default: "unknown key …; allowed here: …").
    var unknownKey: ((String) -> String)?

    /// - Parameters:
    ///   - name: the object's name in the JSON Schema's `$defs` (camelCase).
    ///   - summary: what the object is.
    ///   - defaults: a value with every optional key at its default (built with the engine's
    ///     initializers): the documented defaults are read from it.
    ///   - unknownNoun: what an unknown key is called in messages.
    init(_ name: String, _ summary: String, defaults: Value? = nil, unknownNoun: String = "key",
         notAnObject: String? = nil, unknownKey: ((String) -> String)? = nil,
         keys: [KeyDeclaration<Value>], rules: [KeyRule<Value>] = []) {
        var infos = keys.map(\.info)
        if let defaults {
            for (i, key) in keys.enumerated() where infos[i].presence != .required && infos[i].defaultValue == nil && infos[i].defaultNote == nil {
                infos[i].defaultValue = key.encode?(defaults)
            }
        }
        shape = ObjectShape(name: name, summary: summary, keys: infos, rules: rules.map(\.info), unknownNoun: unknownNoun, notAnObject: notAnObject)
        self.keys = keys
        self.rules = rules
        declared = Set(keys.map(\.info.key))
        self.unknownKey = unknownKey
    }

    /// An object that gives exactly one of its keys (`ExactlyOneOf`): an unknown key is called
    /// by the choice's noun unless `unknownNoun` says otherwise.
    init(_ name: String, _ summary: String, defaults: Value? = nil, oneOf choice: ExactlyOneOf, unknownNoun: String? = nil,
         notAnObject: String? = nil, unknownKey: ((String) -> String)? = nil, keys: [KeyDeclaration<Value>]) {
        self.init(name, summary, defaults: defaults, unknownNoun: unknownNoun ?? choice.noun ?? "key", notAnObject: notAnObject, unknownKey: unknownKey,
                  keys: keys, rules: [.exactlyOne(choice)])
    }

    /// Decodes the object `json` at `path` into `value`, reporting every problem to `context`.
    /// Keys with problems keep the value they had.
    func decode(_ json: JSONValue, at path: String, into value: inout Value, _ context: DecodingContext) {
        guard case .object(let members) = json else {
            context.problem(path, shape.notAnObject ?? "expected an object, found \(json.kindDescription)")
            return
        }
        var present = Set<String>()
        var clean = Set<String>()
        for (key, info) in zip(keys, shape.keys) {
            let keyPath = DecodingContext.join(path, info.key)
            guard let member = members[info.key], member != .null else {
                switch info.presence {
                case .optional:
                    break
                case .required:
                    context.problem(keyPath, "is required (\(info.shape.summary))")
                case .requiredUnless(let other):
                    if members[other] == nil || members[other] == .null {
                        context.problem(keyPath, "is required (\(info.shape.summary)) unless \"\(other)\" is given")
                    }
                }
                continue
            }
            present.insert(info.key)
            let ok = context.clean {
                if let problem = key.check.map({ $0(member) }) ?? info.shape.problem(with: member) {
                    context.problem(keyPath, problem)
                    return
                }
                guard let number = key.decode(member, keyPath, &value, context) else { return }
                for plausibility in info.plausibility {
                    if let warning = plausibility.warning(for: number) { context.warn(keyPath, warning) }
                }
            }
            if ok {
                clean.insert(info.key)
                if let replacement = info.replacement { context.warn(keyPath, replacement) }
            }
        }
        let unknown = members.count == present.count ? [] : members.keys.filter { !declared.contains($0) }.sorted()
        for key in unknown {
            context.problem(DecodingContext.join(path, KeyShape.clipped(key)), unknownKey?(key) ?? defaultUnknownMessage(key))
        }
        let input = KeyRule<Value>.Input(path: path, members: members, present: present, clean: clean, unknown: unknown)
        for rule in rules { rule.check(&value, input, context) }
    }

    func defaultUnknownMessage(_ key: String) -> String {
        let names = shape.keys.map(\.key)
        var message = "unknown \(shape.unknownNoun) \"\(KeyShape.clipped(key))\""
        if let near = Spelling.closest(to: key, in: names) { message += " (did you mean \"\(near)\"?)" }
        message += "; allowed here: \(names.sorted().joined(separator: ", "))"
        return message
    }

    /// The object's keys that have a value in `value`, as JSON (the documented defaults).
    func json(of value: Value) -> JSONValue {
        var object: [String: JSONValue] = [:]
        for key in keys {
            if let encoded = key.encode?(value) { object[key.info.key] = encoded }
        }
        return .object(object)
    }
}

/// One key of an object: what `ObjectShape.KeyInfo` says of it, and how its value is decoded.
struct KeyDeclaration<Value> {
    var info: ObjectShape.KeyInfo
    /// Decodes a present, non-null value that already fits `info.shape` into the value being
    /// built, reporting any further problem; returns the number to judge for plausibility, if any.
    var decode: (JSONValue, String, inout Value, DecodingContext) -> Double?
    /// The key's value in a `Value`, as JSON (nil when it has none, e.g. an absent optional).
    var encode: ((Value) -> JSONValue?)?
    /// Replaces the check against `info.shape` when a key's own words are clearer (nil: fine).
    var check: ((JSONValue) -> String?)? = nil
}

/// A rule between the keys of one object, checked once all of its keys are decoded.
struct KeyRule<Value> {
    var info: ObjectShape.RuleInfo
    var check: (inout Value, Input, DecodingContext) -> Void

    /// What a rule sees of the object.
    struct Input {
        var path: String
        var members: [String: JSONValue]
        /// Keys given (not null).
        var present: Set<String>
        /// Keys given and decoded without a problem.
        var clean: Set<String>
        /// Keys the object does not declare (each already reported).
        var unknown: [String]

        func keyPath(_ key: String) -> String { DecodingContext.join(path, key) }
    }

    /// At most one of two keys (`keepAlive.ms` and `keepAlive.frames`).
    static func atMostOne(_ first: String, _ second: String) -> KeyRule {
        KeyRule(info: .atMostOne([first, second])) { _, input, context in
            if input.present.contains(first) && input.present.contains(second) {
                context.problem(input.keyPath(second), "give either \"\(first)\" or \"\(second)\", not both")
            }
        }
    }

    /// Exactly one of the choice's keys (a height form; a script event's action). None given
    /// with an unknown key beside is left to the unknown key's message.
    static func exactlyOne(_ choice: ExactlyOneOf) -> KeyRule {
        KeyRule(info: .exactlyOne(choice.keys)) { _, input, context in
            let found = choice.keys.filter { input.present.contains($0) }
            if found.count == 1 || (found.isEmpty && !input.unknown.isEmpty) { return }
            context.problem(input.path, choice.message(found: found))
        }
    }

    /// A rule only the decoder checks; `note` documents it.
    static func check(_ note: String, _ body: @escaping (inout Value, Input, DecodingContext) -> Void) -> KeyRule {
        KeyRule(info: .note(note), check: body)
    }
}
