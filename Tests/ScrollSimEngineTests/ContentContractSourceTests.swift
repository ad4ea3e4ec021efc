import Foundation
import Testing

/// The content contract as the engine's source keeps it (ContentContract.md): no code casts
/// content back to a concrete type, and no conformance fills a requirement with an empty stub —
/// content without a capability does not adopt its protocol. A grep over
/// Sources/ScrollSimEngine, so that it holds for code written later.
@Suite struct ContentContractSourceTests {
    static let engine = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/ScrollSimEngine")

    /// Every Swift file under `root`, by path relative to it, sorted.
    static func sources(under root: URL) throws -> [(path: String, text: String)] {
        let paths = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }.sorted()
        return try paths.map { ($0, try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// The content protocols: `ScrollContent` and every protocol refining it.
    static func contentProtocols(in files: [(path: String, text: String)]) throws -> Set<String> {
        var protocols: Set<String> = ["ScrollContent"]
        let refining = try Regex(#"protocol\s+(\w+)\s*:\s*[^{]*\bScrollContent\b"#)
        for file in files {
            for match in file.text.matches(of: refining) {
                if let name = match.output[1].substring { protocols.insert(String(name)) }
            }
        }
        return protocols
    }

    /// Everything wrong in the sources under `root`: each cast of content to a concrete type, and
    /// each empty member body in a file that declares a content conformance, as "path:line: why".
    static func violations(under root: URL) throws -> [String] {
        let files = try sources(under: root)
        let protocols = try contentProtocols(in: files).sorted().joined(separator: "|")
        // `struct MasonryColumns<Column: MasonryColumn>: ScrollContent, ...` or
        // `extension LazyStack: TapTarget {`.
        let conformance = try Regex(#"(?:struct|class|enum|extension)\s+(\w+)(?:<[^>{]*>)?\s*:[^{]*\b(?:"# + protocols + #")\b"#)
        var concrete: Set<String> = []
        for file in files {
            for match in file.text.matches(of: conformance) {
                if let name = match.output[1].substring { concrete.insert(String(name)) }
            }
        }
        let names = concrete.sorted().joined(separator: "|")
        // `content as? LazyStack`, `x as! MasonryColumns`, `is LazyStack`, or any cast of a
        // value named content.
        let cast = try Regex(#"\b(?:as[?!]?|is)\s+(?:"# + names + #")\b|\bcontent\s+(?:as[?!]?|is)\s"#)
        // A member whose body is `{}`, `{ }`, `{ return }`, `{ 0 }` or `{ return 0 }`.
        let stub = try Regex(#"\b(?:func|var|init)\b[^{}]*\{\s*(?:return\s*)?(?:0(?:\.0)?)?\s*\}\s*$"#)
        var found: [String] = []
        for file in files {
            let declaresConformance = file.text.contains(conformance)
            for (number, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                if code.contains(cast) { found.append("\(file.path):\(number + 1): cast of content to a concrete type: \(code)") }
                if declaresConformance, code.contains(stub) {
                    found.append("\(file.path):\(number + 1): empty stub in a content conformance: \(code)")
                }
            }
        }
        return found
    }

    /// Masonry's columns are reached through `MasonryColumn` alone: the layout is generic over its
    /// column, so the compiler refuses any member of a stack the protocol does not list, and no
    /// code of the layout's files names the stack type (comments may).
    @Test func masonryReachesItsColumnsOnlyThroughTheColumnProtocol() throws {
        let files = try Self.sources(under: Self.engine).filter { $0.path.hasPrefix("Masonry/MasonryColumns") }
        #expect(files.count >= 2)
        #expect(files.contains { $0.text.contains("struct MasonryColumns<Column: MasonryColumn>") })
        var named: [String] = []
        for file in files {
            for (number, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                if code.contains("LazyStack") { named.append("\(file.path):\(number + 1): \(line)") }
            }
        }
        #expect(named.isEmpty, "masonry names its column type; use MasonryColumn:\n\(named.joined(separator: "\n"))")
    }

    @Test func noCastsToConcreteContentAndNoStubConformances() throws {
        let found = try Self.violations(under: Self.engine)
        #expect(found.isEmpty, "\(found.count) found:\n\(found.joined(separator: "\n"))")
    }

    /// The grep finds what it is for: a conformance file with each kind of stub and a cast,
    /// written here (6 violations by hand: four stubs, two casts; the protocol declaration and
    /// the non-empty members are not flagged).
    @Test func theGrepFindsStubsAndCasts() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("content-contract-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let source = """
            protocol TapTarget: ScrollContent {
                mutating func tap(element: Int)
            }
            struct Grid: ScrollContent, TapTarget {
                var extent: Double { rows * 10 }
                mutating func tap(element: Int) {}
                mutating func anchor() { }
                func finish() { return }
                var prefetchedCount: Int { 0 }
            }
            func peek(_ content: any ScrollContent) -> Bool { content is Grid }
            let grid = thing as? Grid
            """
        try source.write(to: root.appendingPathComponent("Grid.swift"), atomically: true, encoding: .utf8)
        let found = try Self.violations(under: root)
        #expect(found.count == 6, "\(found)")
        #expect(found.filter { $0.contains("empty stub") }.map { $0.prefix(while: { $0 != " " }) } == ["Grid.swift:6:", "Grid.swift:7:", "Grid.swift:8:", "Grid.swift:9:"])
        #expect(found.filter { $0.contains("cast") }.count == 2)
    }
}
