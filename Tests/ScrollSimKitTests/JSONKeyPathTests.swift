import Testing
import ScrollSimKit

@Suite struct JSONKeyPathTests {
    let root: JSONValue = .object([
        "duration": .number(8),
        "content": .object(["types": .array([.object(["height": .object(["fixed": .number(90)])])])]),
    ])

    @Test func parsesKeysAndPositions() throws {
        #expect(try JSONKeyPath("content.types[0].height.fixed").steps == [.key("content"), .key("types"), .index(0), .key("height"), .key("fixed")])
        #expect(try JSONKeyPath("a[1][2]").steps == [.key("a"), .index(1), .index(2)])
        #expect(try JSONKeyPath("duration").steps == [.key("duration")])
    }

    @Test func refusesMalformedPaths() {
        for text in ["", "a..b", ".a", "a.", "a[]", "a[\"x]", "a[\"x\"", "a[-1]", "a[1]b", "a]b", "a=b", "a[x=1]"] {
            #expect(throws: ScrollSimError.self, "\(text)") { try JSONKeyPath(text) }
        }
    }

    /// The path form compare, ab and history print for what changed in a scenario (issue 43):
    /// a view type by name, and a key that is not a plain word in quotes.
    @Test func namedElementsAndQuotedKeysAreTheDiffsForm() throws {
        #expect(try JSONKeyPath("content.types[reel].bodyMs").steps == [.key("content"), .key("types"), .named("reel"), .key("bodyMs")])
        #expect(try JSONKeyPath("budgets[\"frameWorkMs.p99\"]").steps == [.key("budgets"), .named("frameWorkMs.p99")])
        #expect(try JSONKeyPath("a[\"b c\"][0]").steps == [.key("a"), .named("b c"), .index(0)])
        let types: JSONValue = .object(["content": .object(["types": .array([
            .object(["name": .string("post"), "bodyMs": .number(0.2)]),
            .object(["name": .string("reel"), "bodyMs": .number(4.5)]),
        ])])])
        let changed = try JSONKeyPath("content.types[reel].bodyMs").setting(.number(2), in: types)
        #expect(changed["content"]?["types"]?.arrayValue?.map { $0["bodyMs"] } == [.number(0.2), .number(2)])
        let budget = try JSONKeyPath("budgets[\"frameWorkMs.p99\"]").setting(.number(4), in: types)
        #expect(budget["budgets"]?["frameWorkMs.p99"] == .number(4))
        #expect(throws: ScrollSimError("key path \"content.types[story].bodyMs\": content.types has no element named \"story\" (its names are \"post\", \"reel\")")) {
            try JSONKeyPath("content.types[story].bodyMs").setting(.number(1), in: types)
        }
    }

    @Test func setsAValueDeepInside() throws {
        let changed = try JSONKeyPath("content.types[0].height.fixed").setting(.number(120), in: root)
        #expect(changed["content"]?["types"]?.arrayValue?.first?["height"]?["fixed"] == .number(120))
        #expect(changed["duration"] == .number(8), "the rest untouched")
    }

    /// A missing key is added, with the objects on the way: `prefetch.distance` on a file
    /// without `prefetch` gives `"prefetch": {"distance": 2}`.
    @Test func addsMissingKeysAndObjects() throws {
        let changed = try JSONKeyPath("prefetch.distance").setting(.number(2), in: root)
        #expect(changed["prefetch"] == .object(["distance": .number(2)]))
    }

    @Test func namesWhereAPathDoesNotFit() {
        #expect(throws: ScrollSimError("key path \"content.types[3].height\": content.types has 1 item, so there is no content.types[3]")) {
            try JSONKeyPath("content.types[3].height").setting(.number(1), in: root)
        }
        #expect(throws: ScrollSimError("key path \"duration.seconds\": duration is a number, not an object, so it has no key \"seconds\"")) {
            try JSONKeyPath("duration.seconds").setting(.number(1), in: root)
        }
        #expect(throws: ScrollSimError("key path \"content[0]\": content is an object, not an array, so it has no [0]")) {
            try JSONKeyPath("content[0]").setting(.number(1), in: root)
        }
    }
}

@Suite struct SweepAxisTests {
    @Test func valuesAreJSONOrBareStrings() throws {
        let axis = try SweepAxis.parse("prefetch.mode=chunked,\"deadline\",3,0.5,true,null,{\"fixed\": 90},[1, 2]")
        #expect(axis.key == "prefetch.mode")
        #expect(axis.values == [.string("chunked"), .string("deadline"), .number(3), .number(0.5), .bool(true), .null,
                                .object(["fixed": .number(90)]), .array([.number(1), .number(2)])])
    }

    @Test func commasInsideQuotesAndBracketsDoNotSplit() throws {
        #expect(try SweepAxis.parse("k=\"a,b\",[1,2]").values == [.string("a,b"), .array([.number(1), .number(2)])])
    }

    @Test func refusesMalformedArguments() {
        #expect(throws: ScrollSimError.self) { try SweepAxis.parse("duration") }
        #expect(throws: ScrollSimError("--vary duration=1,,2: an empty value (two commas, or a comma at an end)")) { try SweepAxis.parse("duration=1,,2") }
        #expect(throws: ScrollSimError("--vary duration: the value 1 is given twice")) { try SweepAxis.parse("duration=1,1.0") }
        #expect(throws: ScrollSimError.self) { try SweepAxis.parse("a..b=1") }
    }
}
