import Foundation
import Testing
@testable import ScrollSimKit

/// The cookbook article names real metrics and real templates.
@Suite struct CookbookArticleTests {
    static let path = ReportFixtures.packageRoot.appendingPathComponent("Sources/ScrollSimKit/ScrollSimKit.docc/Cookbook.md").path

    /// Every metric a table row starts with (`| \`droppedFrames\`, \`hitchRatio\` | …`) is in
    /// the catalog.
    @Test func everyMetricInTheTablesIsInTheCatalog() throws {
        let text = try String(contentsOfFile: Self.path, encoding: .utf8)
        var named: [String] = []
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cell = line.split(separator: "|")[0]
            for part in cell.split(separator: "`").enumerated() where part.offset % 2 == 1 {
                named.append(String(part.element))
            }
        }
        #expect(named.count >= 15)
        for metric in named { #expect(Metric(rawValue: metric) != nil, "\(metric) is not a metric") }
    }

    /// The templates it tells you to write exist; the ones it says are planned are planned.
    @Test func theTemplatesItNamesExist() throws {
        let text = try String(contentsOfFile: Self.path, encoding: .utf8)
        for template in ScenarioTemplate.all { #expect(text.contains("`scrollsim init \(template.name)`"), "\(template.name)") }
        for planned in ScenarioTemplate.planned { #expect(text.contains("`scrollsim init \(planned.name)`"), "\(planned.name)") }
    }
}
