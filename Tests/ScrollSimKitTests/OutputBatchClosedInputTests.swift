#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
@testable import ScrollSimKit
import XCTest

/// `open` returns the lowest free descriptor, and 0 is one like any other: a process started
/// with its standard input closed (`scrollsim run … <&-`, a job runner that closes it) gets 0
/// for the first file it opens, and `OutputBatch.writeFile` must write that file, not call it
/// unwritable. XCTest, not Swift Testing: the test closes the process's standard input for a
/// moment, which XCTest's one-test-at-a-time run keeps from every other test.
final class OutputBatchClosedInputTests: XCTestCase {
    func testAFileOpenedAsDescriptorZeroIsWritten() throws {
        let dir = try OutputBatchTests.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let saved = dup(0)
        XCTAssertGreaterThan(saved, 0, "dup: errno \(errno)")
        XCTAssertEqual(close(0), 0)
        // 0 is now the lowest free descriptor: the next `open` gets it.
        let probe = open("/dev/null", O_RDONLY)
        XCTAssertEqual(probe, 0)
        close(probe)
        var thrown: Error?
        do {
            try OutputBatch.writeFile(Array("written".utf8), to: dir + "/r.tmp", for: dir + "/r.json")
        } catch {
            thrown = error
        }
        XCTAssertEqual(dup2(saved, 0), 0)
        close(saved)
        XCTAssertNil(thrown, "\(thrown.map { "\($0)" } ?? "")")
        XCTAssertEqual(try? String(contentsOfFile: dir + "/r.tmp", encoding: .utf8), "written")
    }
}
