import Foundation
import Testing
import ScrollSimEngine
@testable import ScrollSimKit

/// A scenario's facts are read from its decoded configuration (`ScenarioFacts`), and a report's
/// record of its scenario (`scenario.source`) is decoded through the key declarations, not
/// looked up key by key: renaming a key is then one edit in its declaration, and a reader
/// cannot silently miss a feature because it spelt a key differently.
///
/// Three scans of the Sources, outside comments:
/// - no view type's cost key (`"bodyMs"`) as a string literal outside its declaration
///   (`CostPhase.key` in `CostDistributions.swift`), the scenario key declarations, and the
///   scenario documents written as text (`Templates/`, `Benchmark+Workloads.swift`), and the
///   attribution section's own `renderServerMs` (a worst frame's, not a view type's key);
/// - no look-up into a recorded scenario by key name (`source?["content"]`,
///   `scenarioSource?["stack"]`);
/// - no `default:` in a switch over a stack kind (`stack.kind`, `stackKind`, `config.kind`):
///   every kind is named, so a new one is a compile error where it must be decided.
@Suite struct ScenarioKeyLiteralTests {
    @Test func noCostKeyLiteralOutsideItsDeclaration() throws {
        let names = Set(CostPhase.allCases.map(\.key))
        let offences = try MetricLiteralTests.offences(
            of: names, in: MetricLiteralTests.sourceFiles(),
            allowedFiles: ["CostDistributions.swift", "Benchmark+Workloads.swift", "Attribution+JSON.swift"],
            allowedFolders: ["Sources/ScrollSimKit/Templates/", "Sources/ScrollSimKit/Scenario/Declarations/"])
        #expect(offences.isEmpty, "cost keys as string literals; ask CostPhase (phase.key) or the decoded costs (costs[.body]):\n\(offences.joined(separator: "\n"))")
    }

    /// A read of a recorded scenario by key: `source?["…"]`, `scenarioSource?["…"]`,
    /// `scenario.source?["…"]` (not a write into a dictionary of that name). Not `\b`: Swift's
    /// default word boundaries do not break at the dot of `report.scenarioSource`.
    static let recordedLookup = #/(?:^|[^\w])(?:source|scenarioSource)\??\[\s*"[^"]*"\s*\](?!\s*=[^=])/#

    /// "path:line: code" for each line of `text` outside `//` comments matching `pattern`.
    static func lines<Output>(in text: String, path: String, matching pattern: Regex<Output>) -> [String] {
        var found: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.trimmingCharacters(in: .whitespaces)
            guard !code.hasPrefix("//"), code.contains(pattern) else { continue }
            found.append("\(path):\(number + 1): \(code)")
        }
        return found
    }

    /// The `default:` cases of the switches over a stack kind in `text`, as "path:line: code":
    /// a `default:` at the switch's own depth, between its `{` and the matching `}`.
    static func kindDefaults(in text: String, path: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let subject = #/switch\s+(?:[\w?]+\.)*(?:stack\.kind|stackKind|config\.kind)\b[^{]*\{/#
        var found: [String] = []
        var i = 0
        while i < lines.count {
            guard !lines[i].trimmingCharacters(in: .whitespaces).hasPrefix("//"), lines[i].contains(subject) else { i += 1; continue }
            var depth = 0
            var j = i
            repeat {
                let code = lines[j]
                if depth == 1, j > i, code.trimmingCharacters(in: .whitespaces).hasPrefix("default:") {
                    found.append("\(path):\(j + 1): \(code.trimmingCharacters(in: .whitespaces))")
                }
                depth += code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count
                j += 1
            } while depth > 0 && j < lines.count
            i += 1
        }
        return found
    }

    @Test func theScannersFindWhatTheyLookFor() {
        let text = """
        let a = source?["content"]?["pagination"] != nil
        // source?["stack"] in a comment
        let b = report.scenarioSource?["stack"], c = scenario.facts.stack
        var source: [String: JSONValue] = [:]; source["table"] = .string("fitted")
        switch config.stack.kind {
        case .vStack:
            if x { y() }
        default: break
        }
        switch stackKind {
        case .vStack, .lazyVStack, .lazyVGrid, .pairedRows, .masonryLayout, .masonryColumns: break
        }
        """
        #expect(Self.lines(in: text, path: "x.swift", matching: Self.recordedLookup).map { $0.prefix(10) } == ["x.swift:1:", "x.swift:3:"])
        #expect(Self.kindDefaults(in: text, path: "x.swift") == ["x.swift:8: default: break"])
    }

    @Test func noRecordedScenarioIsReadByKey() throws {
        var offences: [String] = []
        for file in try MetricLiteralTests.sourceFiles() {
            let text = try String(contentsOfFile: MetricLiteralTests.sources.path + "/" + file, encoding: .utf8)
            offences += Self.lines(in: text, path: "Sources/" + file, matching: Self.recordedLookup)
        }
        #expect(offences.isEmpty, "a recorded scenario read by key; read its facts (report.scenario.facts) instead:\n\(offences.joined(separator: "\n"))")
    }

    @Test func everySwitchOverAStackKindNamesEveryKind() throws {
        var offences: [String] = []
        var switches = 0
        for file in try MetricLiteralTests.sourceFiles() {
            let text = try String(contentsOfFile: MetricLiteralTests.sources.path + "/" + file, encoding: .utf8)
            switches += text.matches(of: #/switch\s+(?:[\w?]+\.)*(?:stack\.kind|stackKind|config\.kind)\b/#).count
            offences += Self.kindDefaults(in: text, path: "Sources/" + file)
        }
        // The decoder's limit check, the cost model and the engine's set-up switch over kinds.
        #expect(switches >= 3)
        #expect(offences.isEmpty, "a default: over stack kinds; name every kind:\n\(offences.joined(separator: "\n"))")
    }
}
