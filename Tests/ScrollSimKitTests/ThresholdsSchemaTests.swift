import Foundation
@testable import ScrollSimKit
import Testing

/// The committed JSON Schema of thresholds files (`Reports/thresholds.schema.json`) is what the
/// declarations the reader uses generate (`ThresholdsKeys`), and it agrees with the reader.
///
/// To regenerate it after changing a declaration:
/// `SCROLLSIM_WRITE_REFERENCE=1 swift test --filter ThresholdsSchemaTests`.
@Suite struct ThresholdsSchemaTests {
    static let file = ReportFixtures.packageRoot.appendingPathComponent("Reports/thresholds.schema.json").path

    @Test func theCommittedSchemaIsGenerated() throws {
        try GeneratedFileCheck.expectCommitted(JSONWriter(decimals: 6).string(Thresholds.jsonSchema), at: Self.file, madeBy: "the declarations", suite: "ThresholdsSchemaTests")
    }

    @Test func theSchemaUsesOnlyKeywordsTheValidatorKnows() {
        GeneratedFileCheck.expectKnownKeywords(Thresholds.jsonSchema)
    }

    /// The schema and the reader agree: the repository's file and every form pass both; each
    /// mistake below fails both (the reader's messages are in CompareThresholdsFileTests).
    @Test func schemaAndReaderAgree() throws {
        let validator = JSONSchemaValidator(root: Thresholds.jsonSchema)
        let good = [
            try String(contentsOfFile: ReportFixtures.packageRoot.appendingPathComponent("Reports/thresholds.json").path, encoding: .utf8),
            #"{"schema": 1, "preset": "relative", "overBudget": "warning", "metrics": {"frameWorkMs.*": {"warning": "3%", "error": 8, "floor": 0.02, "rule": "limits"}, "droppedFrames": 2, "visibleJumps": "off"}, "scenarios": {"feed": {"frameWorkMs.max": {"warning": "off"}}}}"#,
        ]
        for text in good {
            let value = try JSONValue.parse(Data(text.utf8))
            #expect(validator.errors(value) == [], "\(text)")
            #expect(throws: Never.self) { try Thresholds.decode(Data(text.utf8), file: "t.json") }
        }
        let bad = [
            #"{"preset": "standard"}"#,
            #"{"schema": 2}"#,
            #"{"schema": 1, "presets": "exact"}"#,
            #"{"schema": 1, "preset": "strict"}"#,
            #"{"schema": 1, "metrics": {"droppedFrames": true}}"#,
            #"{"schema": 1, "metrics": {"droppedFrames": {"eror": 1}}}"#,
            #"{"schema": 1, "metrics": {"droppedFrames": {"floor": -1}}}"#,
            #"{"schema": 1, "scenarios": {"feed": 3}}"#,
        ]
        for text in bad {
            let value = try JSONValue.parse(Data(text.utf8))
            #expect(!validator.errors(value).isEmpty, "the schema accepts \(text)")
            #expect(throws: ScrollSimError.self, "the reader accepts \(text)") { try Thresholds.decode(Data(text.utf8), file: "t.json") }
        }
    }
}
