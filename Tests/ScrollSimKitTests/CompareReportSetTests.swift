import Foundation
import Testing
@testable import ScrollSimKit

@Suite struct CompareReportSetTests {
    typealias F = CompareFixtures

    @Test func readsAFileOrEveryReportOfADirectory() throws {
        let directory = try F.temporaryDirectory()
        let b = try F.write(F.report("b", F.summary), to: directory, as: "b.json")
        _ = try F.write(F.report("a", F.summary), to: directory, as: "a.json")
        try "not json, not read".write(toFile: (directory as NSString).appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        #expect(try ReportSet.load(directory).map(\.scenarioName) == ["a", "b"])
        #expect(try ReportSet.load(b).map(\.scenarioName) == ["b"])
    }

    @Test func everyBadFileIsReportedByName() throws {
        let directory = try F.temporaryDirectory()
        _ = try F.write(F.report("a", F.summary), to: directory, as: "a.json")
        let corrupt = (directory as NSString).appendingPathComponent("corrupt.json")
        try "{\"schema\": 1, \"summary\": ".write(toFile: corrupt, atomically: true, encoding: .utf8)
        let foreign = (directory as NSString).appendingPathComponent("scenario.json")
        try #"{"schema": 1, "name": "x"}"#.write(toFile: foreign, atomically: true, encoding: .utf8)
        let future = (directory as NSString).appendingPathComponent("future.json")
        try #"{"schema": 3, "scenario": {"name": "x"}, "summary": {}}"#.write(toFile: future, atomically: true, encoding: .utf8)
        do {
            _ = try ReportSet.load(directory)
            Issue.record("a directory with bad files was accepted")
        } catch let error as ScrollSimError {
            #expect(error.messages.count == 3)
            #expect(error.messages[0].hasPrefix("\(corrupt):1:"))
            #expect(error.messages[1].hasPrefix("\(future): report schema 3 is not supported"))
            #expect(error.messages[2].hasPrefix("\(foreign): not a ScrollSim report"))
        }
    }

    @Test func duplicateScenariosEmptyDirectoriesAndMissingPathsAreErrors() throws {
        let directory = try F.temporaryDirectory()
        #expect(throws: ScrollSimError(file: directory, message: "the directory holds no .json reports")) { try ReportSet.load(directory) }
        _ = try F.write(F.report("a", F.summary), to: directory, as: "a.json")
        let copy = try F.write(F.report("a", F.summary), to: directory, as: "copy.json")
        do {
            _ = try ReportSet.load(directory)
            Issue.record("duplicate scenarios were accepted")
        } catch let error as ScrollSimError {
            #expect(error.messages == ["\(copy): scenario \"a\" is also reported by \((directory as NSString).appendingPathComponent("a.json")); a directory holds one report per scenario"])
        }
        #expect(throws: ScrollSimError(file: "/nonexistent/x", message: "no such file or directory")) { try ReportSet.load("/nonexistent/x") }
    }

    @Test(arguments: [("1e300", "report schema 1e+300 is not supported"), ("1.5", "report schema 1.5 is not supported"), ("-1", "report schema -1 is not supported")])
    func oddSchemasAreRejectedWithoutATrap(schema: String, message: String) throws {
        let directory = try F.temporaryDirectory()
        let path = (directory as NSString).appendingPathComponent("a.json")
        try #"{"schema": \#(schema), "scenario": {"name": "a"}, "summary": {}}"#.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: ScrollSimError(file: path, message: "\(message) (this ScrollSim reads schemas 1 and 2)")) { try ReportSet.load(path) }
    }

    @Test func numbersNoSimulationWritesAreRejected() throws {
        let directory = try F.temporaryDirectory()
        // Written by hand: JSONWriter itself cannot write such a number.
        let path = (directory as NSString).appendingPathComponent("a.json")
        try #"{"schema": 1, "scenario": {"name": "a"}, "summary": {"frames": 10, "frameWorkMs": {"p99": 1e300}}}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: ScrollSimError(file: path, message: "corrupt report: summary.frameWorkMs.p99: 1e+300 is outside what a report can hold (magnitude below 2^53 = 9007199254740992)")) {
            try ReportSet.load(path)
        }
    }
}

/// Reading sides and pairing them: the one rule `compare` and `report --baseline` share.
@Suite struct CompareSidesTests {
    typealias F = CompareFixtures

    @Test func twoFilesArePairedWhateverTheirNamesDirectoriesByName() throws {
        let base = try F.temporaryDirectory("base"), current = try F.temporaryDirectory("current")
        let a = try F.write(F.report("a", F.summary), to: base, as: "a.json")
        let b = try F.write(F.report("b", F.summary(["droppedFrames": 1])), to: current, as: "b.json")
        let pair = Comparison(baseline: try ReportSet.side([a]), current: try ReportSet.side([b]))
        #expect(pair.scenarios.map(\.name) == ["b"])
        #expect(pair.scenarios[0].status == .compared)
        #expect(pair.scenarios[0].baseline?.scenarioName == "a")
        #expect(pair.baselineLabel == a && pair.currentLabel == b)
        #expect(pair.regressions.map(\.metric.path) == ["droppedFrames"])

        // A directory of one report is matched by name, as compare does with directories.
        let byName = Comparison(baseline: try ReportSet.side([base]), current: try ReportSet.side([current]))
        #expect(byName.scenarios.map { "\($0.name) \($0.status.rawValue)" } == ["a missing", "b new"])
        // So is a file against a directory, and several current paths.
        let several = Comparison(baseline: try ReportSet.side([a]), current: try ReportSet.side([b, base]))
        #expect(several.scenarios.map { "\($0.name) \($0.status.rawValue)" } == ["a compared", "b new"])
        #expect(several.currentLabel == "\(b) \(base)")
    }

    @Test func tracesInADirectoryAreSkipped() throws {
        let directory = try F.temporaryDirectory()
        _ = try F.write(F.report("a", F.summary), to: directory, as: "a.json")
        try #"{"traceEvents": []}"#.write(toFile: (directory as NSString).appendingPathComponent("a.trace.json"), atomically: true, encoding: .utf8)
        #expect(try ReportSet.load(directory).map(\.scenarioName) == ["a"])
    }

    @Test func aScenarioTwiceAcrossPathsIsAnErrorNamingBoth() throws {
        let one = try F.temporaryDirectory("one"), two = try F.temporaryDirectory("two")
        let first = try F.write(F.report("a", F.summary), to: one, as: "a.json")
        let second = try F.write(F.report("a", F.summary), to: two, as: "x.json")
        let missing = (two as NSString).appendingPathComponent("nope.json")
        #expect(throws: ScrollSimError(problems: [.init(file: missing, message: "no such file or directory"),
                                                     .init(file: second, message: "scenario \"a\" is also reported by \(first); give one report per scenario")])) {
            try ReportSet.side([one, missing, second])
        }
    }
}
