import Foundation
import Testing
@testable import ScrollSimKit

/// Budget units: the former `peakMemoryMB` is in MiB (1,048,576 bytes), checked through the
/// report's budget results, which carry the limit converted into the metric's unit (bytes).
/// Each scenario here has exactly one budget.
@Suite struct BudgetUnitTests {
    /// 3 rows of 100 pt in an 852 pt viewport, each holding 300,000 bytes of view and 64 of
    /// data, nothing else: 3 · 300,000 + 3 · 64 = 900,192 bytes at peak.
    ///
    ///     in MiB: 900,192 / 1,048,576 = 0.858490…   (in decimal MB it would be 0.900192)
    ///     limit 0.88 MiB = 922,746.88 bytes passes (0.88 decimal MB = 880,000 bytes would fail);
    ///     limit 0.85 MiB = 891,289.6 bytes fails
    func report(limit: Double) throws -> Report {
        let text = """
        {"schema": 1, "name": "memory", "duration": 0.05,
         "stack": {"prefetch": {"enabled": false}},
         "content": {"count": 3, "types": [{"name": "row", "height": {"fixed": 100},
                     "memory": {"view": 300000, "state": 0, "content": 0, "data": 64}}]},
         "budgets": {"peakMemoryMB": \(limit)}}
        """
        let scenario = try ScenarioLoader.decode(Data(text.utf8), file: "memory.json")
        let root = try JSONValue.parse(Data(JSONWriter().string(Baseline.report(for: scenario)).utf8))
        return try Report(path: "memory.json", root: root)
    }

    @Test func peakMemoryIsBudgetedInMebibytes() throws {
        let within = try report(limit: 0.88)
        #expect(within.metrics["peakMemoryBytes"] == 900_192)
        let result = try #require(within.budgetResults.first)
        #expect(within.budgetResults.count == 1)
        #expect(result.value == 900_192)
        #expect(result.limit == 922_746.88, "0.88 × 1,048,576")
        #expect(result.pass)
        #expect(within.summary["budgetsPassed"] == .bool(true))

        let over = try report(limit: 0.85)
        #expect(over.budgetResults.count == 1)
        #expect(over.budgetResults.first?.pass == false)
        #expect(over.summary["budgetsPassed"] == .bool(false))
    }
}
