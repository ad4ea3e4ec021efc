import Foundation
import Testing
@testable import ScrollSimEngine
@testable import ScrollSimKit

/// The stack's scroll-position keys (`scrollPosition`, `defaultScrollAnchor`): good values reach
/// the engine's configuration, and each mistake is reported at its key path.
struct ScenarioKeysScrollingTests {
    static func scenario(stack: String) -> String {
        ScenarioKeysResolutionTests.scenario(stack: stack)
    }

    static func position(_ stack: String) throws -> ScrollPositionConfig {
        try ScenarioKeysResolutionTests.decode(scenario(stack: stack)).config.stack.scrollPosition
    }

    @Test func theDefaultsAreTheEngines() throws {
        #expect(try Self.position("{}") == ScrollPositionConfig())
    }

    @Test func scrollPositionTakesAnAnchorAndAnObserver() throws {
        #expect(try Self.position(#"{"scrollPosition": {"anchor": "bottom"}}"#).anchor == .bottom)
        #expect(try Self.position(#"{"scrollPosition": {"observer": {"geometry": {"boundary": 3000}}}}"#).observer == .geometry(boundary: 3000))
        #expect(try Self.position(#"{"scrollPosition": {"observer": {"visibility": {"element": 8}}}}"#).observer == .visibility(element: 8))
    }

    @Test func defaultScrollAnchorTakesOneAnchorOrOnePerRole() throws {
        #expect(try Self.position(#"{"defaultScrollAnchor": "bottom"}"#).defaultAnchor
                == ScrollPositionConfig.DefaultAnchor(initialOffset: .bottom, alignment: .bottom, sizeChanges: .bottom))
        #expect(try Self.position(#"{"defaultScrollAnchor": {"alignment": "center"}}"#).defaultAnchor
                == ScrollPositionConfig.DefaultAnchor(initialOffset: nil, alignment: .center, sizeChanges: nil))
        let both = try Self.position(#"{"defaultScrollAnchor": {"initialOffset": "bottom", "sizeChanges": "bottom"}, "scrollPosition": {"anchor": "center"}}"#)
        #expect(both.defaultAnchor == ScrollPositionConfig.DefaultAnchor(initialOffset: .bottom, alignment: nil, sizeChanges: .bottom))
        #expect(both.anchor == .center)
    }

    static let mistakes: [(String, String, [String])] = [
        ("misspelt anchor", scenario(stack: #"{"scrollPosition": {"anchor": "botom"}}"#),
         ["stack.scrollPosition.anchor: \"botom\" is not one of \"top\", \"center\", \"bottom\"", "did you mean \"bottom\""]),
        ("unknown scrollPosition key", scenario(stack: #"{"scrollPosition": {"anchors": "top"}}"#),
         ["stack.scrollPosition.anchors: unknown key", "did you mean \"anchor\""]),
        ("two observers", scenario(stack: #"{"scrollPosition": {"observer": {"geometry": {"boundary": 1}, "visibility": {"element": 1}}}}"#),
         ["stack.scrollPosition.observer: give one observer, not geometry and visibility"]),
        ("empty observer", scenario(stack: #"{"scrollPosition": {"observer": {}}}"#),
         ["stack.scrollPosition.observer: expected an object with exactly one of geometry, visibility"]),
        ("negative boundary", scenario(stack: #"{"scrollPosition": {"observer": {"geometry": {"boundary": -5}}}}"#),
         ["stack.scrollPosition.observer.geometry.boundary: -5 is outside 0...1000000000"]),
        ("observed element past the content", scenario(stack: #"{"scrollPosition": {"observer": {"visibility": {"element": 10}}}}"#),
         ["stack.scrollPosition.observer.visibility.element: 10 is outside the content's 0..<10"]),
        ("misspelt default anchor", scenario(stack: #"{"defaultScrollAnchor": "buttom"}"#),
         ["stack.defaultScrollAnchor: \"buttom\" is not one of", "did you mean \"bottom\""]),
        ("unknown role", scenario(stack: #"{"defaultScrollAnchor": {"initialOfset": "bottom"}}"#),
         ["stack.defaultScrollAnchor.initialOfset: unknown key", "did you mean \"initialOffset\""]),
        ("bad role anchor", scenario(stack: #"{"defaultScrollAnchor": {"sizeChanges": "end"}}"#),
         ["stack.defaultScrollAnchor.sizeChanges: \"end\" is not one of \"top\", \"center\", \"bottom\""]),
        ("default anchor a number", scenario(stack: #"{"defaultScrollAnchor": 1}"#),
         ["stack.defaultScrollAnchor: expected one of \"top\", \"center\", \"bottom\" or an object, found a number"]),
    ]

    @Test(arguments: 0..<mistakes.count)
    func eachMistakeNamesItsKeyPath(_ i: Int) {
        let (name, text, fragments) = Self.mistakes[i]
        let message = ScenarioKeysResolutionTests.message(text)
        for fragment in fragments {
            #expect(message.contains(fragment), "\(name): \"\(message)\" lacks \"\(fragment)\"")
        }
        #expect(message.contains("t.json: stack."), "\(name): the message names the file and the key path")
    }
}
