import Foundation
import Testing
import ScrollSimEngine
@testable import ScrollSimKit

/// One vocabulary of phases, from a view type's cost to the report's column: `PhaseWork.Phase`
/// in the order work happens within a frame, `ByPhase` for a value per phase, and
/// `CostPhase.framePhase` where a scenario's cost meets the phase it is charged to.
///
/// No code reads a phase's value by position: `ByPhase` has no subscript by position (so
/// `phaseMs[2]` does not compile), and this test reads every Swift file under Sources and Tests
/// for the ways round that: a phase's `rawValue` used as an index, or a `phaseMs` array
/// subscripted by a number or a loop index. Left out, with the reason: the enum's own file
/// (`Phase.swift`, where `ByPhase` and the frame record's slot are laid out); `RowStates.swift`,
/// whose `Phase` is another enum (a row's residency: absent, ready, visible, cached);
/// `CostDistributions.swift` and `CostDrawKeys.swift`, whose `phase` is a `CostPhase` (the
/// distributions' storage, and the draw's seed key).
@Suite struct PhaseVocabularyTests {
    static let root = ReportFixtures.packageRoot
    static let allowedFiles: Set<String> = ["Phase.swift", "RowStates.swift", "CostDistributions.swift", "CostDrawKeys.swift"]

    /// `phase.rawValue`, `Phase.body.rawValue`, `$0.rawValue` beside a phase array, and
    /// `phaseMs[` followed by a number, `$`, or a one-letter loop index.
    static let patterns = [
        #"\b[pP]hase\w*\.rawValue"#,
        #"PhaseWork\.Phase\.\w+\.rawValue"#,
        #"phaseMs\[\s*(\d|\$|[a-z]\s*\])"#,
        #"phaseMs\.indices"#,
    ].map { try! NSRegularExpression(pattern: $0) }

    /// `path:line: text` for each line of `text` (outside `//` comments) a pattern matches.
    static func offences(in text: String, path: String) -> [String] {
        var found: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = String(line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            let range = NSRange(code.startIndex..., in: code)
            if patterns.contains(where: { $0.firstMatch(in: code, range: range) != nil }) {
                found.append("\(path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        return found
    }

    @Test func theScannerFindsPositionalPhaseReads() {
        let text = """
        let a = frames.phaseMs[2][i]
        let b = series.phaseMs[.body][i]
        for p in frames.phaseMs.indices { total += frames.phaseMs[p][i] }
        slots[base + phase.rawValue] = 0
        let c = work[PhaseWork.Phase.body.rawValue]
        // frames.phaseMs[2] in a comment
        let d = frames.phaseMs[phase][i]
        """
        #expect(Self.offences(in: text, path: "x").map { $0.split(separator: ":")[1] } == ["1", "3", "4", "5"])
    }

    @Test func noPhaseIsReadByPosition() throws {
        var offences: [String] = []
        var scanned = 0
        for folder in ["Sources", "Tests"] {
            let base = Self.root.appendingPathComponent(folder).path
            for file in try FileManager.default.subpathsOfDirectory(atPath: base).sorted() where file.hasSuffix(".swift") {
                if Self.allowedFiles.contains((file as NSString).lastPathComponent) || file.hasSuffix("PhaseVocabularyTests.swift") { continue }
                scanned += 1
                let text = try String(contentsOfFile: base + "/" + file, encoding: .utf8)
                offences += Self.offences(in: text, path: "\(folder)/\(file)")
            }
        }
        #expect(scanned > 300)
        #expect(offences.isEmpty, "a phase read by position; read it by phase (phaseMs[.body], ByPhase):\n\(offences.joined(separator: "\n"))")
    }

    /// The enum's order is the frame's and the report's: required work, the overhead, then
    /// prefetch in the idle time left; the report's schema lists a column for each.
    @Test func thePhasesAreInFrameOrderAndEachIsAColumn() {
        #expect(PhaseWork.Phase.names == ["input", "init", "body", "layout", "appear", "render", "overhead", "prefetch"])
        #expect(PhaseWork.Phase.allCases.allSatisfy { PhaseWork.Phase(name: $0.name) == $0 })
        #expect(PhaseWork.Phase(name: "initialize") == nil)
        let work = ByPhase { Double($0.name.count) }
        #expect(Array(work) == PhaseWork.Phase.names.map { Double($0.count) })
        #expect(work.byPhase.map(\.0) == PhaseWork.Phase.allCases)
    }

    /// Each main-thread cost is charged to the phase of its name; the render server's are not
    /// main-thread phases.
    @Test func eachCostMeetsItsPhaseInOnePlace() {
        for cost in CostPhase.allCases {
            if cost.onMainThread {
                #expect(cost.framePhase?.name == cost.key.replacingOccurrences(of: "Ms", with: ""), "\(cost)")
            } else {
                #expect(cost.framePhase == nil, "\(cost)")
            }
        }
    }
}
