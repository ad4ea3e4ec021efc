import Foundation
import Testing
@testable import ScrollSimEngine

/// A view type's cost is asked for by its phase, named once: `rows.cost(.body, ofRow: row,
/// spec.costs)`, `spec.costs[.layout]`, `rendering[.renderServer]` — never by the stored
/// property that holds it (`spec.costs.bodyMs`), which named the phase a second time and let the
/// two names disagree (a body charge drawn from the layout's cost). A grep over the Sources, so
/// that it holds for code written later.
///
/// Left out, with the reason: `ViewTypeSpec.swift`, which declares the properties and the
/// subscripts that read them; the scenario key declarations, whose key paths say where each
/// cost key is stored (`\.costs.bodyMs`).
@Suite struct CostByPhaseSourceTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources")
    static let allowedFiles: Set<String> = ["ViewTypeSpec.swift"]
    static let allowedFolders = ["ScrollSimKit/Scenario/Declarations/"]

    /// A read or write of a cost's stored property: `costs.bodyMs`, `rendering.serverMs`. Not
    /// `\b`: Swift's default word boundaries do not break at the dots of `spec.costs.bodyMs`.
    static let storedCost = #/(?:costs\.(?:initMs|bodyMs|layoutMs|renderMs|appearMs)|rendering\.(?:serverMs|effectMs))(?!\w)/#

    /// "path:line: code" for each line of `text` outside `//` comments that names a cost by its
    /// stored property.
    static func offences(in text: String, path: String) -> [String] {
        SourceLines.matching(storedCost, in: text, path: path)
    }

    @Test func theScannerFindsACostNamedTwice() {
        let text = """
        let a = rows.cost(.body, ofRow: row, spec.costs.bodyMs)
        // spec.costs.layoutMs in a comment
        let b = rows.cost(.body, ofRow: row, spec.costs), c = spec.costs[.layout]
        let d = rendering.serverMs + other.costs.appearMs
        let e = spec.costs.layoutMsX + spec.costs.renderMs.isFinite
        """
        #expect(Self.offences(in: text, path: "x.swift") == [
            "x.swift:1: let a = rows.cost(.body, ofRow: row, spec.costs.bodyMs)",
            "x.swift:4: let d = rendering.serverMs + other.costs.appearMs",
            "x.swift:5: let e = spec.costs.layoutMsX + spec.costs.renderMs.isFinite",
        ])
    }

    @Test func everyCostIsAskedForByItsPhase() throws {
        let paths = try FileManager.default.subpathsOfDirectory(atPath: Self.sources.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(paths.contains("ScrollSimEngine/Stack/LazyStack+ViewResolution.swift"))
        var offences: [String] = []
        for path in paths {
            if Self.allowedFiles.contains((path as NSString).lastPathComponent) || Self.allowedFolders.contains(where: path.hasPrefix) { continue }
            let text = try String(contentsOf: Self.sources.appendingPathComponent(path), encoding: .utf8)
            offences += Self.offences(in: text, path: "Sources/" + path)
        }
        #expect(offences.isEmpty, "costs named by their stored property; ask for them by phase (costs[.body], rows.cost(.body, ofRow: row, spec.costs)):\n\(offences.joined(separator: "\n"))")
    }

    /// The subscripts answer each phase with its own property, and a main-thread cost written
    /// through the subscript is read back by it.
    @Test func theSubscriptsAnswerEachPhase() {
        var costs = ViewTypeSpec.Costs(initMs: 1, bodyMs: 2, layoutMs: 3, renderMs: 4, appearMs: 5)
        #expect(CostPhase.mainThread.map { costs[$0] } == [1, 2, 3, 4, 5])
        #expect(CostPhase.mainThread == [.initialize, .body, .layout, .render, .appear])
        costs[.layout] = 7
        #expect(costs.layoutMs == 7 && costs.buildMs == 10)
        let rendering = ViewTypeSpec.Rendering(serverMs: 0.5, effects: 2, effectMs: 0.25)
        #expect(rendering[.renderServer] == 0.5 && rendering[.effect] == 0.25)
        var sum = ViewTypeSpec.Costs(initMs: 0, bodyMs: 0, layoutMs: 0, renderMs: 0, appearMs: 0, jitter: 0.1)
        sum.add(costs)
        sum.add(costs)
        #expect(CostPhase.mainThread.map { sum[$0] } == [2, 4, 14, 8, 10] && sum.jitter == 0.1)
    }
}
