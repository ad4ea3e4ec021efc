import Foundation
import Testing
@testable import ScrollSimKit

@Suite struct CompareReportSetTests {
    typealias F = CompareFixtures

    func write(_ report: Report, to directory: String, as name: String) throws -> String {
        let path = (directory as NSString).appendingPathComponent(name)
        try OutputWriter.write(JSONWriter().string(report.root), to: path)
        return path
    }

    @Test func readsAFileOrEveryReportOfADirectory() throws {
        let directory = F.temporaryDirectory()
        let b = try write(F.report("b", F.summary), to: directory, as: "b.json")
        _ = try write(F.report("a", F.summary), to: directory, as: "a.json")
        try "not json, not read".write(toFile: (directory as NSString).appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        #expect(try ReportSet.load(directory).map(\.scenarioName) == ["a", "b"])
        #expect(try ReportSet.load(b).map(\.scenarioName) == ["b"])
    }

    @Test func everyBadFileIsReportedByName() throws {
        let directory = F.temporaryDirectory()
        _ = try write(F.report("a", F.summary), to: directory, as: "a.json")
        let corrupt = (directory as NSString).appendingPathComponent("corrupt.json")
        try "{\"schema\": 1, \"summary\": ".write(toFile: corrupt, atomically: true, encoding: .utf8)
        let foreign = (directory as NSString).appendingPathComponent("scenario.json")
        try #"{"schema": 1, "name": "x"}"#.write(toFile: foreign, atomically: true, encoding: .utf8)
        let future = (directory as NSString).appendingPathComponent("future.json")
        try #"{"schema": 2, "scenario": {"name": "x"}, "summary": {}}"#.write(toFile: future, atomically: true, encoding: .utf8)
        do {
            _ = try ReportSet.load(directory)
            Issue.record("a directory with bad files was accepted")
        } catch let error as ReportSet.Invalid {
            #expect(error.problems.count == 3)
            #expect(error.problems[0].hasPrefix("\(corrupt): corrupt report at 1:"))
            #expect(error.problems[1].hasPrefix("\(future): report schema 2 is not supported"))
            #expect(error.problems[2].hasPrefix("\(foreign): not a ScrollSim report"))
        }
    }

    @Test func duplicateScenariosEmptyDirectoriesAndMissingPathsAreErrors() throws {
        let directory = F.temporaryDirectory()
        #expect(throws: ReportSet.Invalid(problems: ["\(directory): the directory holds no .json reports"])) { try ReportSet.load(directory) }
        _ = try write(F.report("a", F.summary), to: directory, as: "a.json")
        let copy = try write(F.report("a", F.summary), to: directory, as: "copy.json")
        do {
            _ = try ReportSet.load(directory)
            Issue.record("duplicate scenarios were accepted")
        } catch let error as ReportSet.Invalid {
            #expect(error.problems == ["\(copy): scenario \"a\" is also reported by \((directory as NSString).appendingPathComponent("a.json")); a directory holds one report per scenario"])
        }
        #expect(throws: ReportSet.Invalid(problems: ["/nonexistent/x: no such file or directory"])) { try ReportSet.load("/nonexistent/x") }
    }

    @Test(arguments: [("1e300", "report schema 1e+300 is not supported"), ("1.5", "report schema 1.5 is not supported"), ("-1", "report schema -1 is not supported")])
    func oddSchemasAreRejectedWithoutATrap(schema: String, message: String) throws {
        let directory = F.temporaryDirectory()
        let path = (directory as NSString).appendingPathComponent("a.json")
        try #"{"schema": \#(schema), "scenario": {"name": "a"}, "summary": {}}"#.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: ReportSet.Invalid(problems: ["\(path): \(message) (this ScrollSim reads schema 1)"])) { try ReportSet.load(path) }
    }

    @Test func numbersNoSimulationWritesAreRejected() throws {
        let directory = F.temporaryDirectory()
        // Written by hand: JSONWriter itself cannot write such a number.
        let path = (directory as NSString).appendingPathComponent("a.json")
        try #"{"schema": 1, "scenario": {"name": "a"}, "summary": {"frames": 10, "frameWorkMs": {"p99": 1e300}}}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: ReportSet.Invalid(problems: ["\(path): summary.frameWorkMs.p99 is 1e+300, outside what a report can hold (magnitude below 1e15)"])) {
            try ReportSet.load(path)
        }
    }
}
