import Foundation
@testable import ScrollSimKit
import Testing

/// A folder another process keeps locked is given up on after the timeout, with a message
/// naming it (exit status 2 on the command line), instead of waiting forever (issue 48).
@Suite struct FolderLockTimeoutTests {
    @Test(.timeLimit(.minutes(1))) func aLockHeldPastTheTimeoutIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folder-lock-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // flock(2) locks conflict between two opens of the folder, in one process too.
        let held = try FolderLock(folder)
        let started = Date()
        do {
            _ = try FolderLock(folder, timeout: 0.3)
            Issue.record("the second lock was taken while the first was held")
        } catch let error as ScrollSimError {
            #expect("\(error)".contains("another process has held the lock on \(folder) for 0.3 s"), "\(error)")
        }
        #expect(Date().timeIntervalSince(started) >= 0.3)
        held.release()
        let again = try FolderLock(folder, timeout: 0.3)
        again.release()
    }
}
