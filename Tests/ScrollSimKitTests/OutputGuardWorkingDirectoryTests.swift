#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
@testable import ScrollSimKit
import XCTest

/// `OutputGuard.resolved` reads the working directory into a buffer of `PATH_MAX + 1` bytes: a
/// working directory as long as the system allows (`PATH_MAX - 1` characters, the terminating
/// zero filling the last byte `PATH_MAX` counts) must still be read whole, or a relative output
/// path is judged as if it were under `/`. XCTest, not Swift Testing: the test changes the
/// process's working directory, which XCTest's one-test-at-a-time run keeps from every other test.
final class OutputGuardWorkingDirectoryTests: XCTestCase {
    func testARelativePathResolvesUnderTheLongestWorkingDirectory() throws {
        let fm = FileManager.default
        let base = try XCTUnwrap(OutputGuard.realPath(fm.temporaryDirectory.path))
            + "/scrollsim-cwd-\(UUID().uuidString.prefix(8))"
        try fm.createDirectory(atPath: base, withIntermediateDirectories: true)
        defer { try? fm.removeItem(atPath: base) }
        // Names of at most 200 characters until the path is exactly PATH_MAX - 1 long.
        let length = Int(PATH_MAX) - 1
        var deep = base
        while deep.count < length {
            var step = min(201, length - deep.count)  // "/" and the name
            if length - deep.count - step == 1 { step -= 1 }
            deep += "/" + String(repeating: "d", count: step - 1)
        }
        XCTAssertEqual(deep.count, length)
        try fm.createDirectory(atPath: deep, withIntermediateDirectories: true)

        let saved = fm.currentDirectoryPath
        XCTAssertEqual(chdir(deep), 0, "chdir: errno \(errno)")
        defer { _ = chdir(saved) }
        let resolved = OutputGuard.resolved("out.json")
        let dot = OutputGuard.resolved(".")
        _ = chdir(saved)

        // Compared as Booleans: a failure would print two 4,000-character paths.
        XCTAssertTrue(resolved == deep + "/out.json", "out.json resolved to \(resolved.prefix(60))… (\(resolved.count) characters), not inside the working directory")
        XCTAssertTrue(dot == deep, ". resolved to \(dot.prefix(60))… (\(dot.count) characters), not the working directory")
    }
}
