import Foundation
import ScrollSimEngine
import Testing

/// The engine's articles state the layout loop's bound on passes; each place that gives it as
/// a number gives `LayoutLoop.maximumPasses`. (The report reference's texts interpolate the
/// constant and are held to the catalog by `ReferenceArticleTests`.)
@Suite struct LayoutLoopArticlesTests {
    static let articles = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/ScrollSimEngine/ScrollSimEngine.docc")

    /// Every number an engine article gives for the bound, as "Article.md: text".
    static func statedBounds() throws -> [(place: String, passes: Int)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: articles.path).filter { $0.hasSuffix(".md") }.sorted()
        // "bounded at 8 passes", "at most 8 passes", "(`maximumLayoutPasses`, 8)".
        let bound = try Regex(#"(?:bounded at|at most) (\d+) (?:layout )?passes|`maximumLayoutPasses`, (\d+)"#)
        var found: [(String, Int)] = []
        for name in names {
            let text = try String(contentsOf: articles.appendingPathComponent(name), encoding: .utf8)
            for match in text.matches(of: bound) {
                let digits = match.output[1].substring ?? match.output[2].substring ?? ""
                found.append(("\(name): \(text[match.range])", Int(digits) ?? -1))
            }
        }
        return found
    }

    @Test func everyStatedBoundIsTheEngines() throws {
        let stated = try Self.statedBounds()
        // ModelDecisions, ContentContract and HeightsEstimatesAndCorrections each state it.
        #expect(stated.count >= 3, "\(stated.map(\.place))")
        for bound in stated {
            #expect(bound.passes == LayoutLoop.maximumPasses, "\(bound.place) says \(bound.passes), the engine bounds the loop at \(LayoutLoop.maximumPasses)")
        }
    }
}
