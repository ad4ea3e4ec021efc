import Foundation
import ScrollSimKit
import Testing

/// Files a command did not write (issue 48): the scenario's data file is an input of every
/// command that reads the scenario; an existing output that is not a regular file (a FIFO) is
/// refused; a file in an output folder without ScrollSim's marker (a page's generator tag, a
/// sweep's plan) is never replaced; and commands writing pages into one folder at once take
/// turns, so the index lists every page. Each refusal exits 2 and leaves the bytes as they were.
@Suite struct ForeignOutputTests {
    /// A scenario of three records read from `items.csv` beside it.
    static func scenarioWithData(in dir: String) throws -> (scenario: String, data: String) {
        let data = dir + "/items.csv"
        try "height\n80\n90\n100\n".write(toFile: data, atomically: true, encoding: .utf8)
        let scenario = try HostileInputTests.scenario("s", in: dir, text: """
        {"schema": 1, "name": "s", "duration": 1,
         "content": {"data": "items.csv", "types": [{"name": "cell", "height": {"fixed": 90}}]},
         "script": [{"at": 0, "fling": {"velocity": 3000}}]}
        """)
        return (scenario, data)
    }

    static func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test func calibrateAndCheckModelNeverReplaceTheDataFile() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let (scenario, data) = try Self.scenarioWithData(in: dir)
        let before = Self.bytes(data)
        let trace = (CalibrateCommandTests.traces as NSString).appendingPathComponent("costs.csv")
        let message = "Error: cannot write \(data): it is the input \(data); a command never overwrites its input\n"
        let out = CompareCLI.run(["calibrate", scenario, "--from", trace, "--out", data])
        #expect(out.status == 2)
        #expect(out.err == message)
        let report = CompareCLI.run(["calibrate", scenario, "--from", trace, "--out", dir + "/c.json", "--check", "--report", data])
        #expect(report.status == 2)
        #expect(report.err == message)
        let check = CompareCLI.run(["check-model", scenario, "--from", trace, "--report", data])
        #expect(check.status == 2)
        #expect(check.err == message)
        #expect(Self.bytes(data) == before)
        #expect(!FileManager.default.fileExists(atPath: dir + "/c.json"))
    }

    @Test func anOutputThatIsAFIFOIsRefused() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let file = try HostileInputTests.scenario("s", in: dir)
        let fifo = dir + "/pipe.json"
        #expect(mkfifo(fifo, 0o644) == 0)
        let run = CompareCLI.run(["run", file, "--out", fifo])
        #expect(run.status == 2)
        #expect(run.err == "Error: cannot write \(fifo): it is a FIFO (named pipe), not a regular file; outputs are written to regular files only\n")
        let good = CatalogueTests.goodReport
        let compare = CompareCLI.run(["compare", good, good, "--output", fifo])
        #expect(compare.status == 2)
        #expect(compare.err == "Error: cannot write \(fifo): it is a FIFO (named pipe), not a regular file; outputs are written to regular files only\n")
        var info = stat()
        #expect(stat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "still a FIFO")
    }

    /// The message for a page of the user's in a folder ScrollSim writes pages to.
    static func pageRefusal(_ path: String) -> String {
        "Error: cannot write \(path): the file is not one ScrollSim wrote (it has no <meta name=\"generator\" content=\"ScrollSim\"> tag in its head), and a command never replaces a file it did not write: move it away or give another folder\n"
    }

    @Test func aUsersIndexPageIsNeverReplaced() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let file = try HostileInputTests.scenario("s", in: dir)
        let site = dir + "/site"
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        let mine = "<!DOCTYPE html>\n<title>my site</title>\n"
        try mine.write(toFile: site + "/index.html", atomically: true, encoding: .utf8)

        let run = CompareCLI.run(["run", file, "--out", dir + "/reports", "--html", site])
        #expect(run.status == 2)
        #expect(run.err == Self.pageRefusal(site + "/index.html"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/reports"), "nothing written")
        let report = CompareCLI.run(["report", CatalogueTests.goodReport, "--out", site])
        #expect(report.status == 2)
        #expect(report.err == Self.pageRefusal(site + "/index.html"))
        let (_, db) = try HistoryCommandTests.twoCommits()
        let page = CompareCLI.run(["history", "page", "--db", db, "--out", site])
        #expect(page.status == 2)
        #expect(page.err == Self.pageRefusal(site + "/index.html"))
        #expect(try String(contentsOfFile: site + "/index.html", encoding: .utf8) == mine)
        #expect(HostileInputTests.contents(site) == ["index.html"])

        // A folder of ScrollSim's own pages is written again as before.
        let again = CompareCLI.run(["run", file, "--out", dir + "/reports", "--html", dir + "/own"])
        #expect(again.status == 0, "\(again.err)")
        let twice = CompareCLI.run(["run", file, "--out", dir + "/reports", "--html", dir + "/own"])
        #expect(twice.status == 0, "\(twice.err)")
    }

    @Test func aSweepNeverReplacesFilesOfAFolderThatWasNotASweeps() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let file = try HostileInputTests.scenario("s", in: dir)
        let out = dir + "/D"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try "name,value\nmine,1\n".write(toFile: out + "/summary.csv", atomically: true, encoding: .utf8)
        let sweep = CompareCLI.run(["sweep", file, "--vary", "duration=0.5,1", "--out", out, "-q"])
        #expect(sweep.status == 2)
        #expect(sweep.err == "Error: cannot write \(out)/summary.csv: the file is not one ScrollSim wrote (it has no sweep-plan.json beside it: the folder was never a sweep's), and a command never replaces a file it did not write: move it away or give another folder\n")
        #expect(HostileInputTests.contents(out) == ["summary.csv"])
        #expect(try String(contentsOfFile: out + "/summary.csv", encoding: .utf8) == "name,value\nmine,1\n")

        // A sweep's own folder is swept again; a file it never listed under a name it now
        // writes (a report of a variant the former plan did not have) is refused.
        let own = dir + "/own"
        #expect(CompareCLI.run(["sweep", file, "--vary", "duration=0.5,1", "--out", own, "-q"]).status == 0)
        #expect(CompareCLI.run(["sweep", file, "--vary", "duration=0.5,1", "--out", own, "-q"]).status == 0)
        let reports = HostileInputTests.contents(own + "/reports")
        try FileManager.default.removeItem(atPath: own + "/reports/" + reports[0])
        try "{}".write(toFile: own + "/reports/" + reports[0], atomically: true, encoding: .utf8)
        // Still listed by the plan: a report of the sweep's own (the plan is the marker).
        #expect(CompareCLI.run(["sweep", file, "--vary", "duration=0.5,1", "--out", own, "-q"]).status == 0)
    }

    /// Four `run --html` into one folder at once, each its own process and scenario: the index
    /// lists all four (each waits for the folder's lock, then reads the others' pages).
    @Test func concurrentRunsIntoOneFolderKeepEveryIndexEntry() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let site = dir + "/site"
        let names = ["c1", "c2", "c3", "c4"]
        var processes: [Process] = []
        for name in names {
            let file = try HostileInputTests.scenario(name, in: dir)
            processes.append(try HostileInputTests.spawn(["run", file, "--out", dir + "/reports", "--html", site, "-q"]))
        }
        for process in processes { process.waitUntilExit() }
        for process in processes { #expect(process.terminationStatus == 0) }
        let index = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        for name in names { #expect(index.contains("href=\"\(name).html\""), "\(name) listed") }
    }
}
