import Foundation
@testable import ScrollSimKit
import ScrollSimEngine
import Testing

/// A data file several scenarios of one batch name is parsed once (`DataFileTables`), and what
/// each scenario gets is what it would get loading alone: the same records, ids and problems,
/// each problem under its own scenario's name.
@Suite struct DataFileTablesTests {
    /// A scenario naming `data` with these view types, written into `directory` as `name`.
    static func scenario(_ name: String, in directory: String, data: String = "d.csv", types: String) throws -> String {
        let text = """
        {"schema": 1, "name": "\(name)", "duration": 1, "content": {"data": "\(data)", "types": [\(types)]}}
        """
        let path = directory + "/\(name).json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let twoTypes = #"{"name": "photo", "height": {"aspect": 1}}, {"name": "bar", "height": {"fixed": 10}}"#
    static let swapped = #"{"name": "bar", "height": {"fixed": 10}}, {"name": "photo", "height": {"aspect": 1}}"#

    static func load(_ path: String, _ tables: DataFileTables?) -> Result<Scenario, ScrollSimError> {
        Result { try ScenarioLoader.load(path: path, sharing: tables) }.mapError { $0 as! ScrollSimError }
    }

    @Test func aSharedTableGivesEachScenarioWhatItWouldReadAlone() throws {
        let directory = try CompareFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "id,type,aspect,height\na,photo,0.5,\nb,bar,,44\n,photo,2,\n".write(toFile: directory + "/d.csv", atomically: true, encoding: .utf8)
        let first = try Self.scenario("first", in: directory, types: Self.twoTypes)
        let same = try Self.scenario("same", in: directory, types: Self.twoTypes)
        // The same file under other types: each record's type index differs.
        let other = try Self.scenario("other", in: directory, types: Self.swapped)
        let tables = DataFileTables()
        for path in [first, same, other, first] {
            let shared = try Self.load(path, tables).get()
            let alone = try Self.load(path, nil).get()
            #expect(shared.config == alone.config, "\(path)")
            #expect(shared.elementIDs == alone.elementIDs)
        }
        #expect(try Self.load(other, tables).get().config.content.items?.map(\.typeIndex) == [1, 0, 1])
        #expect(try Self.load(first, tables).get().config.content.items?.map(\.typeIndex) == [0, 1, 0])
    }

    @Test func aFileThatChangedBetweenTwoScenariosIsReadAgain() throws {
        let directory = try CompareFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = try Self.scenario("s", in: directory, types: Self.twoTypes)
        let tables = DataFileTables()
        try "aspect\n1\n2\n".write(toFile: directory + "/d.csv", atomically: true, encoding: .utf8)
        #expect(try Self.load(path, tables).get().config.content.items?.map(\.heightParameter) == [1, 2])
        try "aspect\n1\n3\n".write(toFile: directory + "/d.csv", atomically: true, encoding: .utf8)
        #expect(try Self.load(path, tables).get().config.content.items?.map(\.heightParameter) == [1, 3])
    }

    @Test func aFileWithProblemsIsReportedByEveryScenarioThatNamesIt() throws {
        let directory = try CompareFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "aspect\n1\n-2\n".write(toFile: directory + "/d.csv", atomically: true, encoding: .utf8)
        let tables = DataFileTables()
        for name in ["one", "two"] {
            let path = try Self.scenario(name, in: directory, types: Self.twoTypes)
            let problems = try #require(Self.load(path, tables).failure).problems
            #expect(problems.count == 1 && problems[0].file == path && problems[0].message.contains("d.csv:3"), "\(problems)")
        }
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
