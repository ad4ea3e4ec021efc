import ScrollSimKit
/// Where a scenario's view types are in its JSON: `content.types[i]`, the nested rows' item
/// types `content.types[i].row.types[j]`, and the section header `content.sections.header`
/// (named "header" unless it says).
public struct ScenarioViewTypes: Equatable, Sendable {
    public struct Located: Equatable, Sendable {
        public var name: String
        public var path: [JSONSpan.Component]
        public var object: [String: JSONValue]
    }

    public var all: [Located] = []

    public init(root: JSONValue) {
        let content: [JSONSpan.Component] = [.key("content")]
        for (i, type) in (root["content"]?["types"]?.arrayValue ?? []).enumerated() {
            let path = content + [.key("types"), .index(i)]
            add(type, at: path, defaultName: nil)
            for (j, item) in (type["row"]?["types"]?.arrayValue ?? []).enumerated() {
                add(item, at: path + [.key("row"), .key("types"), .index(j)], defaultName: nil)
            }
        }
        if let header = root["content"]?["sections"]?["header"] {
            add(header, at: content + [.key("sections"), .key("header")], defaultName: "header")
        }
    }

    mutating func add(_ value: JSONValue, at path: [JSONSpan.Component], defaultName: String?) {
        guard let object = value.objectValue, let name = object["name"]?.stringValue ?? defaultName else { return }
        all.append(Located(name: name, path: path, object: object))
    }

    /// The distinct names, in the file's order.
    public var names: [String] {
        var seen = Set<String>()
        return all.map(\.name).filter { seen.insert($0).inserted }
    }
}
