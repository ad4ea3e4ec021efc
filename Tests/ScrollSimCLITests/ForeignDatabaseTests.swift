import Foundation
@testable import ScrollSimHistory
import ScrollSimKit
import Testing

/// Other programs' databases (issue 48): `history record --db` recognises a history before it
/// writes or changes anything (`HistoryRecognition`), so another program's SQLite file, or a
/// history with a trigger, is refused with exit 2 and left byte for byte as it was — its
/// journal mode included (no `-wal` beside it).
@Suite struct ForeignDatabaseTests {
    static func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test func anotherProgramsDatabaseIsLeftUnchanged() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let app = dir + "/app.sqlite"
        do {
            let db = try SQLite(path: app, mode: .readWriteCreate)
            try db.exec("CREATE TABLE users(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO users(name) VALUES ('ada');")
        }
        let before = Self.bytes(app)
        let reports = try HistoryCommandTests.reports([try HistoryCommandTests.report(body: 48)], in: dir, "one")
        let record = CompareCLI.run(["history", "record", reports, "--db", app, "--commit", "aaaa"])
        #expect(record.status == 2)
        #expect(record.err == "Error: \(app): not a ScrollSim history database (application_id 0, user_version 0; it holds table \"users\"); it was left unchanged: give --db a history database, or a path where one may be created\n")
        #expect(Self.bytes(app) == before)
        #expect(!FileManager.default.fileExists(atPath: app + "-wal"), "journal mode unchanged")
        let show = CompareCLI.run(["history", "show", "--db", app])
        #expect(show.status == 2)
        #expect(show.err == record.err)
    }

    @Test func aHistoryWithATriggerIsRefusedUnchanged() throws {
        let (dir, db) = try HistoryCommandTests.twoCommits()
        do {
            let connection = try SQLite(path: db, mode: .readWrite)
            try connection.exec("CREATE TRIGGER swallow AFTER INSERT ON run_values BEGIN DELETE FROM run_values; END;")
        }
        let before = Self.bytes(db)
        let reports = try HistoryCommandTests.reports([try HistoryCommandTests.report(body: 60)], in: dir, "three")
        let record = CompareCLI.run(["history", "record", reports, "--db", db, "--commit", "cccc"])
        #expect(record.status == 2)
        #expect(record.err == "Error: \(db): the history has a trigger, \"swallow\" on \"run_values\", that scrollsim did not create (a trigger can change or delete what is recorded); it was left unchanged: drop the trigger or use another database\n")
        #expect(Self.bytes(db) == before)
    }

    @Test func recordMarksTheFileAndKnowsAnUnmarkedHistory() throws {
        let (dir, db) = try HistoryCommandTests.twoCommits()
        #expect(try SQLite(path: db, mode: .readOnly).integer("PRAGMA application_id") == HistoryRecognition.applicationID)
        // A history recorded before the marker (application id 0) is known by its tables,
        // recorded into, and marked by that record.
        try SQLite(path: db, mode: .readWrite).exec("PRAGMA application_id = 0")
        let reports = try HistoryCommandTests.reports([try HistoryCommandTests.report(body: 60)], in: dir, "three")
        let record = CompareCLI.run(["history", "record", reports, "--db", db, "--commit", "cccc"])
        #expect(record.status == 0, "\(record.err)")
        #expect(try SQLite(path: db, mode: .readOnly).integer("PRAGMA application_id") == HistoryRecognition.applicationID)
    }

    /// A history no one may write (mode 0444) is read immutable: nothing is left beside it
    /// (SQLite's read-only mode left -wal and -shm), and it reads as before.
    @Test func readingAReadOnlyHistoryLeavesNothingBeside() throws {
        let (dir, db) = try HistoryCommandTests.twoCommits()
        let before = CompareCLI.run(["history", "show", "--db", db, "--metric", "bodyEvaluations"])
        #expect(chmod(db, 0o444) == 0)
        let listing = HostileInputTests.contents(dir)
        let bytes = Self.bytes(db)
        let show = CompareCLI.run(["history", "show", "--db", db, "--metric", "bodyEvaluations"])
        #expect(show.status == 0, "\(show.err)")
        #expect(show.out == before.out)
        let changes = CompareCLI.run(["history", "changes", "--db", db])
        #expect(changes.status == 0, "\(changes.err)")
        #expect(HostileInputTests.contents(dir) == listing, "nothing left beside the database")
        #expect(Self.bytes(db) == bytes)
    }
}
