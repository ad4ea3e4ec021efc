import Foundation
import Testing

/// `calibrate --help` gives the quantile form the article and the output use (p1, p10, p50,
/// p90, p99, max), not the older five-point one (issue 43).
@Suite struct CalibrateHelpTests {
    @Test func theHelpsQuantilesAreTheArticles() throws {
        let help = CompareCLI.run(["calibrate", "--help"])
        #expect(help.status == 0)
        let text = (help.out + help.err).replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression)
        #expect(text.contains("(p1, p10, p50, p90, p99, max; type 7)"), "\(text)")
        let article = try String(contentsOf: CompareCLI.packageRoot.appendingPathComponent("Sources/ScrollSimKit/ScrollSimKit.docc/CalibrateFromInstruments.md"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        #expect(article.contains("[[0.01, p1], [0.1, p10],"))
        #expect(!text.contains("[0, 0.5, 0.9, 0.99, 1]"))
    }
}
