import Foundation
import Testing
@testable import ScrollSimEngine
@testable import ScrollSimKit

/// The view-type keys of view resolution and effects (`children`, `shownFraction`,
/// `readsEnvironment`, `transition`) and the `environment`/`append` script events: good values
/// reach the engine's configuration, and each mistake is reported at its key path.
struct ScenarioKeysResolutionTests {
    /// A scenario of 10 cells whose type has the members `type` (a JSON fragment, possibly
    /// empty) besides name and height.
    static func scenario(type: String = "", stack: String = "{}", script: String = "[]") -> String {
        let extra = type.isEmpty ? "" : ", " + type
        return """
        {"schema": 1, "name": "t", "duration": 1, "stack": \(stack),
         "content": {"count": 10, "types": [{"name": "cell", "height": {"fixed": 100}\(extra)}]},
         "script": \(script)}
        """
    }

    static func decode(_ text: String) throws -> Scenario {
        try ScenarioLoader.decode(Data(text.utf8), file: "t.json")
    }

    /// The decoder's message for `text`, or "no error".
    static func message(_ text: String) -> String {
        do {
            _ = try decode(text)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    static func type(_ members: String) throws -> ViewTypeSpec {
        try #require(try decode(scenario(type: members)).config.content.types.first)
    }

    @Test func childrenTakesACountOrConditional() throws {
        #expect(try Self.type("").children == .count(1))
        #expect(try Self.type(#""children": 3"#).children == .count(3))
        #expect(try Self.type(#""children": "conditional""#).children == .conditional(shown: 0.5))
        #expect(try Self.type(#""children": "conditional", "shownFraction": 0.2"#).children == .conditional(shown: 0.2))
    }

    @Test func readsEnvironmentAndTransitionReachTheType() throws {
        #expect(try Self.type(#""readsEnvironment": ["writingStyle", "detailLevel"]"#).readsEnvironment == ["writingStyle", "detailLevel"])
        #expect(try Self.type("").readsEnvironment == [])
        #expect(try Self.type("").transition == nil)
        #expect(try Self.type(#""transition": "scale""#).transition == .scale)
        #expect(try Self.type(#""transition": {"offset": {"points": 80}}"#).transition == .offset(points: 80))
        #expect(try Self.type(#""transition": {"rotation": {"degrees": 25}}"#).transition == .rotation(degrees: 25))
    }

    @Test func environmentAndAppendEventsReachTheScript() throws {
        let s = try Self.decode(Self.scenario(script: #"[{"at": 0.5, "environment": {"key": "writingStyle"}}, {"at": 1, "append": {"count": 3}}]"#))
        #expect(s.config.script == [ScriptEvent(at: 0.5, action: .environment(key: "writingStyle")),
                                    ScriptEvent(at: 1, action: .append(count: 3))])
    }

    /// Each mistake, and the fragments its message must hold (the key path first).
    static let mistakes: [(String, String, [String])] = [
        ("children 0", scenario(type: #""children": 0"#), ["content.types[0].children: 0 is outside 1...64"]),
        ("children misspelt", scenario(type: #""children": "conditonal""#),
         ["content.types[0].children: \"conditonal\" is not one of \"conditional\"", "did you mean \"conditional\""]),
        ("shownFraction over 1", scenario(type: #""children": "conditional", "shownFraction": 1.5"#),
         ["content.types[0].shownFraction: 1.5 is outside 0...1"]),
        ("shownFraction without conditional", scenario(type: #""shownFraction": 0.5"#),
         ["content.types[0].shownFraction: applies only to a conditional body"]),
        ("environment key not a string", scenario(type: #""readsEnvironment": [3]"#),
         ["content.types[0].readsEnvironment[0]: expected a string, found a number"]),
        ("environment key with a space", scenario(type: #""readsEnvironment": ["writing style"]"#),
         ["content.types[0].readsEnvironment[0]: \"writing style\" is not an environment key"]),
        ("environment key twice", scenario(type: #""readsEnvironment": ["a", "a"]"#),
         ["content.types[0].readsEnvironment[1]: \"a\" is listed twice"]),
        ("unknown transition name", scenario(type: #""transition": "fade""#),
         ["content.types[0].transition: \"fade\" is not one of \"scale\""]),
        ("two transitions", scenario(type: #""transition": {"offset": {"points": 8}, "rotation": {"degrees": 4}}"#),
         ["content.types[0].transition: give one transition, not offset and rotation"]),
        ("offset without points", scenario(type: #""transition": {"offset": {}}"#),
         ["content.types[0].transition.offset.points: is required"]),
        ("rotation past a turn", scenario(type: #""transition": {"rotation": {"degrees": 400}}"#),
         ["content.types[0].transition.rotation.degrees: 400 is outside -360...360"]),
        ("conditional header", """
         {"schema": 1, "name": "t", "duration": 1,
          "content": {"count": 10, "types": [{"name": "cell", "height": {"fixed": 100}}],
                      "sections": {"every": 5, "header": {"height": {"fixed": 30}, "children": "conditional"}}}}
         """, ["content.sections.header.children: expected an integer, found a string"]),
        ("environment event without key", scenario(script: #"[{"at": 0, "environment": {}}]"#),
         ["script[0].environment.key: is required"]),
        ("append of nothing", scenario(script: #"[{"at": 0, "append": {"count": 0}}]"#),
         ["script[0].append.count: 0 is outside 1...1000000"]),
        ("misspelt event", scenario(script: #"[{"at": 0, "apend": {"count": 1}}]"#),
         ["script[0].apend: unknown event", "did you mean \"append\""]),
    ]

    @Test(arguments: 0..<mistakes.count)
    func eachMistakeNamesItsKeyPath(_ i: Int) {
        let (name, text, fragments) = Self.mistakes[i]
        let message = Self.message(text)
        for fragment in fragments {
            #expect(message.contains("t.json: " + fragment) || message.contains(fragment), "\(name): \"\(message)\" lacks \"\(fragment)\"")
        }
        #expect(message.contains("t.json"), "\(name): the message names the file")
    }

    /// Appended elements are rows too: 10 elements + 3 × 1,000,000 appended = 3,000,010 rows,
    /// over a limit of 1,000,000 rows.
    @Test func appendedElementsCountTowardTheRowLimit() {
        var events: [String] = []
        for i in 0..<3 { events.append(#"{"at": \#(i), "append": {"count": 1000000}}"#) }
        let text = Self.scenario(script: "[" + events.joined(separator: ", ") + "]")
        var limits = ScenarioLimits()
        limits.rows = 1_000_000
        let decoder = ScenarioDecoder(file: "t.json", limits: limits, readData: { _, _ in [] })
        var message = "no error"
        do {
            _ = try decoder.decode(bytes: Array(text.utf8))
        } catch {
            message = "\(error)"
        }
        #expect(message.contains("3,000,010 rows"), "\(message)")
        #expect(message.contains("content.count"), "\(message)")
    }
}
