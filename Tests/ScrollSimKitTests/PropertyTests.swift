import Foundation
@testable import ScrollSimKit
@testable import ScrollSimTesting
@testable import ScrollSimPresentation
import XCTest

/// The property test: random scenarios built from the key declarations (`ScenarioGenerator`)
/// that validate must play without trapping, their reports must read back and be read by
/// compare, ab, the HTML pages and the trace, and every report must satisfy
/// `ReportInvariants`. A refusal must come with messages.
///
/// How many: `SCROLLSIM_PROPERTY_SEEDS` scenarios (300 by default, which keeps `swift test` and
/// the sanitizers quick; `.ci/run test` sets 10,000; `scripts/properties --seeds N` any number),
/// from seed `SCROLLSIM_PROPERTY_FIRST` (1 by default). A failing seed is printed with its
/// scenario's text; `ScenarioGenerator.text(seed:)` gives it back. The scenarios are played in
/// one lane per core (seeds interleaved); the scenario in play is written to
/// `scrollsim-property-in-play.json` (`-1.json`, … for the other lanes) in the temporary directory
/// before it plays, so a trap, which ends the process, leaves it behind.
final class PropertyTests: XCTestCase {
    static var environment: [String: String] { ProcessInfo.processInfo.environment }

    func testGeneratedScenariosPlayAndEveryReaderReadsTheirReports() {
        let count = Int(Self.environment["SCROLLSIM_PROPERTY_SEEDS"] ?? "") ?? 300
        let first = UInt64(Self.environment["SCROLLSIM_PROPERTY_FIRST"] ?? "") ?? 1
        // The seeds are played in as many interleaved lanes as there are cores, each with its
        // own file for the scenario in play.
        let lanes = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8, count / 50))
        let directory = URL(fileURLWithPath: NSTemporaryDirectory())
        let inPlay = (0..<lanes).map { directory.appendingPathComponent("scrollsim-property-in-play\($0 == 0 ? "" : "-\($0)").json") }
        print("property test: \(count) scenarios from seed \(first) in \(lanes) lane(s); each is written to \(inPlay[0].path) (or -N.json) before it plays")
        let results = Lanes(count: lanes)
        DispatchQueue.concurrentPerform(iterations: lanes) { lane in
            var outcome = LaneOutcome()
            var previous: Report?
            for seed in stride(from: first + UInt64(lane), to: first + UInt64(max(0, count)), by: lanes) {
                let (text, dataFile) = ScenarioGenerator.files(seed: seed)
                try? Data(("// seed \(seed)\n" + text).utf8).write(to: inPlay[lane])
                var check = PropertyCheck(label: "g\(seed)", text: text, dataFile: dataFile, previous: previous)
                switch check.run(thorough: seed % 8 == 0) {
                case .refused(let messages):
                    for message in messages { outcome.refusals[Self.kind(of: message), default: 0] += 1 }
                case .played(let problems):
                    outcome.played += 1
                    if !problems.isEmpty { outcome.failures.append((seed, text, problems)) }
                }
                previous = check.previous
            }
            try? FileManager.default.removeItem(at: inPlay[lane])
            results.set(lane, outcome)
        }
        let outcomes = results.all
        let played = outcomes.reduce(0) { $0 + $1.played }
        let failures = outcomes.flatMap(\.failures).sorted { $0.seed < $1.seed }
        let refusals = outcomes.reduce(into: [String: Int]()) { all, lane in all.merge(lane.refusals, uniquingKeysWith: +) }
        let common = refusals.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(5).map { "\($0.value)× \($0.key)" }
        print("property test: \(played) of \(count) scenarios played, \(count - played) refused (most common: \(common.joined(separator: "; ")))")
        // The generator is meant to make scenarios that play: most of them must validate.
        XCTAssertGreaterThanOrEqual(played * 10, count * 6, "fewer than 60% of the generated scenarios validate")
        for failure in failures.prefix(5) {
            XCTFail("seed \(failure.seed): \(failure.problems.joined(separator: "\n  "))\nscenario (ScenarioGenerator.text(seed: \(failure.seed))):\n\(failure.text)")
        }
        XCTAssertEqual(failures.count, 0, "seeds with broken properties: \(failures.map(\.seed).prefix(50).map(String.init).joined(separator: ", "))")
    }

    /// What one lane of the property test found.
    struct LaneOutcome {
        var played = 0
        var refusals: [String: Int] = [:]
        var failures: [(seed: UInt64, text: String, problems: [String])] = []
    }

    /// The lanes' outcomes, each set once by its lane.
    final class Lanes: @unchecked Sendable {
        private var outcomes: [LaneOutcome]
        private let lock = NSLock()

        init(count: Int) { outcomes = Array(repeating: LaneOutcome(), count: count) }

        func set(_ lane: Int, _ outcome: LaneOutcome) {
            lock.lock()
            outcomes[lane] = outcome
            lock.unlock()
        }

        var all: [LaneOutcome] {
            lock.lock()
            defer { lock.unlock() }
            return outcomes
        }
    }

    /// A refusal message without its numbers, to count refusals by kind.
    static func kind(of message: String) -> String {
        String(message.prefix(60).map { $0.isNumber ? "#" : $0 })
    }
}
