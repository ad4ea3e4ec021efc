import Foundation
@testable import ScrollSimHistory
import ScrollSimKit
import Testing

/// A database that version 1 of the schema wrote (`Tests/Fixtures/History/version1.sqlite`,
/// recorded by `scrollsim history record` before version 2 existed; its README says how): it
/// reads as it is, reading leaves it byte for byte, and the first record upgrades it in place
/// to version 2 with every earlier value intact.
@Suite struct HistoryMigrationTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/History").standardized

    /// A copy of the fixture in a fresh directory (the fixture itself is never opened).
    static func copy() throws -> String {
        let path = try HistoryFixtures.directory() + "/version1.sqlite"
        try FileManager.default.copyItem(atPath: fixtures.appendingPathComponent("version1.sqlite").path, toPath: path)
        return path
    }

    /// What version 1's `history show --format csv` printed for the file, with this build's
    /// CSV cut to version 1's eight columns: every value, budget, commit and order the same.
    static func firstEightColumns(_ csv: String) -> [String] {
        csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).prefix(8).joined(separator: ",") }
    }

    @Test func aVersionOneFileReadsAsVersionOneShowedIt() throws {
        let path = try Self.copy()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let db = try HistoryDatabase.openForReading(path)
        #expect(try db.db.integer("PRAGMA user_version") == 1)
        let data = try db.read()
        let expected = try String(contentsOf: Self.fixtures.appendingPathComponent("version1.show.csv"), encoding: .utf8)
        #expect(Self.firstEightColumns(HistoryFormat.show(data, as: .csv)) == Self.firstEightColumns(expected))
        // Version 1 kept no spreads and no subjects: the 8-run ensemble's means read as single runs.
        #expect(!data.hasSpreads && data.commits.allSatisfy { $0.subject == nil })
        #expect(data.commits.map(\.branch) == ["main", "main"])
        // Reading wrote nothing.
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    /// The first record upgrades the file inside its transaction: version 2, the view's new
    /// columns, the earlier runs and labels untouched, the new run's ensemble spread stored.
    @Test func theFirstRecordUpgradesItInPlace() throws {
        let path = try Self.copy()
        let old = try HistoryDatabase.openForReading(path).read()
        let db = try HistoryDatabase.openForRecording(path)
        // The ensemble's droppedFrames over 5 runs 0, 0, 1, 0, 0: mean 0.2, sd √0.2 = 0.4472,
        // t(0.975, 4) = 2.7764, interval 0.2 ± 2.7764 × 0.4472 / √5 = 0.2 ± 0.5553.
        var run = HistoryFixtures.run("feed-ensemble", [("droppedFrames", 0.2)])
        run.spreads = ["droppedFrames": HistorySpread(RunSpread(of: [0, 0, 1, 0, 0]))]
        try db.record([run], commit: HistoryCommit(sha: "3333", time: "2026-01-03T00:00:00Z", subject: "Third"), now: "t")
        #expect(try db.db.integer("PRAGMA user_version") == 2)
        #expect(try db.integrityCheck() == "ok")
        #expect(try db.db.integer("SELECT count(*) FROM run_labels WHERE key = 'runner' AND value = 'linux'") == 2)
        let new = try HistoryDatabase.openForReading(path).read()
        #expect(new.commits.map(\.subject) == [nil, nil, "Third"])
        for series in old.series {
            let after = try #require(new.series.first { $0.scenario == series.scenario && $0.metric == series.metric && $0.source == series.source })
            #expect(Array(after.points.prefix(series.points.count)) == series.points, "\(series.scenario) \(series.metric)")
        }
        let dropped = try #require(new.series.first { $0.scenario == "feed-ensemble" && $0.metric == "droppedFrames" }?.points.last)
        #expect(dropped.value == 0.2 && dropped.runs == 5)
        #expect(abs((dropped.spread?.sd ?? 0) - 0.4472) < 1e-4)
        #expect(abs((dropped.spread?.low ?? 0) - -0.3553) < 1e-4 && abs((dropped.spread?.high ?? 0) - 0.7553) < 1e-4)
    }
}
