import Foundation
import Testing

/// `scrollsim run` without `--out` writes its reports under `Reports/latest` of the directory it
/// runs in (the default `--help` and the README give). The tool runs as a process of its own,
/// so its working directory can be a scratch directory without moving this process's.
@Suite struct RunCommandOutDefaultTests {
    @Test func withoutOutReportsGoToReportsLatestOfTheWorkingDirectory() throws {
        let binary = try #require(HostileInputTests.binary, "the debug scrollsim is built with the tests")
        let dir = try CompareCLI.temporaryDirectory()
        let scenario = try HostileInputTests.scenario("default-out", in: dir)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["run", "-q", scenario]
        process.currentDirectoryURL = URL(fileURLWithPath: dir)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: dir + "/Reports/latest/default-out.json"))
        // Nothing else was written beside the scenario and that report.
        #expect(HostileInputTests.contents(dir) == ["Reports", "Reports/latest", "Reports/latest/default-out.json", "default-out.json"])
    }
}
