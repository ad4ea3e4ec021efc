import Foundation
import ScrollSimEngine
@testable import ScrollSimKit

/// Reports and files for the comparison tests.
enum CompareFixtures {
    /// The package root, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ relative: String) -> String {
        packageRoot.appendingPathComponent(relative).path
    }

    /// A minimal valid report: a scenario name, a content hash and a summary.
    static func report(_ summary: [String: JSONValue]) throws -> Report {
        try report("list", summary)
    }

    /// A minimal valid report of the scenario `name`.
    static func report(_ name: String, hash: String = "0000000000000001", path: String? = nil,
                       _ summary: [String: JSONValue]) throws -> Report {
        let root: JSONValue = .object([
            "schema": .number(1),
            "scenario": .object(["name": .string(name), "contentHash": .string(hash)]),
            "summary": .object(summary),
            "harness": .object(["wallTimeMs": .number(Double.random(in: 1...100))]),
        ])
        return try Report(path: path ?? "\(name).json", root: root)
    }

    /// A summary with a few metrics of each kind, for editing in tests.
    static let summary: [String: JSONValue] = [
        "frames": .number(960),
        "droppedFrames": .number(0),
        "hitchTimeMs": .number(0),
        "frameWorkMs": .object(["p50": .number(0.63), "p99": .number(1.1), "max": .number(3.41)]),
        "peakMemoryBytes": .number(2_684_354),
        "visibleJumps": .number(0),
        "wastedPrefetchMs": .number(2.8),
        "appears": .number(40),
        "budgets": .object(["droppedFrames": .object(["limit": .number(0), "value": .number(0), "pass": .bool(true)])]),
    ]

    /// `summary` with some values replaced (dotted paths).
    static func summary(_ changes: [String: Double]) -> [String: JSONValue] {
        var result = summary
        for (path, value) in changes {
            let parts = path.split(separator: ".").map(String.init)
            if parts.count == 1 {
                result[parts[0]] = .number(value)
            } else {
                var inner = result[parts[0]]?.objectValue ?? [:]
                inner[parts[1]] = .number(value)
                result[parts[0]] = .object(inner)
            }
        }
        return result
    }

    /// A real report of a shipped scenario, simulated once per test process.
    static var origamiLazy: Report {
        get throws { try origamiLazyReport.get() }
    }

    private static let origamiLazyReport: Result<Report, Error> = Result {
        let scenario = try ScenarioLoader.load(path: path("Scenarios/origami-lazy.json"))
        let text = JSONWriter().string(ReportBuilder.build(scenario: scenario, result: Simulation.run(scenario.config), harness: nil))
        return try Report(path: "origami-lazy.json", root: JSONValue.parse(Data(text.utf8)))
    }

    /// A fresh empty directory under the temporary directory.
    /// Writes a report into `directory` as `name` and returns its path.
    static func write(_ report: Report, to directory: String, as name: String) throws -> String {
        let path = (directory as NSString).appendingPathComponent(name)
        try OutputWriter.write(JSONWriter().string(report.root), to: path)
        return path
    }

    static func temporaryDirectory(_ label: String = #function) throws -> String {
        let safe = label.filter { $0.isLetter || $0.isNumber }
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("scrollsim-\(safe)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
