import Foundation
@testable import ScrollSimKit
import Testing

/// The committed JSON Schema (`Scenarios/scenario.schema.json`) is what the declarations
/// generate, and it agrees with the decoder on the shipped scenarios and on mistakes.
///
/// To regenerate it after changing a declaration:
/// `SCROLLSIM_WRITE_REFERENCE=1 swift test --filter "ReferenceArticleTests|ScenarioSchemaTests"`.
@Suite struct ScenarioSchemaTests {
    static let file = ReportFixtures.packageRoot.appendingPathComponent("Scenarios/scenario.schema.json").path

    @Test func theCommittedSchemaIsGenerated() throws {
        try GeneratedFileCheck.expectCommitted(ScenarioSchema.text, at: Self.file, madeBy: "the declarations", suite: "ScenarioSchemaTests")
    }
}

extension ScenarioSchemaTests {
    static func validator() throws -> JSONSchemaValidator {
        JSONSchemaValidator(root: try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: file))))
    }

    /// A validator that skipped an unknown keyword would pass anything it constrains.
    @Test func theSchemaUsesOnlyKeywordsTheValidatorKnows() throws {
        let used = GeneratedFileCheck.expectKnownKeywords(ScenarioSchema.json)
        #expect(used.contains("additionalProperties") && used.contains("oneOf") && used.contains("not"))
    }

    @Test func everyShippedScenarioValidates() throws {
        let validator = try Self.validator()
        let directory = ReportFixtures.packageRoot.appendingPathComponent("Scenarios").path
        let files = try ScenarioLoader.expand([directory])
        #expect(files.count >= 30)
        #expect(!files.contains { $0.hasSuffix(".schema.json") }, "directory expansion skips the schema")
        for file in files {
            let value = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: file)))
            #expect(validator.errors(value) == [], "\(file)")
        }
    }

    static let minimal = """
    {"schema": 1, "name": "t", "duration": 1,
     "content": {"count": 10, "types": [{"name": "cell", "height": {"fixed": 100}}]}}
    """

    /// Files the decoder accepts pass the schema too: optional keys as null, `$schema`,
    /// `silence`, every height and distribution form, every event.
    @Test(arguments: [
        #"{"$schema": "scenario.schema.json", "silence": ["content.types[*].bodyMs"]}"#,
        #"{"seed": null, "device": {"viewport": {"width": 800, "height": 600}, "refreshRate": null}}"#,
        #"{"stack": {"kind": "vStack", "keepAlive": {"frames": 3}, "prefetch": {"policy": "deadline"}}}"#,
        #"{"content": {"count": 3, "sections": {"every": 2, "header": {"height": {"uniform": {"min": 1, "max": 2}}}}, "types": [{"name": "a", "height": {"normal": {"mean": 3, "sd": 1}}, "idealWidth": {"uniform": {"min": 1, "max": 2}}}, {"name": "b", "height": {"text": {"chars": {"normal": {"mean": 30, "sd": 3}}, "lineHeight": 2}}}, {"name": "c", "height": {"aspect": 0.5}, "asyncContent": {"latencyMs": 0.5, "start": "task"}}, {"name": "d", "row": {"count": 3, "itemWidth": 10, "height": null, "types": [{"name": "i", "height": {"aspect": {"fixed": 2}}}]}}]}}"#,
        #"{"script": [{"at": 0, "drag": {"velocity": 1, "duration": 1, "release": "fling"}}, {"at": 1, "fling": {"velocity": 5, "deceleration": 0.99}}, {"at": 1, "fling": {"velocity": 5, "deceleration": "fast"}}, {"at": 2, "rotate": {"width": 5, "height": 6}}, {"at": 3, "scrollTo": {"offset": 5, "animated": true}}, {"at": 3, "scrollTo": {"edge": "bottom"}}, {"at": 4, "tap": {"id": 2}}]}"#,
        #"{"budgets": {"peakMemoryBytes": "200 MiB", "droppedFrames": 0, "p99FrameMs": 8}, "grading": {"hitchRatio": {"warning": 1}}}"#,
    ])
    func acceptedFilesPassTheSchema(_ patch: String) throws {
        var object = try #require(try JSONValue.parse(Data(Self.minimal.utf8)).objectValue)
        for (key, value) in try #require(try JSONValue.parse(Data(patch.utf8)).objectValue) { object[key] = value }
        let text = JSONWriter(decimals: 6).string(.object(object))
        _ = try ScenarioLoader.decode(Data(text.utf8), file: "t.json")
        #expect(try Self.validator().errors(.object(object)) == [], "\(patch)")
    }

    /// Mistakes the schema can state are refused by both the schema and the decoder.
    @Test(arguments: [
        #"{"durration": 3}"#,
        #"{"device": {"refreshrate": 60}}"#,
        #"{"duration": "ten"}"#,
        #"{"duration": 0}"#,
        #"{"name": "a b"}"#,
        #"{"stack": {"kind": "lazyVstack"}}"#,
        #"{"stack": {"keepAlive": {"ms": 1, "frames": 2}}}"#,
        #"{"content": {"count": 3, "types": []}}"#,
        #"{"content": {"count": 3, "types": [{"name": "a"}]}}"#,
        #"{"content": {"count": 3, "types": [{"name": "a", "height": {"fixed": 1, "aspect": 1}}]}}"#,
        #"{"content": {"count": 3, "types": [{"name": "a", "height": {"fixed": 1}, "children": 65}]}}"#,
        #"{"content": {"types": [{"name": "a", "height": {"fixed": 1}}]}}"#,
        #"{"script": [{"at": 0, "flick": {"velocity": 1}}]}"#,
        #"{"script": [{"at": 0, "fling": {"velocity": 1}, "tap": {"id": 1}}]}"#,
        #"{"script": [{"at": 0, "scrollTo": {"anchor": "top"}}]}"#,
        #"{"budgets": {"droppedFrame": 0}}"#,
        #"{"schema": 2}"#,
    ])
    func mistakesFailBothTheSchemaAndTheDecoder(_ patch: String) throws {
        var object = try #require(try JSONValue.parse(Data(Self.minimal.utf8)).objectValue)
        for (key, value) in try #require(try JSONValue.parse(Data(patch.utf8)).objectValue) { object[key] = value }
        #expect(try Self.validator().errors(.object(object)) != [], "the schema accepts \(patch)")
        let text = JSONWriter(decimals: 6).string(.object(object))
        #expect(throws: ScrollSimError.self, "the decoder accepts \(patch)") { try ScenarioLoader.decode(Data(text.utf8), file: "t.json") }
    }
}
