import Foundation
import Testing
@testable import ScrollSimKit

@Suite struct CompareThresholdsFileTests {
    func decode(_ text: String) throws -> Thresholds {
        try Thresholds.decode(Data(text.utf8), file: "thresholds.json")
    }

    @Test func readsEveryForm() throws {
        let thresholds = try decode("""
        {"schema": 1, "preset": "relative",
         "metrics": {"frameWorkMs.p99": {"error": "20%"}, "frameWorkMs.*": {"warning": "3%", "error": "8%", "floor": 0.02},
                     "droppedFrames": 2, "peakMemoryBytes": "1%,4%", "visibleJumps": "off"},
         "scenarios": {"feed": {"frameWorkMs.max": {"warning": "off"}}}}
        """)
        #expect(thresholds.sources == ["thresholds.json"])
        // The pattern applies first, then the exact name replaces only the error limit.
        #expect(thresholds.threshold(for: "frameWorkMs.p99", scenario: "x") == Threshold(warning: .relative(0.03), error: .relative(0.2), floor: 0.02))
        #expect(thresholds.threshold(for: "frameWorkMs.p50", scenario: "x") == Threshold(warning: .relative(0.03), error: .relative(0.08), floor: 0.02))
        #expect(thresholds.threshold(for: "droppedFrames", scenario: "x") == Threshold(error: .absolute(2)))
        #expect(thresholds.threshold(for: "peakMemoryBytes", scenario: "x") == Threshold(warning: .relative(0.01), error: .relative(0.04), floor: 4096))
        #expect(thresholds.threshold(for: "visibleJumps", scenario: "x").isOff)
        #expect(thresholds.threshold(for: "frameWorkMs.max", scenario: "feed") == Threshold(warning: nil, error: .relative(0.08), floor: 0.02))
        #expect(thresholds.threshold(for: "frameWorkMs.max", scenario: "other").warning == .relative(0.03))
    }

    /// The order the overrides apply in, worked by hand: the patterns first, a shorter (wider)
    /// prefix before a longer one (`visible*` before `frameWorkMs.*`, though not by name), so
    /// that the narrower applies later and wins; then the exact names, by name whatever their
    /// length. A file's overrides are kept in that order.
    @Test func patternsApplyWidestFirstThenExactNamesByName() throws {
        #expect(Thresholds.applicationOrder(["visibleJumps", "frameWorkMs.p99", "frameWorkMs.*", "visible*", "droppedFrames", "*", "frame*", "drop*"])
                == ["*", "drop*", "frame*", "visible*", "frameWorkMs.*", "droppedFrames", "frameWorkMs.p99", "visibleJumps"])
        let thresholds = try decode(#"{"schema": 1, "metrics": {"visibleJumps": 1, "droppedFrames": 2, "frameWorkMs.*": "5%", "frame*": "9%"}}"#)
        #expect(thresholds.overrides.map(\.metric) == ["frame*", "frameWorkMs.*", "droppedFrames", "visibleJumps"])
    }

    @Test func overBudgetAndRulesCanBeSet() throws {
        let thresholds = try decode(#"{"schema": 1, "overBudget": "warning", "metrics": {"frameWorkMs.p99": {"rule": "limits"}}}"#)
        #expect(thresholds.overBudget == .warning)
        #expect(thresholds.threshold(for: "frameWorkMs.p99", scenario: "x").rule == .limits)
        #expect(try decode(#"{"schema": 1, "overBudget": "off"}"#).overBudget == nil)
        #expect(try decode(#"{"schema": 1}"#).overBudget == .error)
        // --preset after the file keeps the file's overBudget.
        var chosen = try decode(#"{"schema": 1, "overBudget": "off"}"#)
        chosen.preset = .standard
        #expect(chosen.overBudget == nil)
    }

    @Test func presetCanBeChosen() throws {
        let thresholds = try decode(#"{"schema": 1, "preset": "exact"}"#)
        #expect(thresholds.preset == .exact)
        #expect(thresholds.threshold(for: "frameWorkMs.p99", scenario: "x") == Threshold(error: .absolute(0)))
    }

    @Test(arguments: [
        (#"{"preset": "standard"}"#, "thresholds.json: schema: is required"),
        (#"{"schema": 2}"#, "thresholds.json: schema: this ScrollSim reads thresholds schema 1"),
        (#"{"schema": 1, "presets": "exact"}"#, #"unknown key "presets" (did you mean "preset"?)"#),
        (#"{"schema": 1, "preset": "strict"}"#, #"preset: "strict" is not one of "standard", "relative", "exact""#),
        (#"{"schema": 1, "overBudget": "fatal"}"#, #"overBudget: "fatal" is not one of "error", "warning", "off""#),
        (#"{"schema": 1, "metrics": {"frameWorkMs.p99": {"rule": "budget"}}}"#, #"metrics.frameWorkMs.p99.rule: "budget" is not one of "limits", "frameBudget", "hitchGrades""#),
        (#"{"schema": 1, "metrics": {"framWorkMs.p99": "5%"}}"#, #"metrics.framWorkMs.p99: unknown metric "framWorkMs.p99" (did you mean "frameWorkMs.p99"?)"#),
        (#"{"schema": 1, "metrics": {"frames": "5%"}}"#, "metrics.frames: frames is neutral"),
        (#"{"schema": 1, "metrics": {"droppedFrames": "many"}}"#, #"metrics.droppedFrames: "many" is not a limit"#),
        (#"{"schema": 1, "metrics": {"droppedFrames": true}}"#, "metrics.droppedFrames: expected a limit"),
        (#"{"schema": 1, "metrics": {"droppedFrames": {"eror": 1}}}"#, #"metrics.droppedFrames.eror: unknown key "eror" (did you mean "error"?)"#),
        (#"{"schema": 1, "metrics": {"hitchTimeMs": {"warning": "9%", "error": "4%"}}}"#, "metrics.hitchTimeMs: the warning limit 9% is looser"),
        (#"{"schema": 1, "scenarios": {"feed": 3}}"#, "scenarios.feed: expected an object"),
        // A syntax error reads FILE:LINE:COLUMN as in every other file (`{` at 2:13, the end at 2:14).
        ("{\"schema\": 1,\n \"metrics\": {", "thresholds.json:2:14: unexpected end of the file inside an object"),
    ])
    func reportsProblemsWithTheirKeyPath(text: String, expected: String) {
        do {
            _ = try decode(text)
            Issue.record("accepted \(text)")
        } catch let error as ScrollSimError {
            #expect(error.description.contains(expected), "\(error.description)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// The thresholds file is read through declarations (`ThresholdsKeys`), so its messages are
    /// worked out as a scenario file's: the key path, then what is wrong. Each expected line
    /// below was written by hand from the message rules, not copied from output.
    @Test func messagesOfTheDeclaredReaderAreExact() {
        func lines(_ text: String) -> [String] {
            do {
                _ = try decode(text)
                return ["accepted"]
            } catch let error as ScrollSimError {
                return error.messages
            } catch {
                return ["\(error)"]
            }
        }
        // "warnig" is one deletion from "warning" (Levenshtein 1), so it is suggested; the
        // allowed keys are the override object's four, sorted.
        #expect(lines(#"{"schema": 1, "scenarios": {"feed": {"frameWorkMs.max": {"warnig": "5%"}}}}"#) == [
            #"thresholds.json: scenarios.feed.frameWorkMs.max.warnig: unknown key "warnig" (did you mean "warning"?); allowed here: error, floor, rule, warning"#,
        ])
        // Two absolute limits, 9 over 4: the warning would never fire before the error. The
        // problem is the pair, so it names the metric's object.
        #expect(lines(#"{"schema": 1, "metrics": {"droppedFrames": {"warning": 9, "error": 4}}}"#) == [
            #"thresholds.json: metrics.droppedFrames: the warning limit 9 is looser than the error limit 4; write "WARNING,ERROR" with the warning first"#,
        ])
        // Every problem is reported, not only the first: the declared keys in their order
        // (schema, preset, then metrics' entries in application order: pattern first), then
        // the unknown top-level key (allowed keys sorted: "$schema" first, "scenarios" before "schema").
        #expect(lines(#"{"schema": 1, "preset": "strickt", "metrics": {"droppedFrames": true, "frameWorkMs.*": {"floor": -1}}, "scenaros": {}}"#) == [
            #"thresholds.json: preset: "strickt" is not one of "standard", "relative", "exact""#,
            "thresholds.json: metrics.frameWorkMs.*.floor: -1 is outside 0...1000000000000000",
            #"thresholds.json: metrics.droppedFrames: expected a limit (a number, or a string such as "5%", "3%,8%" or "off") or an object with warning, error and floor, found a boolean"#,
            #"thresholds.json: scenaros: unknown key "scenaros" (did you mean "scenarios"?); allowed here: $schema, metrics, overBudget, preset, scenarios, schema"#,
        ])
        // A syntax error: FILE:LINE:COLUMN: what. The comma is at 1:13 and the `}` after it
        // at 1:14, where the parser finds the trailing comma.
        #expect(lines(#"{"schema": 1,}"#).count == 1)
        #expect(lines(#"{"schema": 1,}"#).first?.hasPrefix("thresholds.json:1:14: ") == true)
    }

    @Test func aMissingFileNamesItself() {
        #expect(throws: ScrollSimError.self) { try Thresholds.load(path: "/nonexistent/thresholds.json") }
        do {
            _ = try Thresholds.load(path: "/nonexistent/thresholds.json")
        } catch {
            #expect("\(error)".hasPrefix("/nonexistent/thresholds.json: cannot read the file"))
        }
    }

    /// The repository's own file is what `.ci/run` uses: it must load.
    @Test func theRepositoryThresholdsFileLoads() throws {
        let thresholds = try Thresholds.load(path: CompareFixtures.path("Reports/thresholds.json"))
        #expect(thresholds.preset == .standard)
    }
}
