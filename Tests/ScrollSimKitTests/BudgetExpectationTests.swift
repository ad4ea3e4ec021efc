import Foundation
import Testing
@testable import ScrollSimKit

/// A deliberate anti-pattern (`"expect": "over-budget"`, `expectedOver`) is not a failure while
/// it breaks exactly the budgets it names; anything else is.
@Suite struct BudgetExpectationTests {
    static let dropped = BudgetResult(key: "droppedFrames", limit: 2, value: 23)
    static let overruns = BudgetResult(key: "prefetchOverrunFrames", limit: 0, value: 23)
    static let memoryOK = BudgetResult(key: "peakMemoryBytes", limit: 100, value: 50)
    static let overrunsOK = BudgetResult(key: "prefetchOverrunFrames", limit: 0, value: 0)

    @Test func overExactlyTheNamedBudgetsIsNotAFailure() {
        let standing = BudgetExpectation(results: [Self.dropped, Self.overruns, Self.memoryOK], expectedOver: [.droppedFrames, .prefetchOverrunFrames])
        #expect(standing == .overAsExpected([Self.dropped, Self.overruns]))
        #expect(!standing.failed && standing.failureText == nil)
    }

    @Test func anUnexpectedBudgetBreakFails() {
        // Named: droppedFrames only; prefetchOverrunFrames breaks too.
        let standing = BudgetExpectation(results: [Self.dropped, Self.overruns], expectedOver: [.droppedFrames])
        #expect(standing == .failed(unexpectedlyOver: [Self.overruns], unexpectedlyWithin: []))
        #expect(standing.failureText == "prefetchOverrunFrames 23 > 0")
        // No expectation at all: the ordinary failure.
        #expect(BudgetExpectation(results: [Self.dropped], expectedOver: []).failed)
        #expect(BudgetExpectation(results: [Self.memoryOK], expectedOver: []) == .within)
    }

    /// The anti-pattern fixed (or the model changed) so a named budget holds: the scenario no
    /// longer shows what it says, and that fails too (as XCTExpectFailure does when nothing
    /// fails).
    @Test func aNamedBudgetThatHoldsFails() {
        let standing = BudgetExpectation(results: [Self.dropped, Self.overrunsOK], expectedOver: [.droppedFrames, .prefetchOverrunFrames])
        #expect(standing.failed)
        #expect(standing.failureText == "expected over but within: prefetchOverrunFrames 0 ≤ 0")
    }

    static let minimal = """
    {"schema": 1, "name": "t", "duration": 1, "budgets": {"droppedFrames": 0},
     "content": {"count": 10, "types": [{"name": "cell", "height": {"fixed": 100}}]}
    """

    func decode(_ tail: String) throws -> Scenario {
        try ScenarioLoader.decode(Data((Self.minimal + tail + "}").utf8), file: "t.json")
    }

    func problem(_ tail: String) -> String {
        do {
            _ = try decode(tail)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test func theKeysAreDecodedAndChecked() throws {
        #expect(try decode(#", "expect": "over-budget", "expectedOver": ["droppedFrames"]"#).expectedOverBudget == [.droppedFrames])
        #expect(try decode("").expectedOverBudget == [])
        #expect(try decode(#", "expect": "within-budget""#).expectedOverBudget == [])
        #expect(problem(#", "expect": "over-budget""#).contains("expectedOver: \"expect\": \"over-budget\" needs expectedOver"))
        #expect(problem(#", "expectedOver": ["droppedFrames"]"#).contains("expect: expectedOver is given, so expect must be \"over-budget\""))
        #expect(problem(#", "expect": "over-budget", "expectedOver": ["hitchRatio"]"#).contains("expectedOver[0]: hitchRatio has no budget in this scenario"))
        #expect(problem(#", "expect": "over-budget", "expectedOver": ["droppedFrame"]"#).contains("is not a budget (did you mean \"droppedFrames\"?)"))
        #expect(problem(#", "expect": "over budget", "expectedOver": ["droppedFrames"]"#).contains("expect"))
    }

    /// Neither key changes the simulation: the content hash is the same with and without them.
    @Test func theKeysAreNotHashed() throws {
        #expect(try decode(#", "expect": "over-budget", "expectedOver": ["droppedFrames"]"#).contentHash == decode("").contentHash)
    }
}
