import Foundation
import Testing
@testable import ScrollSimKit

/// The removals of a commit (a baseline report whose scenario is gone): a file someone else
/// removed after it was linked aside and before the commit removed it is already what the
/// commit wanted, not a failure — the commit succeeds, the renames stay, and nothing is left
/// behind (journal, backups). Found by the first sampled run of generated mutants, where the
/// removal's `errno != ENOENT` turned into `errno == ENOENT` passed every test.
struct OutputCommitRemovalTests {
    static func directory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("commit-removal-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aFileAlreadyGoneWhenTheCommitRemovesItIsNotAnError() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let temporary = dir + "/.staged-new.json"
        let final = dir + "/new.json"
        let gone = dir + "/gone.json"
        try Data("new".utf8).write(to: URL(fileURLWithPath: temporary))
        try Data("old".utf8).write(to: URL(fileURLWithPath: final))
        try Data("stale".utf8).write(to: URL(fileURLWithPath: gone))

        // The backups are named first (the replaced file's, then the removal's), the journal's
        // part last: by then `gone.json` is linked aside, and another process removes it.
        var names = 0
        try OutputCommit.run([(temporary: temporary, final: final)], removals: [gone]) { directory in
            names += 1
            if names == 3 { unlink(gone) }
            return directory + "/.backup-\(names)"
        }

        #expect(names == 3)
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: final)), as: UTF8.self) == "new")
        #expect(!FileManager.default.fileExists(atPath: gone))
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(left == ["new.json"], "journal, backups and staged files all gone: \(left)")
    }

    /// The same commit with the file still there removes it: the removal is made, not skipped.
    @Test func aFileStillThereIsRemoved() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let temporary = dir + "/.staged-new.json"
        let final = dir + "/new.json"
        let stale = dir + "/stale.json"
        try Data("new".utf8).write(to: URL(fileURLWithPath: temporary))
        try Data("stale".utf8).write(to: URL(fileURLWithPath: stale))
        var names = 0
        try OutputCommit.run([(temporary: temporary, final: final)], removals: [stale]) { directory in
            names += 1
            return directory + "/.backup-\(names)"
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(left == ["new.json"], "\(left)")
    }

    /// A removal that succeeds is judged by unlink(2)'s result, not by `errno`, which a call
    /// that succeeds leaves as it was: here every step of the commit succeeds (the final file
    /// is replaced, so not even its lookup fails) and `errno` still holds what came before,
    /// a permission refused elsewhere. The commit must stand, not be rolled back.
    @Test func aRemovalIsJudgedByItsResultNotByErrno() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let temporary = dir + "/.staged-new.json"
        let final = dir + "/new.json"
        let stale = dir + "/stale.json"
        try Data("new".utf8).write(to: URL(fileURLWithPath: temporary))
        try Data("old".utf8).write(to: URL(fileURLWithPath: final))
        try Data("stale".utf8).write(to: URL(fileURLWithPath: stale))
        var names = 0
        errno = EACCES
        try OutputCommit.run([(temporary: temporary, final: final)], removals: [stale]) { directory in
            names += 1
            return directory + "/.backup-\(names)"
        }
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: final)), as: UTF8.self) == "new")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(left == ["new.json"], "\(left)")
    }
}
