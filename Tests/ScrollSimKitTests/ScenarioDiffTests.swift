import Testing
@testable import ScrollSimKit

/// `ScenarioDiff` on hand-made pairs of scenario sources. Each expected list is written out by
/// reading the two JSON texts side by side: the key paths that differ, in the walk order the
/// type documents (object keys in code-point order, named elements by name, others by index).
@Suite struct ScenarioDiffTests {
    static func source(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

    static func lines(_ old: String, _ new: String) throws -> [String] {
        ScenarioDiff.changes(from: try source(old), to: try source(new)).map(\.description)
    }

    static let feed = """
    {"name": "feed", "duration": 8,
     "content": {"count": 100, "types": [{"name": "photo", "bodyMs": 0.15, "height": 300},
                                          {"name": "text", "bodyMs": 0.05, "height": 80}]},
     "script": [{"at": 0.5, "fling": {"velocity": 6000}}, {"at": 3, "drag": {"distance": 400}}]}
    """

    @Test func equalSourcesHaveNoChanges() throws {
        #expect(try Self.lines(Self.feed, Self.feed).isEmpty)
    }

    @Test func aNestedValueIsNamedByTypeName() throws {
        let slower = Self.feed.replacingOccurrences(of: "\"bodyMs\": 0.15", with: "\"bodyMs\": 2.5")
        #expect(try Self.lines(Self.feed, slower) == ["content.types[photo].bodyMs 0.15 → 2.5"])
        let change = try #require(ScenarioDiff.changes(from: try Self.source(Self.feed), to: try Self.source(slower)).first)
        #expect(change.path == "content.types[photo].bodyMs")
        #expect(change.old == "0.15" && change.new == "2.5" && change.kind == "changed")
    }

    @Test func anAddedTypeIsOneChangeFromAbsent() throws {
        let more = Self.feed.replacingOccurrences(of: "{\"name\": \"text\"", with: "{\"name\": \"video\", \"bodyMs\": 1}, {\"name\": \"text\"")
        let changes = ScenarioDiff.changes(from: try Self.source(Self.feed), to: try Self.source(more))
        #expect(changes.map(\.description) == [#"content.types[video] absent → {"bodyMs":1,"name":"video"}"#])
        #expect(changes[0].old == nil && changes[0].kind == "added")
    }

    @Test func aRenamedTypeIsRemovedUnderItsOldNameAndAddedUnderItsNew() throws {
        let renamed = Self.feed.replacingOccurrences(of: "\"name\": \"text\"", with: "\"name\": \"caption\"")
        #expect(try Self.lines(Self.feed, renamed) == [
            #"content.types[caption] absent → {"bodyMs":0.05,"height":80,"name":"caption"}"#,
            #"content.types[text] {"bodyMs":0.05,"height":80,"name":"text"} → absent"#,
        ])
    }

    @Test func arraysWithoutNamesAreMatchedByIndexAndALongerOneAddsElements() throws {
        let longer = Self.feed.replacingOccurrences(of: "{\"at\": 3, \"drag\": {\"distance\": 400}}]",
                                                    with: "{\"at\": 3, \"drag\": {\"distance\": 500}}, {\"at\": 6, \"scrollTo\": {\"index\": 0}}]")
        #expect(try Self.lines(Self.feed, longer) == [
            "script[1].drag.distance 400 → 500",
            #"script[2] absent → {"at":6,"scrollTo":{"index":0}}"#,
        ])
        #expect(try Self.lines(longer, Self.feed).last == #"script[2] {"at":6,"scrollTo":{"index":0}} → absent"#)
    }

    @Test func aValueOfAnotherKindIsOneChangeWithStringsQuoted() throws {
        let aspect = Self.feed.replacingOccurrences(of: "\"height\": 300", with: "\"height\": {\"aspect\": 1}")
        #expect(try Self.lines(Self.feed, aspect) == [#"content.types[photo].height 300 → {"aspect":1}"#])
        let text = Self.feed.replacingOccurrences(of: "\"duration\": 8", with: "\"duration\": \"8\"")
        #expect(try Self.lines(Self.feed, text) == [#"duration 8 → "8""#])
    }

    @Test func aChangedDataFileShowsItsHash() throws {
        // ScenarioSource records content.data as the file's name and hash.
        let old = #"{"name": "grid", "content": {"data": {"file": "data/photos.csv", "contentHash": "28445bc510790eca"}}}"#
        let new = old.replacingOccurrences(of: "28445bc510790eca", with: "0123456789abcdef")
        #expect(try Self.lines(old, new) == ["content.data.contentHash 28445bc510790eca → 0123456789abcdef"])
    }

    @Test func keysThatAreNotWordsAreQuotedAndChangesComeInWalkOrder() throws {
        let old = #"{"budgets": {"frameWorkMs.p99": 8.33, "droppedFrames": 0}, "seed": 1, "description": "a"}"#
        let new = #"{"budgets": {"frameWorkMs.p99": 6, "droppedFrames": 1}, "seed": 2, "description": ""}"#
        // budgets before description before seed; inside budgets, droppedFrames before frameWorkMs.p99.
        #expect(try Self.lines(old, new) == [
            "budgets.droppedFrames 0 → 1",
            #"budgets["frameWorkMs.p99"] 8.33 → 6"#,
            #"description a → """#,
            "seed 1 → 2",
        ])
    }

    @Test func repeatedNamesFallBackToIndexes() throws {
        let old = #"{"types": [{"name": "a", "x": 1}, {"name": "a", "x": 2}]}"#
        let new = #"{"types": [{"name": "a", "x": 1}, {"name": "a", "x": 3}]}"#
        #expect(try Self.lines(old, new) == ["types[1].x 2 → 3"])
    }

    @Test func longValuesAreCut() throws {
        let long = String(repeating: "x", count: 300)
        let changes = ScenarioDiff.changes(from: try Self.source(#"{"a": 1}"#), to: try Self.source("{\"a\": 1, \"b\": \"\(long)\"}"))
        let new = try #require(changes.first?.new)
        #expect(new.count == ScenarioDiff.maximumValueLength && new.hasSuffix("…"))
    }
}
