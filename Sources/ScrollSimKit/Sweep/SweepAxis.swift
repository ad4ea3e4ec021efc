/// One varied key of a sweep and the values it takes, in order.
public struct SweepAxis: Equatable, Sendable {
    public var keyPath: JSONKeyPath
    public var values: [JSONValue]

    public init(keyPath: JSONKeyPath, values: [JSONValue]) {
        self.keyPath = keyPath
        self.values = values
    }

    /// The key path as written (`prefetch.distance`).
    public var key: String { keyPath.description }

    /// Parses a `--vary` argument, `key.path=v1,v2,…`. Each value is read as JSON when it is
    /// JSON (`3`, `0.5`, `true`, `null`, `"text"`, `{"fixed": 90}`, `[1, 2]`) and as a string
    /// otherwise (`chunked`). Commas inside brackets, braces or quotes do not split values.
    /// - Throws: `ScrollSimError` naming the argument.
    public static func parse(_ text: String) throws -> SweepAxis {
        guard let equals = text.firstIndex(of: "=") else {
            throw ScrollSimError("--vary \(text): expected key.path=v1,v2,… (a key path, '=', and comma-separated values)")
        }
        let keyText = String(text[..<equals])
        let keyPath: JSONKeyPath
        do {
            keyPath = try JSONKeyPath(keyText)
        } catch let error as ScrollSimError {
            throw ScrollSimError("--vary \(text): \(error.description)")
        }
        let items = splitTopLevel(String(text[text.index(after: equals)...]))
        guard !items.contains(where: { $0.isEmpty }) else {
            throw ScrollSimError("--vary \(text): an empty value (two commas, or a comma at an end)")
        }
        let values = items.map { item -> JSONValue in
            (try? JSONParser.parse(Array(item.utf8))) ?? .string(item)
        }
        let axis = SweepAxis(keyPath: keyPath, values: values)
        if let problem = axis.valuesProblem { throw ScrollSimError("--vary \(keyText): \(problem)") }
        return axis
    }

    /// What is wrong with the values, or nil: none, or one given twice (which would make two
    /// variants with one content hash). The caller names the argument or key path.
    var valuesProblem: String? {
        guard !values.isEmpty else { return "no values" }
        let writer = JSONWriter()
        var seen = Set<String>()
        for value in values {
            let text = writer.compact(value)
            if !seen.insert(text).inserted { return "the value \(text) is given twice" }
        }
        return nil
    }

    /// `a,b,[1,2],"x,y"` → `a`, `b`, `[1,2]`, `"x,y"` (surrounding spaces trimmed).
    static func splitTopLevel(_ text: String) -> [String] {
        var items: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        var escaped = false
        for c in text {
            if inString {
                current.append(c)
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
                continue
            }
            switch c {
            case "\"": inString = true; current.append(c)
            case "[", "{": depth += 1; current.append(c)
            case "]", "}": depth -= 1; current.append(c)
            case "," where depth == 0:
                items.append(current.trimmingSpaces)
                current = ""
            default: current.append(c)
            }
        }
        items.append(current.trimmingSpaces)
        return items
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
