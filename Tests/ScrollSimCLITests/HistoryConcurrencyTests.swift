import Foundation
import ScrollSimHistory
import ScrollSimKit
import Testing

/// The history database shared as CI shares it: 8 `scrollsim history record` processes at once
/// on one new file lose nothing, and a recorder killed with SIGKILL at any moment leaves a
/// sound database holding that record whole or not at all.
@Suite(.serialized) struct HistoryConcurrencyTests {
    /// A directory of `count` summary-only reports named `prefix-0`…
    static func reports(_ count: Int, prefix: String, in dir: String) throws -> String {
        var values: [JSONValue] = []
        for n in 0..<count {
            values.append(try HistoryCommandTests.report(body: Double(n), name: "\(prefix)-\(n)"))
        }
        return try HistoryCommandTests.reports(values, in: dir, prefix)
    }

    static func spawn(_ arguments: [String], environment: [String: String] = [:], stderr: Any = FileHandle.nullDevice) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(HostileInputTests.binary, "the debug scrollsim is built with the tests"))
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderr
        try process.run()
        return process
    }

    /// Halfway through its transaction (the fault-injection pause: 30 s, far longer than the
    /// test waits), a record is killed: the database checks "ok", the runs before it are all
    /// there and none of the killed commit's.
    @Test func killedInsideItsTransactionTheRecordIsAbsent() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let db = dir + "/history.sqlite"
        let reports = try Self.reports(20, prefix: "feed", in: dir)
        #expect(CompareCLI.run(["history", "record", reports, "--db", db, "--commit", "before"]).status == 0)
        let pipe = Pipe()
        let process = try Self.spawn(["history", "record", reports, "--db", db, "--commit", "killed"],
                                     environment: ["SCROLLSIM_HISTORY_TEST_PAUSE_MS": "30000"], stderr: pipe)
        var said = ""
        while !said.contains("paused halfway") {
            let chunk = pipe.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            said += String(decoding: chunk, as: UTF8.self)
        }
        #expect(said.contains("paused halfway through the transaction"))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        let database = try HistoryDatabase.openForReading(db)
        #expect(try database.integrityCheck() == "ok")
        let data = try database.read()
        #expect(data.commits.map(\.sha) == ["before"])
        #expect(data.scenarioNames.count == 20 && data.series.allSatisfy { $0.points.count == 1 })
    }

    /// Eight shards, each with 5 scenarios of its own, all recording commit "shared" into a
    /// file that does not exist yet: 40 scenarios of one commit, each with its 68 metrics.
    @Test func eightProcessesRecordingAtOnceLoseNothing() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let db = dir + "/history.sqlite"
        let shards = try (0..<8).map { try Self.reports(5, prefix: "shard\($0)", in: dir) }
        let processes = try shards.map { try Self.spawn(["history", "record", $0, "--db", db, "--commit", "shared", "--label", "shard=\($0)"]) }
        for process in processes { process.waitUntilExit() }
        #expect(processes.map(\.terminationStatus) == Array(repeating: 0, count: 8))
        let data = try HistoryDatabase.openForReading(db).read()
        #expect(data.commits.map(\.sha) == ["shared"])
        #expect(data.scenarioNames.count == 40)
        #expect(data.series.count == 40 * Metric.allCases.count)
        #expect(data.series.allSatisfy { $0.points.count == 1 })
        #expect(try HistoryDatabase.openForReading(db).integrityCheck() == "ok")
    }

    /// SIGKILL after 0 to 400 ms of a record of 60 scenarios (the first one creating the
    /// file): whatever the moment, the database checks "ok" and the commit is absent or holds
    /// all 60 scenarios with all their metrics; records before it are intact.
    @Test func killedMidRecordTheRecordIsAbsentOrWhole() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let db = dir + "/history.sqlite"
        let reports = try Self.reports(60, prefix: "feed", in: dir)
        var whole = 0
        for (n, delay) in [0.0, 0.03, 0.08, 0.15, 0.25, 0.4].enumerated() {
            let process = try Self.spawn(["history", "record", reports, "--db", db, "--commit", "k\(n)"])
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            guard FileManager.default.fileExists(atPath: db) else { continue }
            // Killed before the schema was made: a file with no tables (version 0), refused
            // for reading as empty; the next record makes it.
            let database: HistoryDatabase
            do {
                database = try HistoryDatabase.openForReading(db)
            } catch let error as ScrollSimError where error.message.contains("an empty database") {
                #expect(whole == 0)
                continue
            }
            #expect(try database.integrityCheck() == "ok", "killed after \(delay) s")
            let data = try database.read()
            for commit in data.commits.indices {
                let scenarios = data.scenarioNames.filter { data.version(of: $0, at: commit) != nil }
                #expect(scenarios.count == 60, "commit \(data.commits[commit].sha): \(scenarios.count) of 60 scenarios")
            }
            #expect(data.series.allSatisfy { series in Set(series.points.map(\.commit)).count == data.commits.count }, "every metric of every run whole")
            whole = data.commits.count
        }
        // A last record, not killed, completes on top of whatever the kills left.
        let last = CompareCLI.run(["history", "record", reports, "--db", db, "--commit", "final"])
        #expect(last.status == 0, "\(last.err)")
        #expect(try HistoryDatabase.openForReading(db).read().commits.count == whole + 1)
    }
}
