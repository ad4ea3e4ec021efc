import Foundation
import Testing
import ScrollSimEngine
@testable import ScrollSimKit

/// Reports are read through types (`report[.hitchRatio]`, `report.scenario`): no metric is named
/// by a string literal outside the metric catalogue, so renaming a metric is one edit the
/// compiler follows everywhere.
///
/// The test reads every Swift file under Sources (the kit, ScrollSimPresentation's pages,
/// charts and traces, the CLI, the history) and fails on a string literal that is exactly a
/// metric's path (`"droppedFrames"`, `"frameWorkMs.p99"`), outside comments. Left out, with the
/// reason: the catalogue itself (`Metric.swift`); `frames`, which is also the report's
/// per-frame section and a plain English word; and the scenario key declarations, whose keys
/// are scenario keys (`grading.hitchRatio`), not look-ups of a metric.
@Suite struct MetricLiteralTests {
    static let sources = ReportFixtures.packageRoot.appendingPathComponent("Sources")
    static let allowedFiles: Set<String> = ["Metric.swift"]
    static let allowedFolders = ["Sources/ScrollSimKit/Scenario/Declarations/"]

    /// The metric-path string literals in `text`, outside `//` comments, with their line numbers.
    static func literals(in text: String, names: Set<String>) -> [(line: Int, name: String)] {
        var found: [(Int, String)] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.trimmingCharacters(in: .whitespaces).hasPrefix("//") ? "" : String(line)
            var inString = false
            var current = ""
            var escaped = false
            for c in code {
                if inString {
                    if escaped { escaped = false; current.append(c); continue }
                    if c == "\\" { escaped = true; current.append(c); continue }
                    if c == "\"" {
                        inString = false
                        if names.contains(current) { found.append((number + 1, current)) }
                        current = ""
                    } else {
                        current.append(c)
                    }
                } else if c == "\"" {
                    inString = true
                }
            }
        }
        return found
    }

    @Test func theScannerFindsALiteralAndSkipsComments() {
        let names: Set<String> = ["droppedFrames", "frameWorkMs.p99"]
        let text = """
        let a = m["droppedFrames"] ?? 0
        // m["frameWorkMs.p99"] in a comment
        let b = "see droppedFrames here", c = "frameWorkMs.p99"
        """
        #expect(Self.literals(in: text, names: names).map(\.line) == [1, 3])
        #expect(Self.literals(in: text, names: names).map(\.name) == ["droppedFrames", "frameWorkMs.p99"])
    }

    /// Every Swift file under Sources, relative to it.
    static func sourceFiles() throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }.sorted()
    }

    /// `path:line: "name"` for each literal of `names` in a source file outside the allowed
    /// files (by name) and folders (by path from the package root).
    static func offences(of names: Set<String>, in files: [String], allowedFiles: Set<String>, allowedFolders: [String]) throws -> [String] {
        var offences: [String] = []
        for file in files {
            let relative = "Sources/" + file
            if allowedFiles.contains((file as NSString).lastPathComponent) || allowedFolders.contains(where: relative.hasPrefix) { continue }
            let text = try String(contentsOfFile: sources.path + "/" + file, encoding: .utf8)
            for hit in literals(in: text, names: names) { offences.append("\(relative):\(hit.line): \"\(hit.name)\"") }
        }
        return offences
    }

    @Test func noMetricNameLiteralOutsideTheCatalogue() throws {
        let names = Set(Metric.allCases.map(\.path)).subtracting(["frames"])
        let files = try Self.sourceFiles()
        #expect(files.count > 100)
        // The pages, charts and traces read reports most of all: their target is scanned too.
        #expect(files.contains { $0.hasPrefix("ScrollSimPresentation/Charts/") })
        #expect(files.contains { $0.hasPrefix("ScrollSimPresentation/Trace/") })
        let offences = try Self.offences(of: names, in: files, allowedFiles: Self.allowedFiles, allowedFolders: Self.allowedFolders)
        #expect(offences.isEmpty, "metric names as string literals; read them through Metric (report[.metric]):\n\(offences.joined(separator: "\n"))")
    }
}

/// Stack kinds are read through `StackConfig.Kind` (`report.scenario.stackKind`, its `family`),
/// never compared as strings: a new kind is then a compile error in every exhaustive switch
/// (`StackConfig+Family.swift`) instead of a reader that silently treats it as a plain list.
/// Left out, with the reason: the enum itself (`StackConfig.swift`), the scenario templates
/// (`Templates/`) and the benchmark's scenarios (`Benchmark+Workloads.swift`), which are
/// scenario documents written as text.
@Suite struct StackKindLiteralTests {
    static let allowedFiles: Set<String> = ["StackConfig.swift", "Benchmark+Workloads.swift"]
    static let allowedFolders = ["Sources/ScrollSimKit/Templates/"]

    @Test func noStackKindLiteralOutsideItsEnum() throws {
        let names = Set(StackConfig.Kind.allCases.map(\.rawValue))
        let offences = try MetricLiteralTests.offences(of: names, in: MetricLiteralTests.sourceFiles(),
                                                       allowedFiles: Self.allowedFiles, allowedFolders: Self.allowedFolders)
        #expect(offences.isEmpty, "stack kinds as string literals; read them through StackConfig.Kind:\n\(offences.joined(separator: "\n"))")
    }
}
