#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
@testable import ScrollSimKit
import Testing

/// `OutputBatch.writeFile` with system calls that fail as they do on a full disk or a network
/// file system, where a write's error may come only from `fsync` or `close`: the first error is
/// the one reported, the temporary file is deleted, and a file system that cannot sync
/// (`EINVAL`) is no failure. The calls are counted, so a sync skipped after a good write shows.
@Suite struct OutputBatchFailingCallsTests {
    /// The system's calls, counted, each replaceable by one that fails with an errno.
    final class Calls {
        var writes = 0, syncs = 0, closes = 0
        var writeFails: Int32?
        var syncFails: Int32?
        var closeFails: Int32?
        /// At most this many bytes a write (a short write, as a pipe or a signal can make).
        var writeAtMost = Int.max
        /// The first write is interrupted by a signal (`EINTR`) before it writes anything.
        var interruptFirstWrite = false

        var calls: FileWriteCalls {
            FileWriteCalls(
                write: { descriptor, bytes, count in
                    self.writes += 1
                    if self.interruptFirstWrite && self.writes == 1 { errno = EINTR; return -1 }
                    if let code = self.writeFails { errno = code; return -1 }
                    return FileWriteCalls.system.write(descriptor, bytes, min(count, self.writeAtMost))
                },
                fsync: { descriptor in
                    self.syncs += 1
                    if let code = self.syncFails { errno = code; return -1 }
                    return FileWriteCalls.system.fsync(descriptor)
                },
                close: { descriptor in
                    self.closes += 1
                    // The descriptor is closed all the same, as close(2) does when it fails.
                    _ = FileWriteCalls.system.close(descriptor)
                    if let code = self.closeFails { errno = code; return -1 }
                    return 0
                })
        }
    }

    /// Writes "written" through `calls` into a new directory: the error thrown (nil if none),
    /// and the directory's names after.
    static func write(_ calls: Calls) throws -> (error: ScrollSimError?, names: [String], text: String?) {
        let dir = try OutputBatchTests.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var thrown: ScrollSimError?
        do {
            try OutputBatch.writeFile(Array("written".utf8), to: dir + "/r.tmp", for: dir + "/r.json", calls: calls.calls)
        } catch let error as ScrollSimError {
            thrown = error
        }
        return (thrown, OutputBatchTests.names(dir), try? String(contentsOfFile: dir + "/r.tmp", encoding: .utf8))
    }

    @Test func aGoodWriteIsSyncedOnceAndClosedOnce() throws {
        let calls = Calls()
        let result = try Self.write(calls)
        #expect(result.error == nil)
        #expect(result.text == "written")
        #expect(calls.writes == 1)
        #expect(calls.syncs == 1)
        #expect(calls.closes == 1)
    }

    @Test func shortAndInterruptedWritesGoOnToTheEnd() throws {
        let calls = Calls()
        calls.writeAtMost = 3
        calls.interruptFirstWrite = true
        let result = try Self.write(calls)
        #expect(result.error == nil)
        #expect(result.text == "written")
        // One interrupted, then 3 + 3 + 1 bytes.
        #expect(calls.writes == 4)
    }

    @Test func aCloseThatFailsAfterAGoodWriteIsReportedAndTheFileDeleted() throws {
        let calls = Calls()
        calls.closeFails = EIO
        let result = try Self.write(calls)
        #expect(result.error?.reason == "an input/output error")
        #expect(result.names.isEmpty)
        #expect(calls.closes == 1)
    }

    @Test func aSyncThatFailsIsReported() throws {
        let calls = Calls()
        calls.syncFails = ENOSPC
        let result = try Self.write(calls)
        #expect(result.error?.reason == "no space left on the device")
        #expect(result.names.isEmpty)
        #expect(calls.closes == 1)
    }

    /// A file system that cannot sync (some special and FUSE ones answer `EINVAL`) keeps the
    /// file: the write itself succeeded.
    @Test func aFileSystemThatCannotSyncIsNoFailure() throws {
        let calls = Calls()
        calls.syncFails = EINVAL
        let result = try Self.write(calls)
        #expect(result.error == nil)
        #expect(result.text == "written")
    }

    /// After a failed write there is nothing to sync, and the write's error is the one
    /// reported even when `close` fails too.
    @Test func theFirstErrorIsKept() throws {
        let calls = Calls()
        calls.writeFails = ENOSPC
        calls.closeFails = EIO
        let result = try Self.write(calls)
        #expect(result.error?.reason == "no space left on the device")
        #expect(result.names.isEmpty)
        #expect(calls.syncs == 0)
        #expect(calls.closes == 1)

        let syncFirst = Calls()
        syncFirst.syncFails = EDQUOT
        syncFirst.closeFails = EIO
        #expect(try Self.write(syncFirst).error?.reason == "the disk quota is exhausted")
    }

    /// A write over the file-size limit gets a message that says so.
    @Test func aFileTooLargeIsNamedSo() throws {
        let calls = Calls()
        calls.writeFails = EFBIG
        let result = try Self.write(calls)
        #expect(result.error?.reason == "the file is too large for the file system or the process's file-size limit")
    }
}
