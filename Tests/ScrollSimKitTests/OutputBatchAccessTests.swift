import Foundation
import Testing
@testable import ScrollSimKit

/// A folder the user may not write to is refused before anything is written, and the message
/// says which folder: the output folder itself ("permission denied"), or, for a folder still to
/// be made, the nearest one that exists, with the reason access(2) gave. Tests run as root on CI,
/// where the system lets every folder be written, so access(2) is replaced by one that refuses.
/// Found by a generated mutant that swapped the two messages and passed every test.
struct OutputBatchAccessTests {
    /// A new folder holding `made/` (the output folder, existing) and nothing else.
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("batch-access-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path + "/made", withIntermediateDirectories: true)
        return path
    }

    /// The message of checking `directory` with every folder refused (errno `code`), and the
    /// paths and modes access(2) was asked about.
    static func refused(_ directory: String, code: Int32) -> (message: String?, asked: [String], modes: Set<Int32>) {
        var asked: [String] = [], modes: Set<Int32> = []
        do {
            try OutputBatch.checkDirectory(directory, for: directory) { path, mode in
                asked.append(path)
                modes.insert(mode)
                errno = code
                return -1
            }
            return (nil, asked, modes)
        } catch let error as ScrollSimError {
            return (error.message, asked, modes)
        } catch {
            return ("\(error)", asked, modes)
        }
    }

    @Test func anExistingFolderThatCannotBeWrittenIsPermissionDenied() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let made = root + "/made"
        let result = Self.refused(made, code: EACCES)
        #expect(result.asked == [made] && result.modes == [W_OK | X_OK])
        #expect(result.message?.contains("permission denied") == true, "\(result.message ?? "accepted")")
        #expect(result.message?.contains("cannot create it") == false, "\(result.message ?? "accepted")")
    }

    /// `made/new/deeper` does not exist: `made` is the folder it would be made in, so the
    /// message names it, with access(2)'s reason (a read-only file system here).
    @Test func aFolderToBeMadeNamesTheFolderItWouldBeMadeInAndWhy() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let deeper = root + "/made/new/deeper"
        let result = Self.refused(deeper, code: EROFS)
        #expect(result.asked == [root + "/made"])
        #expect(result.message?.contains("cannot create it: \(InputFile.reason(EROFS)) in \(root)/made") == true, "\(result.message ?? "accepted")")
        #expect(InputFile.reason(EROFS) != InputFile.reason(EACCES))
    }

    /// With access(2) letting it, the same folders pass, and nothing is made.
    @Test func aWritableFolderPassesAndNothingIsMade() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try OutputBatch.checkDirectory(root + "/made/new/deeper", for: root + "/made/new/deeper") { _, _ in 0 }
        #expect(!FileManager.default.fileExists(atPath: root + "/made/new"))
    }
}
