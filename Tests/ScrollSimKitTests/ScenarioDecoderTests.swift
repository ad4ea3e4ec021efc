import Foundation
import XCTest
@testable import ScrollSimEngine
@testable import ScrollSimKit

final class ScenarioDecoderTests: XCTestCase {
    static let minimal = """
    {"schema": 1, "name": "t", "duration": 1,
     "content": {"count": 10, "types": [{"name": "cell", "height": {"fixed": 100}}]}}
    """

    func decode(_ text: String, file: String = "t.json") throws -> Scenario {
        try ScenarioLoader.decode(Data(text.utf8), file: file)
    }

    /// Applies `edit` to the minimal scenario's JSON object and returns the error it causes.
    func error(_ edit: (inout [String: Any]) throws -> Void) throws -> String {
        var object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(Self.minimal.utf8)) as? [String: Any])
        try edit(&object)
        let data = try JSONSerialization.data(withJSONObject: object)
        do {
            _ = try ScenarioLoader.decode(data, file: "t.json")
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    func testMinimalScenarioGetsDefaults() throws {
        let s = try decode(Self.minimal)
        XCTAssertEqual(s.name, "t")
        XCTAssertEqual(s.config.device.refreshRate, 120)
        XCTAssertEqual(s.config.stack.kind, .lazyVStack)
        XCTAssertEqual(s.config.stack.prefetch.policy, .chunked)
        XCTAssertEqual(s.config.content.types[0].height, .absolute(.fixed(100)))
        XCTAssertEqual(s.config.seed, 1)
    }

    func testTheReferenceExampleDecodes() throws {
        let text = """
        {
          "schema": 1, "name": "origami-steps", "description": "…", "seed": 7, "duration": 10,
          "device": {"refreshRate": 120, "viewport": {"width": 393, "height": 852}, "frameOverheadMs": 0.5},
          "stack": {"kind": "lazyVStack", "spacing": 8, "pinnedHeaders": true,
                    "prefetch": {"distance": 1.0, "policy": "chunked", "marginMs": 1.0},
                    "keepAlive": {"ms": 500, "maxViews": 64}},
          "content": {"count": 2000, "sections": {"every": 50, "header": {"height": {"fixed": 44}}},
                      "types": [{"name": "step", "weight": 1, "children": 1,
                                 "height": {"text": {"chars": 240, "lineHeight": 20, "base": 180}},
                                 "initMs": 0.05, "bodyMs": 0.12, "layoutMs": 0.30, "renderMs": 0.02,
                                 "memory": {"view": 600, "state": 2048, "content": 0},
                                 "configure": "init", "stateLocation": "view"}]},
          "script": [{"at": 0.0, "fling": {"velocity": 6000}},
                     {"at": 3.0, "rotate": {"width": 852, "height": 393}},
                     {"at": 4.0, "scrollTo": {"id": 150, "anchor": "top", "animated": true}},
                     {"at": 6.0, "scrollTo": {"edge": "top"}}],
          "budgets": {"droppedFrames": 0, "frameWorkMs.p99": 8.33, "peakMemoryBytes": "200 MiB", "hitchRatio": 5}
        }
        """
        let s = try decode(text)
        XCTAssertEqual(s.config.script.count, 4)
        XCTAssertEqual(s.config.script[2].action, .scrollTo(ScrollTarget(destination: .element(150), anchor: .top, animationDuration: 0.35)))
        XCTAssertEqual(s.config.script[3].action, .scrollTo(ScrollTarget(destination: .top)))
        XCTAssertEqual(s.budgets.map(\.key), ["droppedFrames", "hitchRatio", "frameWorkMs.p99", "peakMemoryBytes"])
        XCTAssertEqual(s.budgets.last?.limit, 209_715_200, "200 MiB = 200 × 1,048,576 bytes")
        XCTAssertEqual(s.warnings, [])
        XCTAssertEqual(s.config.content.sections?.every, 50)
        XCTAssertEqual(s.config.content.types[0].height, .text(.init(chars: .fixed(240), lineHeight: 20, base: 180)))
    }

    func testSyntaxErrorsGiveLineAndColumn() {
        let text = "{\n  \"schema\": 1,\n  \"name\": \"x\",,\n}"
        XCTAssertThrowsError(try decode(text)) { error in
            guard let e = error as? ScrollSimError else { return XCTFail("not a ScrollSimError: \(error)") }
            XCTAssertEqual(e.location, .text(line: 3, column: 15))
            XCTAssertTrue(e.description.hasPrefix("t.json:3:15: "), e.description)
        }
        XCTAssertThrowsError(try decode("")) { error in
            XCTAssertTrue("\(error)".contains("t.json:1:1"), "\(error)")
        }
        XCTAssertThrowsError(try decode("{\"schema\": 1, \"name\": \"é\" \"x\": 2}")) { error in
            XCTAssertEqual((error as? ScrollSimError)?.location, .text(line: 1, column: 27), "\(error)")
        }
    }

    /// Table: an edit to a valid scenario, and the key path and words its error must contain.
    func testInvalidValuesNameTheKeyPath() throws {
        let cases: [(String, (inout [String: Any]) throws -> Void, [String])] = [
            ("missing schema", { $0["schema"] = nil }, ["t.json: schema: is required"]),
            ("future schema", { $0["schema"] = 2 }, ["schema: this ScrollSim reads schema 1"]),
            ("unknown top-level key", { $0["durration"] = 3 }, ["durration: unknown key", "did you mean \"duration\""]),
            ("height of wrong type", { o in
                var c = try XCTUnwrap(o["content"] as? [String: Any])
                var t = try XCTUnwrap((c["types"] as? [[String: Any]])?.first)
                t["height"] = "tall"
                c["types"] = [t]
                o["content"] = c
            }, ["content.types[0].height: expected an object with exactly one of fixed"]),
            ("unknown height form", { o in
                var c = try XCTUnwrap(o["content"] as? [String: Any])
                var t = try XCTUnwrap((c["types"] as? [[String: Any]])?.first)
                t["height"] = ["fixd": 3]
                c["types"] = [t]
                o["content"] = c
            }, ["content.types[0].height.fixd", "did you mean \"fixed\""]),
            ("negative cost", { o in
                var c = try XCTUnwrap(o["content"] as? [String: Any])
                var t = try XCTUnwrap((c["types"] as? [[String: Any]])?.first)
                t["bodyMs"] = -1
                c["types"] = [t]
                o["content"] = c
            }, ["content.types[0].bodyMs: -1 is outside 0...60000"]),
            ("string where number", { $0["duration"] = "ten" }, ["duration: expected a number in 0.001...3600, found a string"]),
            ("bad stack kind", { $0["stack"] = ["kind": "lazyVstack"] }, ["stack.kind: \"lazyVstack\" is not one of", "did you mean \"lazyVStack\""]),
            ("unknown prefetch key", { $0["stack"] = ["prefetch": ["distanse": 1]] }, ["stack.prefetch.distanse: unknown key"]),
            ("keepAlive both", { $0["stack"] = ["keepAlive": ["ms": 1, "frames": 2]] }, ["stack.keepAlive.frames: give either"]),
            ("no types", { o in o["content"] = ["count": 3, "types": [] as [Any]] }, ["content.types: needs at least one item"]),
            ("count not integer", { o in
                var c = try XCTUnwrap(o["content"] as? [String: Any])
                c["count"] = 2.5
                o["content"] = c
            }, ["content.count: expected an integer, found 2.5"]),
            ("script out of order", { $0["script"] = [["at": 2, "fling": ["velocity": 1]], ["at": 1, "fling": ["velocity": 1]]] },
             ["script[1].at: 1 comes before"]),
            ("unknown event", { $0["script"] = [["at": 0, "flick": ["velocity": 1]]] }, ["script[0].flick: unknown event", "did you mean \"fling\""]),
            ("two events in one", { $0["script"] = [["at": 0, "fling": ["velocity": 1], "tap": ["id": 1]]] }, ["script[0]: expected exactly one"]),
            ("id out of range", { $0["script"] = [["at": 0, "tap": ["id": 10]]] }, ["script[0].tap.id: 10 is outside the content's 0..<10"]),
            ("unknown budget", { $0["budgets"] = ["droppedFrame": 0] }, ["budgets.droppedFrame: unknown budget", "did you mean \"droppedFrames\""]),
            ("bad name", { $0["name"] = "a b" }, ["name: \"a b\" must be"]),
            ("bad deceleration", { $0["script"] = [["at": 0, "fling": ["velocity": 1, "deceleration": "slow"]]] }, ["script[0].fling.deceleration"]),
            ("scrollTo without target", { $0["script"] = [["at": 0, "scrollTo": ["animated": true]]] }, ["script[0].scrollTo: expected exactly one of id, edge, offset"]),
        ]
        for (name, edit, fragments) in cases {
            let message = try error(edit)
            for fragment in fragments {
                XCTAssertTrue(message.contains(fragment), "\(name): \"\(message)\" lacks \"\(fragment)\"")
            }
        }
    }

    func testContentHashIgnoresFormattingDescriptionAndBudgets() throws {
        let a = try decode(Self.minimal)
        let b = try decode(Self.minimal.replacingOccurrences(of: "\"duration\": 1,", with: "\"duration\": 1, \"description\": \"x\", \"budgets\": {\"droppedFrames\": 3},\n"))
        XCTAssertEqual(a.contentHash, b.contentHash)
        let c = try decode(Self.minimal.replacingOccurrences(of: "\"count\": 10", with: "\"count\": 11"))
        XCTAssertNotEqual(a.contentHash, c.contentHash)
    }

    func testDataFileJSONLinesAndCSV() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-data-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "{\"id\": \"a\", \"width\": 400, \"height\": 300}\n{\"id\": \"b\", \"aspect\": 1.5, \"type\": \"photo\"}\n".write(to: directory.appendingPathComponent("items.jsonl"), atomically: true, encoding: .utf8)
        try "id,type,aspect\nx,photo,0.5\n\"y\",photo,2\n".write(to: directory.appendingPathComponent("items.csv"), atomically: true, encoding: .utf8)
        for name in ["items.jsonl", "items.csv"] {
            let text = """
            {"schema": 1, "name": "d", "duration": 1,
             "content": {"data": "\(name)", "types": [{"name": "photo", "height": {"aspect": 1}}]},
             "script": [{"at": 0, "scrollTo": {"id": "\(name == "items.csv" ? "y" : "b")"}}]}
            """
            let s = try ScenarioLoader.decode(Data(text.utf8), file: "d.json", directory: directory)
            XCTAssertEqual(s.config.content.count, 2)
            XCTAssertEqual(s.config.script[0].action, .scrollTo(ScrollTarget(destination: .element(1))))
            if name == "items.jsonl" {
                XCTAssertEqual(s.config.content.items?[0].heightParameter, 0.75)
                XCTAssertEqual(s.elementIDs, ["a", "b"])
            } else {
                XCTAssertEqual(s.config.content.items?[1].heightParameter, 2)
            }
        }
        // (Its first id is 7, not 1: the second record, with no id, is named by its index, 1, and
        // a first id of 1 would also be refused as the same name.)
        try "{\"id\": 7}\n{\"idd\": 2}\n".write(to: directory.appendingPathComponent("bad.jsonl"), atomically: true, encoding: .utf8)
        let bad = "{\"schema\": 1, \"name\": \"d\", \"duration\": 1, \"content\": {\"data\": \"bad.jsonl\", \"types\": [{\"name\": \"p\", \"height\": {\"fixed\": 1}}]}}"
        XCTAssertThrowsError(try ScenarioLoader.decode(Data(bad.utf8), file: "d.json", directory: directory)) { error in
            // The scenario file, the key and the data file's line name the problem.
            XCTAssertEqual("\(error)", "d.json: content.data: bad.jsonl:2: unknown field \"idd\" (did you mean \"id\"?); fields: id, type, height, chars, aspect, width")
        }
    }

    func testShippedScenariosAreValid() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Scenarios").standardized
        let files = try ScenarioLoader.expand([directory.path])
        XCTAssertGreaterThanOrEqual(files.count, 3)
        for file in files {
            let scenario = try ScenarioLoader.load(path: file)
            XCTAssertFalse(scenario.description.isEmpty, "\(file) needs a description")
            XCTAssertEqual(scenario.name + ".json", URL(fileURLWithPath: file).lastPathComponent, "name matches the file name")
        }
    }
}

extension ScenarioDecoderTests {
    func testDataSizeFieldMustFitTheTypesHeightForm() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-form-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "{\"chars\": 300}\n".write(to: directory.appendingPathComponent("a.jsonl"), atomically: true, encoding: .utf8)
        let text = "{\"schema\": 1, \"name\": \"d\", \"duration\": 1, \"content\": {\"data\": \"a.jsonl\", \"types\": [{\"name\": \"photo\", \"height\": {\"aspect\": 1}}]}}"
        XCTAssertThrowsError(try ScenarioLoader.decode(Data(text.utf8), file: "d.json", directory: directory)) { error in
            XCTAssertEqual("\(error)", "d.json: content.data: a.jsonl:1: type \"photo\" takes \"aspect\" or \"width\" and \"height\" for its size, not chars")
        }
    }
}
