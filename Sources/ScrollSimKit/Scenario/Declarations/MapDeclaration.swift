/// An object whose member names the user chooses — metric names and scenario names in a
/// thresholds file, `"type.costKey"` sample counts in a scenario's calibration — declared once:
/// which names it takes, what shape each value has, and how one entry is decoded.
///
/// Its `shape` is `KeyShape.map`, so the JSON Schema states it (`propertyNames`,
/// `additionalProperties`) and the reference describes it; `decode` reads it entry by entry,
/// reporting every problem with the entry's key path (`metrics.frameWorkMs.p99`), as
/// `ObjectDeclaration` does for declared keys. A map can hold maps: an entry's decoder may call
/// another `MapDeclaration` (a thresholds file's `scenarios` holds one `metrics`-like map per
/// scenario).
struct MapDeclaration<Entry> {
    /// Which member names are accepted (their rule is checked before the value).
    let names: KeyShape.StringRule
    /// What each value must look like (checked before `entry` runs, unless `check` is given).
    let value: KeyShape
    let count: ClosedRange<Int>
    /// The order entries are decoded and problems reported in (default: sorted by name), so
    /// what a dictionary's order would leave to chance is fixed.
    let order: ([String]) -> [String]
    /// Replaces the check against `value` when the entries' own words are clearer.
    let check: ((JSONValue) -> String?)?
    /// Decodes one entry (`name`, its value, its key path), reporting any problem to the
    /// context; nil when it has one.
    let entry: (_ name: String, _ value: JSONValue, _ path: String, DecodingContext) -> Entry?

    init(names: KeyShape.StringRule = MapDeclaration.anyName, value: KeyShape, count: ClosedRange<Int> = 0...100_000,
         order: @escaping ([String]) -> [String] = { $0.sorted() }, check: ((JSONValue) -> String?)? = nil,
         entry: @escaping (_ name: String, _ value: JSONValue, _ path: String, DecodingContext) -> Entry?) {
        self.names = names
        self.value = value
        self.count = count
        self.order = order
        self.check = check
        self.entry = entry
    }

    var shape: KeyShape { .map(key: names, value: value, count: count) }

    /// Any name of at most 200 characters (the entry's decoder judges it further).
    static var anyName: KeyShape.StringRule {
        KeyShape.StringRule(pattern: nil, lengths: 0...200, words: "is longer than 200 characters",
                            accepts: { $0.unicodeScalars.count <= 200 })
    }

    /// What is wrong with one entry's value before it is decoded, or nil.
    func problem(with member: JSONValue) -> String? {
        if let check { return check(member) }
        return value.problem(with: member)
    }

    /// The entries of the object `json` (already checked to be an object of at most
    /// `count.upperBound` members) that decoded without a problem, in `order`.
    func decode(_ json: JSONValue, at path: String, _ context: DecodingContext) -> [(name: String, value: Entry)] {
        guard case .object(let members) = json else {
            context.problem(path, "expected an object, found \(json.kindDescription)")
            return []
        }
        var entries: [(name: String, value: Entry)] = []
        for name in order(Array(members.keys)) {
            guard let member = members[name] else { continue }
            let keyPath = DecodingContext.join(path, KeyShape.clipped(name))
            if let problem = KeyShape.string(names).problem(with: .string(name)) ?? problem(with: member) {
                context.problem(keyPath, problem)
            } else if let decoded = entry(name, member, keyPath, context) {
                entries.append((name, decoded))
            }
        }
        return entries
    }
}

extension KeyDeclaration {
    /// A map with user-chosen names (`MapDeclaration`): its entries, decoded, go to `store`
    /// (only the entries without problems; a file with problems is refused anyway).
    static func map<Entry>(_ key: String, _ declaration: MapDeclaration<Entry>, presence: Presence = .optional,
                           defaultNote: String? = "none", _ meaning: String,
                           store: @escaping (inout Value, [(name: String, value: Entry)]) -> Void) -> KeyDeclaration {
        KeyDeclaration(
            info: info(key, declaration.shape, presence, meaning, defaultNote: defaultNote),
            decode: { json, path, value, context in
                store(&value, declaration.decode(json, at: path, context))
                return nil
            },
            encode: nil
        )
    }
}
