import Foundation
@testable import ScrollSimHistory
import ScrollSimKit

/// Databases in fresh temporary directories, and runs made by hand.
enum HistoryFixtures {
    static func directory(_ label: String = #function) throws -> String {
        let safe = label.filter { $0.isLetter || $0.isNumber }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-history-\(safe)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A run of `scenario` with the given summary metrics and harness wall time.
    static func run(_ scenario: String, hash: String = "h1", _ summary: [(String, Double)], wallTimeMs: Double? = nil, budgets: [(String, Double)] = []) -> HistoryRun {
        HistoryRun(scenario: scenario, contentHash: hash, scenarioJSON: "{\"contentHash\":\"\(hash)\",\"name\":\"\(scenario)\"}", report: "\(scenario).json",
                   summary: summary.map { (metric: $0.0, value: $0.1) }, budgets: budgets.map { (metric: $0.0, budget: $0.1) },
                   harness: wallTimeMs.map { [(figure: "wallTimeMs", value: $0)] } ?? [])
    }
}
