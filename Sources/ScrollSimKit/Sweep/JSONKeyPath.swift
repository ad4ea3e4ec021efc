/// A place in a JSON document written as scenario messages write it: keys joined by dots,
/// array positions in brackets (`content.types[0].height.fixed`), and, as `compare`, `ab` and
/// `history` print what changed in a scenario, an element of an array of named objects by its
/// `name` (`content.types[reel].bodyMs`) and a key that is not a plain word in quotes
/// (`budgets["frameWorkMs.p99"]`).
public struct JSONKeyPath: Equatable, Hashable, Sendable, CustomStringConvertible {
    public enum Step: Equatable, Hashable, Sendable {
        case key(String)
        case index(Int)
        /// `[reel]` or `["a name"]`: in an array, the object whose `name` is this; in an object,
        /// this key.
        case named(String)
    }

    public var steps: [Step]
    /// The text it was parsed from.
    public var description: String

    /// Parses `a.b[2].c` and `a.b[name].c`. A key is any text without `.`, `[`, `]` or `=`; in
    /// brackets, a whole number from 0 is a position, anything else a name (quoted when it holds
    /// `.`, `[`, `]` or a space: `["a b"]`).
    public init(_ text: String) throws {
        description = text
        steps = []
        var key = ""
        var chars = Array(text)[...]
        func flushKey(required: Bool) throws {
            if key.isEmpty {
                if required { throw ScrollSimError("key path \"\(text)\": an empty key (two dots, or a dot at an end)") }
                return
            }
            steps.append(.key(key))
            key = ""
        }
        var afterIndex = false
        while let c = chars.popFirst() {
            switch c {
            case ".":
                try flushKey(required: !afterIndex)
                afterIndex = false
            case "[":
                try flushKey(required: steps.isEmpty)
                if chars.first == "\"" {
                    // A quoted name: up to the next quote, which a "]" must follow.
                    chars = chars.dropFirst()
                    guard let quote = chars.firstIndex(of: "\""), chars.index(after: quote) < chars.endIndex, chars[chars.index(after: quote)] == "]" else {
                        throw ScrollSimError("key path \"\(text)\": a quoted name after \"[\" must end with \"]")
                    }
                    steps.append(.named(String(chars[chars.startIndex..<quote])))
                    chars = chars[chars.index(quote, offsetBy: 2)...]
                } else {
                    guard let close = chars.firstIndex(of: "]"), close > chars.startIndex else {
                        throw ScrollSimError("key path \"\(text)\": expected [N] (a position from 0) or [NAME] (an element's name) after \"[\"")
                    }
                    let inside = String(chars[chars.startIndex..<close])
                    if let n = Int(inside) {
                        guard n >= 0 else { throw ScrollSimError("key path \"\(text)\": [\(n)]: a position counts from 0") }
                        steps.append(.index(n))
                    } else {
                        guard !inside.contains("["), !inside.contains("=") else {
                            throw ScrollSimError("key path \"\(text)\": expected [N] (a position from 0) or [NAME] (an element's name) after \"[\"")
                        }
                        steps.append(.named(inside))
                    }
                    chars = chars[(close + 1)...]
                }
                afterIndex = true
                if let next = chars.first, next != ".", next != "[" {
                    throw ScrollSimError("key path \"\(text)\": expected \".\" or \"[\" after \"]\"")
                }
            case "]", "=":
                throw ScrollSimError("key path \"\(text)\": unexpected \"\(c)\"")
            default:
                key.append(c)
                afterIndex = false
            }
        }
        if !afterIndex { try flushKey(required: true) }
    }

    /// `root` with the value at this path replaced by `value`. A missing key is added, with
    /// empty objects made on the way (the decoder then judges the result like any file); a
    /// position past an array's end or a step into a number or string is an error naming the
    /// path.
    public func setting(_ value: JSONValue, in root: JSONValue) throws -> JSONValue {
        try set(value, in: root, at: steps[...], walked: "")
    }

    private func set(_ value: JSONValue, in node: JSONValue, at steps: ArraySlice<Step>, walked: String) throws -> JSONValue {
        guard let step = steps.first else { return value }
        let rest = steps.dropFirst()
        switch (step, node) {
        case (.key(let key), .object(var object)):
            let here = walked.isEmpty ? key : walked + "." + key
            // A missing key is added, and a missing object on the way made (a scenario may
            // leave out a whole section for its defaults); the decoder judges the result.
            let child = object[key] ?? .object([:])
            object[key] = try set(value, in: child, at: rest, walked: here)
            return .object(object)
        case (.index(let i), .array(var array)):
            let here = walked + "[\(i)]"
            guard i < array.count else {
                throw ScrollSimError("key path \"\(description)\": \(walked.isEmpty ? "the top level" : walked) has \(array.count) item\(array.count == 1 ? "" : "s"), so there is no \(here)")
            }
            array[i] = try set(value, in: array[i], at: rest, walked: here)
            return .array(array)
        case (.named(let name), .object(var object)):
            // ["key"] on an object: that key, as the diff writes a key that is not a plain word.
            let here = walked + "[\(name)]"
            object[name] = try set(value, in: object[name] ?? .object([:]), at: rest, walked: here)
            return .object(object)
        case (.named(let name), .array(var array)):
            let here = walked + "[\(name)]"
            let matches = array.indices.filter { array[$0]["name"]?.stringValue == name }
            guard matches.count == 1, let i = matches.first else {
                let names = array.compactMap { $0["name"]?.stringValue }
                let known = names.isEmpty ? "its elements have no name" : "its names are " + names.map { "\"\($0)\"" }.joined(separator: ", ")
                throw ScrollSimError("key path \"\(description)\": \(walked.isEmpty ? "the top level" : walked) has \(matches.isEmpty ? "no element" : "\(matches.count) elements") named \"\(name)\" (\(known))")
            }
            array[i] = try set(value, in: array[i], at: rest, walked: here)
            return .array(array)
        case (.named(let name), _):
            throw ScrollSimError("key path \"\(description)\": \(walked.isEmpty ? "the top level" : walked) is \(node.kindDescription), not an array or object, so it has no [\(name)]")
        case (.key(let key), _):
            throw ScrollSimError("key path \"\(description)\": \(walked.isEmpty ? "the top level" : walked) is \(node.kindDescription), not an object, so it has no key \"\(key)\"")
        case (.index(let i), _):
            throw ScrollSimError("key path \"\(description)\": \(walked.isEmpty ? "the top level" : walked) is \(node.kindDescription), not an array, so it has no [\(i)]")
        }
    }
}
