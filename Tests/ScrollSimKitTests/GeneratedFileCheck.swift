import Foundation
@testable import ScrollSimKit
import Testing

/// Checks for files the repository commits but the code generates (the JSON Schemas of
/// scenarios, reports and thresholds files): the committed text must be what the code makes now.
enum GeneratedFileCheck {
    /// Expects `path` to hold `generated`, what `source` makes; with SCROLLSIM_WRITE_REFERENCE=1
    /// it writes `generated` there instead. `suite` names the test filter that regenerates it.
    static func expectCommitted(_ generated: String, at path: String, madeBy source: String, suite: String) throws {
        if ProcessInfo.processInfo.environment["SCROLLSIM_WRITE_REFERENCE"] == "1" {
            try generated.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        let committed = try String(contentsOfFile: path, encoding: .utf8)
        #expect(committed == generated, """
            \(path) is not what \(source) generates; regenerate it with \
            SCROLLSIM_WRITE_REFERENCE=1 swift test --filter \(suite)
            """)
    }

    /// Expects `schema` to use only keywords `JSONSchemaValidator` checks: a validator that
    /// skipped an unknown keyword would pass anything it constrains. Returns the keywords used.
    @discardableResult
    static func expectKnownKeywords(_ schema: JSONValue) -> Set<String> {
        let used = JSONSchemaValidator.keywordsUsed(in: schema)
        #expect(used.subtracting(JSONSchemaValidator.keywords).isEmpty, "unknown keywords: \(used.subtracting(JSONSchemaValidator.keywords).sorted())")
        return used
    }
}
