import Foundation
import Testing
@testable import ScrollSimKit

/// A commit of one file and no removals is one rename(2), which is atomic on its own: no former
/// file is linked aside and no journal is written, so no backup name is ever asked for. Two files,
/// or one file and a removal, need the journal (`OutputCommitRemovalTests`). Found by a generated
/// mutant that sent every single-file commit down the journal's path: the outcome is the same,
/// and every test passed, but each single-file commit would write and sync a journal, link the
/// former file aside and clean both up.
struct OutputCommitSingleRenameTests {
    @Test func oneFileIsOneRenameWithNoBackupNorJournal() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("commit-single-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let temporary = dir + "/.staged-a.json", final = dir + "/a.json"
        try Data("new".utf8).write(to: URL(fileURLWithPath: temporary))
        try Data("old".utf8).write(to: URL(fileURLWithPath: final))
        var names = 0
        try OutputCommit.run([(temporary: temporary, final: final)], removals: []) { directory in
            names += 1
            return directory + "/.backup-\(names)"
        }
        #expect(names == 0, "no backup and no journal for one rename")
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: final)), as: UTF8.self) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["a.json"])
    }
}
