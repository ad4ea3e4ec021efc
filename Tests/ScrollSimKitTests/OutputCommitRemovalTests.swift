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

    /// A folder with `new.json` staged (holding "old" before the commit when `replacing`) and
    /// `stale.json` to remove.
    struct Staged {
        let dir: String
        var temporary: String { dir + "/.staged-new.json" }
        var final: String { dir + "/new.json" }
        var stale: String { dir + "/stale.json" }

        init(replacing: Bool) throws {
            dir = try OutputCommitRemovalTests.directory()
            try Data("new".utf8).write(to: URL(fileURLWithPath: temporary))
            if replacing { try Data("old".utf8).write(to: URL(fileURLWithPath: final)) }
            try Data("stale".utf8).write(to: URL(fileURLWithPath: stale))
        }

        /// Commits the staged file and the removal; `naming(n)` runs as the n-th backup name is
        /// asked for. Returns how many were.
        func commit(naming: (Int) -> Void = { _ in }) throws -> Int {
            var names = 0
            try OutputCommit.run([(temporary: temporary, final: final)], removals: [stale]) { directory in
                names += 1
                naming(names)
                return directory + "/.backup-\(names)"
            }
            return names
        }

        var newContents: String { get throws { String(decoding: try Data(contentsOf: URL(fileURLWithPath: final)), as: UTF8.self) } }
        var left: [String] { get throws { try FileManager.default.contentsOfDirectory(atPath: dir).sorted() } }
    }

    @Test func aFileAlreadyGoneWhenTheCommitRemovesItIsNotAnError() throws {
        let staged = try Staged(replacing: true)
        defer { try? FileManager.default.removeItem(atPath: staged.dir) }
        // The backups are named first (the replaced file's, then the removal's), the journal's
        // part last: by then `stale.json` is linked aside, and another process removes it.
        let names = try staged.commit { if $0 == 3 { unlink(staged.stale) } }
        #expect(names == 3)
        #expect(try staged.newContents == "new")
        #expect(!FileManager.default.fileExists(atPath: staged.stale))
        let left = try staged.left
        #expect(left == ["new.json"], "journal, backups and staged files all gone: \(left)")
    }

    /// The same commit with the file still there removes it: the removal is made, not skipped.
    @Test func aFileStillThereIsRemoved() throws {
        let staged = try Staged(replacing: false)
        defer { try? FileManager.default.removeItem(atPath: staged.dir) }
        _ = try staged.commit()
        let left = try staged.left
        #expect(left == ["new.json"], "\(left)")
    }

    /// A removal that succeeds is judged by unlink(2)'s result, not by `errno`, which a call
    /// that succeeds leaves as it was: here every step of the commit succeeds, the final file
    /// replaced this time, and `errno` holds whatever earlier calls left (EACCES is set before
    /// the commit, but a call inside it may leave another value: EINVAL on Linux, which this
    /// test does not control). The commit must stand, not be rolled back.
    @Test func aRemovalIsJudgedByItsResultNotByErrno() throws {
        let staged = try Staged(replacing: true)
        defer { try? FileManager.default.removeItem(atPath: staged.dir) }
        errno = EACCES
        _ = try staged.commit()
        #expect(try staged.newContents == "new")
        let left = try staged.left
        #expect(left == ["new.json"], "\(left)")
    }
}
