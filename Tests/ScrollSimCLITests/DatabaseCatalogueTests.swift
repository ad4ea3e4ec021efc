import Foundation
@testable import ScrollSimHistory
import ScrollSimKit
import Testing

/// The catalogue's tampered history databases (`Tests/Fixtures/Catalogue/databases`): each
/// `NAME.sql` is applied to a history of two commits that `history record` wrote, then `history
/// show`, `changes` and `page` must agree: exit 2 with exactly `NAME.expected` (`{db}` standing
/// for the database's path) and no page written — or, when `NAME.expected` is empty, read the
/// file (exit 0): a row SQLite allows, however odd (a run id below zero or of 4·10⁹), is read,
/// never a trap nor an allocation as large as the id, and `history show --metric
/// bodyEvaluations` prints `NAME.out`.
///
/// After changing a message on purpose, rewrite the expectations with
/// `SCROLLSIM_WRITE_CATALOGUE=1 swift test --filter DatabaseCatalogueTests` and read the diff.
@Suite struct DatabaseCatalogueTests {
    static let directory = CatalogueTests.root.appendingPathComponent("databases").path

    static func entries() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasSuffix(".sql") }.map { String($0.dropLast(4)) }.sorted()
    }

    /// A database of two commits (origami-lazy at both, a-list at the first), tampered with by
    /// `sql`.
    static func tampered(_ name: String) throws -> (dir: String, db: String) {
        let (dir, db) = try HistoryCommandTests.twoCommits()
        let sql = try String(contentsOfFile: (directory as NSString).appendingPathComponent("\(name).sql"), encoding: .utf8)
        let connection = try SQLite(path: db, mode: .readWrite)
        try connection.exec(sql)
        return (dir, db)
    }

    @Test func theCatalogueHoldsTheTrapsOfIssue48() {
        let names = Self.entries()
        for trap in ["negative-run-id", "huge-run-id", "value-run-id-below-zero", "duplicate-scenario-name"] {
            #expect(names.contains(trap))
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: entries())
    func databaseIsReadOrRefused(_ name: String) throws {
        let (dir, db) = try Self.tampered(name)
        let file = (Self.directory as NSString).appendingPathComponent("\(name).expected")
        let show = CompareCLI.run(["history", "show", "--db", db])
        if CatalogueTests.rewriting {
            try show.err.replacingOccurrences(of: db, with: "{db}").write(toFile: file, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "{db}", with: db)
        let changes = CompareCLI.run(["history", "changes", "--db", db])
        let page = CompareCLI.run(["history", "page", "--db", db, "--out", dir + "/pages"])
        for (command, result) in [("show", show), ("changes", changes), ("page", page)] {
            if expected.isEmpty {
                #expect(result.status == 0, "\(command): \(result.err)")
            } else {
                #expect(result.status == 2, "\(command)")
                #expect(result.err == expected, "\(command)")
            }
        }
        if expected.isEmpty {
            // What is read: `NAME.out`, the bodyEvaluations table (the untampered history's is
            // a-list 7 at aaaa, origami-lazy 48 at aaaa and 52 at bbbb).
            let table = CompareCLI.run(["history", "show", "--db", db, "--metric", "bodyEvaluations"])
            let out = (Self.directory as NSString).appendingPathComponent("\(name).out")
            if CatalogueTests.rewriting { try table.out.write(toFile: out, atomically: true, encoding: .utf8) }
            #expect(table.out == (try String(contentsOfFile: out, encoding: .utf8)))
        } else {
            #expect(!FileManager.default.fileExists(atPath: dir + "/pages"), "no page written")
        }
    }
}
