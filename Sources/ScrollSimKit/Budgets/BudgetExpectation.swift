/// How a run stands against its budgets and what its scenario expects of them (`expect`,
/// `expectedOver`): within them, over exactly the budgets a deliberate anti-pattern names, or
/// failed.
///
/// A deliberate anti-pattern (a shipped or template scenario that shows what not to do) is
/// expected to break the budgets it names: that is what it demonstrates, and CI running it
/// must not fail. It fails as any scenario does when it breaks a budget it did not name (an
/// unexpected regression), and when a budget it names holds (the demonstration no longer shows
/// what it says). The same rule as XCTest's `XCTExpectFailure` (a test that expects a failure
/// fails when none occurs, unless non-strict) and pytest's `xfail(strict=True)`.
public enum BudgetExpectation: Equatable, Sendable {
    /// Every budget holds, and none was expected to break.
    case within
    /// Over exactly the budgets the scenario names as broken on purpose.
    case overAsExpected([BudgetResult])
    /// A failure: budgets over that were not expected, and budgets expected over that held.
    case failed(unexpectedlyOver: [BudgetResult], unexpectedlyWithin: [BudgetResult])

    public init(results: [BudgetResult], expectedOver: [Metric]) {
        let expected = Set(expectedOver.map(\.path))
        let unexpectedlyOver = results.filter { !$0.pass && !expected.contains($0.key) }
        let unexpectedlyWithin = results.filter { $0.pass && expected.contains($0.key) }
        if !unexpectedlyOver.isEmpty || !unexpectedlyWithin.isEmpty {
            self = .failed(unexpectedlyOver: unexpectedlyOver, unexpectedlyWithin: unexpectedlyWithin)
        } else if expected.isEmpty {
            self = .within
        } else {
            self = .overAsExpected(results.filter { !$0.pass })
        }
    }

    public var failed: Bool {
        if case .failed = self { return true }
        return false
    }

    /// "droppedFrames 23 > 2, hitchRatio 24.89 ms/s > 5.00 ms/s; expected over but within:
    /// prefetchOverrunFrames 0 ≤ 0": what made the run fail; nil when it did not.
    public var failureText: String? {
        guard case .failed(let over, let within) = self else { return nil }
        var parts: [String] = []
        if !over.isEmpty { parts.append(over.map(\.exceededText).joined(separator: ", ")) }
        if !within.isEmpty {
            parts.append("expected over but within: " + within.map { "\($0.key) \(DisplayFormat.metric(path: $0.key, $0.value)) ≤ \(DisplayFormat.metric(path: $0.key, $0.limit))" }.joined(separator: ", "))
        }
        return parts.joined(separator: "; ")
    }
}
