/// Reads one JSON object of a thresholds file (`Thresholds+File`), tracking its key path and which
/// keys were used. (Scenario files are read by `ObjectDeclaration`, from `ScenarioKeys`.)
///
/// Every accessor names the full key path in its error (`content.types[0].height: expected a
/// number, found a string`). `finish()` rejects keys nobody asked for — unknown keys are errors,
/// with the closest known key suggested — so a typo never silently changes a run.
struct KeyedReader {
    let file: String
    let path: String
    let object: [String: JSONValue]
    private(set) var known: [String] = []

    init(file: String, path: String, value: JSONValue) throws {
        guard case .object(let object) = value else {
            throw ScrollSimError(file: file, location: KeyedReader.location(path), message: "expected an object, found \(value.kindDescription)")
        }
        self.file = file
        self.path = path
        self.object = object
    }

    func keyPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func error(_ key: String, _ message: String) -> ScrollSimError {
        ScrollSimError(file: file, location: .keyPath(keyPath(key)), message: message)
    }

    func error(_ message: String) -> ScrollSimError {
        ScrollSimError(file: file, location: KeyedReader.location(path), message: message)
    }

    /// A key path, or the whole file for the top level (a thresholds file's messages name no
    /// "(top level)").
    static func location(_ path: String) -> ScrollSimError.Problem.Location {
        path.isEmpty ? .whole : .keyPath(path)
    }

    mutating func has(_ key: String) -> Bool {
        known.append(key)
        return object[key] != nil && object[key] != .null
    }

    mutating func value(_ key: String) -> JSONValue? {
        known.append(key)
        guard let value = object[key], value != .null else { return nil }
        return value
    }

    mutating func required(_ key: String) throws -> JSONValue {
        guard let value = value(key) else { throw error(key, "is required") }
        return value
    }

    mutating func number(_ key: String, default fallback: Double? = nil, range: ClosedRange<Double>? = nil) throws -> Double {
        guard let value = value(key) else {
            if let fallback { return fallback }
            throw error(key, "is required (a number)")
        }
        guard case .number(let number) = value else {
            throw error(key, "expected a number, found \(value.kindDescription)")
        }
        if let range, !range.contains(number) {
            throw error(key, "\(MessageText.number(number)) is outside \(MessageText.range(range))")
        }
        return number
    }

    mutating func optionalNumber(_ key: String, range: ClosedRange<Double>? = nil) throws -> Double? {
        guard has(key) else { return nil }
        return try number(key, range: range)
    }

    mutating func integer(_ key: String, default fallback: Int? = nil, range: ClosedRange<Int>? = nil) throws -> Int {
        guard let value = value(key) else {
            if let fallback { return fallback }
            throw error(key, "is required (an integer)")
        }
        guard case .number(let number) = value, number.rounded() == number else {
            throw error(key, "expected an integer, found \(value.numberValue.map(MessageText.number) ?? value.kindDescription)")
        }
        // Compared as doubles: an integer past what an Int holds is out of range, never a trap.
        let bounds = range ?? Int.min...Int.max
        guard number >= Double(bounds.lowerBound), number < Double(bounds.upperBound) + 1, abs(number) < 9e18 else {
            throw error(key, "\(MessageText.number(number)) is outside \(bounds.lowerBound)...\(bounds.upperBound)")
        }
        return Int(number)
    }

    mutating func optionalInteger(_ key: String, range: ClosedRange<Int>? = nil) throws -> Int? {
        guard has(key) else { return nil }
        return try integer(key, range: range)
    }

    mutating func bool(_ key: String, default fallback: Bool) throws -> Bool {
        guard let value = value(key) else { return fallback }
        guard case .bool(let bool) = value else {
            throw error(key, "expected true or false, found \(value.kindDescription)")
        }
        return bool
    }

    mutating func string(_ key: String, default fallback: String? = nil) throws -> String {
        guard let value = value(key) else {
            if let fallback { return fallback }
            throw error(key, "is required (a string)")
        }
        guard case .string(let string) = value else {
            throw error(key, "expected a string, found \(value.kindDescription)")
        }
        return string
    }

    mutating func optionalString(_ key: String) throws -> String? {
        guard has(key) else { return nil }
        return try string(key)
    }

    /// A string that must be one of `choices`.
    mutating func choice<T>(_ key: String, _ choices: [(String, T)], default fallback: T? = nil) throws -> T {
        guard has(key) else {
            if let fallback { return fallback }
            throw error(key, "is required (one of \(choices.map { "\"\($0.0)\"" }.joined(separator: ", ")))")
        }
        let text = try string(key)
        guard let match = choices.first(where: { $0.0 == text }) else {
            var message = "\"\(text)\" is not one of \(choices.map { "\"\($0.0)\"" }.joined(separator: ", "))"
            if let near = Spelling.closest(to: text, in: choices.map(\.0)) { message += " (did you mean \"\(near)\"?)" }
            throw error(key, message)
        }
        return match.1
    }

    /// A string that must be the raw value of one of `T`'s cases (the engine's enums are
    /// spelled as scenario files spell them), in the order the cases are declared.
    mutating func choice<T: CaseIterable & RawRepresentable>(_ key: String, default fallback: T? = nil) throws -> T where T.RawValue == String {
        try choice(key, T.allCases.map { ($0.rawValue, $0) }, default: fallback)
    }

    mutating func object(_ key: String) throws -> KeyedReader? {
        guard let value = value(key) else { return nil }
        return try KeyedReader(file: file, path: keyPath(key), value: value)
    }

    mutating func array(_ key: String) throws -> [JSONValue]? {
        guard let value = value(key) else { return nil }
        guard case .array(let array) = value else {
            throw error(key, "expected an array, found \(value.kindDescription)")
        }
        return array
    }

    /// Rejects keys that were never asked for.
    func finish() throws {
        let unknown = object.keys.filter { !known.contains($0) }.sorted()
        guard let first = unknown.first else { return }
        var message = "unknown key \"\(first)\""
        if let near = Spelling.closest(to: first, in: known) { message += " (did you mean \"\(near)\"?)" }
        let allowed = Array(Set(known)).sorted()
        message += "; allowed here: \(allowed.joined(separator: ", "))"
        throw ScrollSimError(file: file, location: .keyPath(keyPath(first)), message: message)
    }
}
