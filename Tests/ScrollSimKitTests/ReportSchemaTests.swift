import Foundation
@testable import ScrollSimKit
import Testing

/// The committed report schema (`Reports/report.schema.json`) is what the catalogue generates,
/// and every committed baseline report validates against it.
///
/// To regenerate it after changing a metric, a frame column or an event kind:
/// `SCROLLSIM_WRITE_REFERENCE=1 swift test --filter ReportSchemaTests`.
@Suite struct ReportSchemaTests {
    static let file = ReportFixtures.packageRoot.appendingPathComponent("Reports/report.schema.json").path

    @Test func theCommittedSchemaIsGenerated() throws {
        try GeneratedFileCheck.expectCommitted(ReportSchema.text, at: Self.file, madeBy: "the catalogue", suite: "ReportSchemaTests")
    }

    @Test func theSchemaUsesOnlyKeywordsTheValidatorKnows() {
        GeneratedFileCheck.expectKnownKeywords(ReportSchema.json)
    }

    /// A few kinds of report (data-file ids as strings, a critical grade, budgets over, nested
    /// rows); SchemaValidatorsTests runs every baseline report through jsonschema and
    /// check-jsonschema.
    @Test func baselineReportsValidate() throws {
        let validator = JSONSchemaValidator(root: ReportSchema.json)
        let directory = ReportFixtures.packageRoot.appendingPathComponent("Reports/baseline").path
        let files = ["feed-fling.json", "photo-feed-vstack.json", "configure-onappear.json", "nested-scrollview-ios17.json", "steps-conditional.json"]
        for file in files {
            let value = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: (directory as NSString).appendingPathComponent(file))))
            #expect(validator.errors(value) == [], "\(file)")
        }
    }

    @Test func aReportMissingAMetricOrWithABadGradeFails() throws {
        let validator = JSONSchemaValidator(root: ReportSchema.json)
        let path = ReportFixtures.packageRoot.appendingPathComponent("Reports/baseline/feed-fling.json").path
        var root = try #require(try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: path))).objectValue)
        var summary = try #require(root["summary"]?.objectValue)
        summary["bodyEvaluations"] = nil
        root["summary"] = .object(summary)
        #expect(validator.errors(.object(root)) != [])
        summary["bodyEvaluations"] = .number(3)
        summary["hitchGrade"] = .string("fine")
        root["summary"] = .object(summary)
        #expect(validator.errors(.object(root)) != [])
    }
}
