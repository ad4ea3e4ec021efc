/// `silence`: key paths whose warnings are not printed.
///
/// A warning (a legal but implausible value, a former key) names its key path; listing that
/// path under `silence` keeps it quiet: `"silence": ["content.types[0].asyncContent.latencyMs"]`.
/// `[*]` stands for any index (`content.types[*].bodyMs`). A path where no warning can arise is
/// an error, so a typo cannot silently silence nothing.
extension ScenarioKeys {
    /// Every key path where a warning can arise, array indexes written `[]`
    /// (`content.types[].bodyMs`), from the declarations.
    package static let warnablePaths: Set<String> = {
        var paths = Set<String>()
        func walk(_ shape: ObjectShape, _ prefix: String, _ depth: Int) {
            guard depth < 8 else { return }
            for info in shape.keys {
                let path = prefix.isEmpty ? info.key : "\(prefix).\(info.key)"
                if !info.plausibility.isEmpty || info.replacement != nil { paths.insert(path) }
                visit(info.shape, path, depth)
            }
        }
        func visit(_ shape: KeyShape, _ path: String, _ depth: Int) {
            switch shape {
            case .object(let object): walk(object, path, depth + 1)
            case .array(let element, _): visit(element, path + "[]", depth)
            case .anyOf(let shapes): for s in shapes { visit(s, path, depth) }
            default: break
            }
        }
        walk(top.shape, "", 0)
        // Frame-work budgets the view types' costs rule out (BudgetFeasibility), found after
        // decoding rather than by a key's own plausibility.
        for metric in Budget.metrics where metric.path.hasPrefix("frameWorkMs.") { paths.insert("budgets." + metric.path) }
        return paths
    }()

    /// `content.types[3].bodyMs` and `content.types[*].bodyMs` → `content.types[].bodyMs`.
    static func pattern(of path: String) -> String {
        var out = ""
        var inIndex = false
        for c in path {
            if c == "[" {
                inIndex = true
                out.append("[")
            } else if c == "]" {
                inIndex = false
                out.append("]")
            } else if !inIndex {
                out.append(c)
            }
        }
        return out
    }

    /// Whether a `silence` entry covers a warning's key path.
    static func silences(_ entry: String, _ path: String) -> Bool {
        if entry == path { return true }
        guard entry.contains("[*]"), pattern(of: entry) == pattern(of: path) else { return false }
        // Same keys; each index of the entry is * or equal to the path's.
        let entryIndexes = indexes(entry)
        let pathIndexes = indexes(path)
        return entryIndexes.count == pathIndexes.count && zip(entryIndexes, pathIndexes).allSatisfy { $0 == "*" || $0 == $1 }
    }

    static func indexes(_ path: String) -> [Substring] {
        path.split(separator: "[").dropFirst().map { $0.prefix { $0 != "]" } }
    }

    static func decodeSilence(_ json: JSONValue, _ path: String, _ context: DecodingContext) -> [String]? {
        var entries: [String] = []
        var clean = true
        for (i, item) in (json.arrayValue ?? []).enumerated() {
            guard case .string(let entry) = item else {
                context.problem("\(path)[\(i)]", "expected a key path (a string), found \(item.kindDescription)")
                clean = false
                continue
            }
            let indexes = ScenarioKeys.indexes(entry)
            guard indexes.allSatisfy({ $0 == "*" || (!$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber)) }),
                  warnablePaths.contains(pattern(of: entry)) else {
                var message = "\"\(KeyShape.clipped(entry))\" names no key that can warn"
                let near = Spelling.closest(to: pattern(of: entry), in: Array(warnablePaths))
                if let near { message += " (did you mean \"\(near)\"?)" }
                context.problem("\(path)[\(i)]", message + "; warnings come from costs over 1 s, latencies under 1 ms, memory budgets over 1 TB, former budget names and frame-work budgets the view types' costs rule out")
                clean = false
                continue
            }
            entries.append(entry)
        }
        return clean ? entries : nil
    }
}
