import Foundation
@testable import ScrollSimHistory
import ScrollSimKit
import Testing

/// `record` recognises the database again inside its write transaction (issue 48): a trigger
/// or a view added after the file was opened for recording, before the write, is refused and
/// nothing is recorded — where checking only at opening let the trigger swallow every value.
@Suite struct HistoryRecordRecheckTests {
    static let runs = [HistoryFixtures.run("feed", [("frameWorkMs.mean", 0.65), ("frameWorkMs.p99", 4.5)])]

    /// A history of one commit, opened for recording, then changed by another connection.
    static func openedThenChanged(_ sql: String) throws -> (db: HistoryDatabase, path: String) {
        let path = try HistoryFixtures.directory() + "/h.sqlite"
        try HistoryDatabase.openForRecording(path).record(runs, commit: HistoryCommit(sha: "c1", time: "2026-01-01T00:00:00Z"), now: "t")
        let db = try HistoryDatabase.openForRecording(path)
        try SQLite(path: path, mode: .readWrite).exec(sql)
        return (db, path)
    }

    @Test func aTriggerAddedAfterOpeningIsRefusedInsideTheTransaction() throws {
        let (db, path) = try Self.openedThenChanged("CREATE TRIGGER swallow AFTER INSERT ON run_values BEGIN DELETE FROM run_values WHERE run_id = NEW.run_id; END;")
        let error = #expect(throws: ScrollSimError.self) {
            try db.record(Self.runs, commit: HistoryCommit(sha: "c2", time: "2026-01-02T00:00:00Z"), now: "t")
        }
        #expect("\(error.map { $0 } as Any)".contains("the history has a trigger, \"swallow\""))
        let look = try SQLite(path: path, mode: .readOnly)
        #expect(try look.integer("SELECT count(*) FROM commits") == 1, "nothing recorded")
    }

    @Test func aViewAddedAfterOpeningIsRefusedInsideTheTransaction() throws {
        let (db, path) = try Self.openedThenChanged("CREATE VIEW recent AS SELECT * FROM runs;")
        let error = #expect(throws: ScrollSimError.self) {
            try db.record(Self.runs, commit: HistoryCommit(sha: "c2", time: "2026-01-02T00:00:00Z"), now: "t")
        }
        #expect("\(error.map { $0 } as Any)".contains("the history has a view, \"recent\""))
        let look = try SQLite(path: path, mode: .readOnly)
        #expect(try look.integer("SELECT count(*) FROM commits") == 1, "nothing recorded")
    }
}
