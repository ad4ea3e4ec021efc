import Foundation
import ScrollSimKit
import Testing

/// Ensembles through the whole tool: `scrollsim run --runs 12` of a jittered feed at two
/// commits (the second with a slower cell), recorded with subjects; `show` prints each mean
/// with the interval its report gives, `changes` judges by the Welch interval and compare's
/// thresholds, `page` draws the interval.
@Suite struct HistoryEnsembleCommandTests {
    static func scenario(bodyMs: Double) -> String {
        """
        {"schema": 1, "name": "feed", "seed": 7, "duration": 2,
         "content": {"count": 200, "types": [{"name": "cell", "height": {"fixed": 90}, "bodyMs": \(bodyMs), "jitter": 0.3}]},
         "script": [{"at": 0.1, "fling": {"velocity": 3000}}]}

        """
    }

    /// Plays the feed with the cell's body at each cost as a 12-run ensemble and records each
    /// as a commit; returns the directory, the database and the reports.
    static func history(_ bodies: [Double]) throws -> (dir: String, db: String, reports: [Report]) {
        let dir = try CompareCLI.temporaryDirectory()
        let db = dir + "/history.sqlite"
        var reports: [Report] = []
        for (n, body) in bodies.enumerated() {
            let scenarios = dir + "/s\(n)"
            try FileManager.default.createDirectory(atPath: scenarios, withIntermediateDirectories: true)
            try Self.scenario(bodyMs: body).write(toFile: scenarios + "/feed.json", atomically: true, encoding: .utf8)
            let run = CompareCLI.run(["run", scenarios, "--runs", "12", "--out", scenarios + "/out"])
            #expect(run.status == 0 || run.status == 1, "\(run.err)")
            let record = CompareCLI.run(["history", "record", scenarios + "/out", "--db", db, "--commit", "c\(n + 1)",
                                         "--time", "2026-01-0\(n + 1)T00:00:00Z", "--subject", "Commit \(n + 1)\n\nThe body."])
            #expect(record.status == 0, "\(record.err)")
            #expect(record.out.contains("of them ensemble means with their intervals"), "\(record.out)")
            reports.append(try Report.load(path: scenarios + "/out/feed.json"))
        }
        return (dir, db, reports)
    }

    @Test func showPrintsEachMeanWithItsReportsInterval() throws {
        let (_, db, reports) = try Self.history([0.2, 2.5])
        let csv = CompareCLI.run(["history", "show", "--db", db, "--metric", "launch.workMs", "--format", "csv"])
        #expect(csv.status == 0, "\(csv.err)")
        let rows = csv.out.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.count == 2)
        for (row, report) in zip(rows, reports) {
            let spread = try #require(report.ensemble?.spread("launch.workMs"))
            // value, runs, sd, low, high: the summary's mean and the runs' spread (CSV prints
            // four decimals, as reports do).
            #expect(Double(row[6]) == report[.launchWorkMs] && row[8] == "12")
            #expect(abs((Double(row[9]) ?? -1) - spread.sd) < 1e-4 && abs((Double(row[10]) ?? -1) - spread.low) < 1e-4 && abs((Double(row[11]) ?? -1) - spread.high) < 1e-4)
            // The interval the report writes in its ensemble section.
            #expect(abs(spread.low - (report.root["ensemble"]?["metrics"]?["launch.workMs"]?["low"]?.numberValue ?? .nan)) < 1e-3)
        }
        let table = CompareCLI.run(["history", "show", "--db", db, "--metric", "launch.workMs"])
        #expect(table.out.hasPrefix("SCENARIO  METRIC         COMMIT  BRANCH  TIME                  "), "\(table.out)")
        #expect(table.out.contains("95 % INTERVAL  RUNS  BUDGET") && table.out.contains("…"), "\(table.out)")
        let json = try JSONValue.parse(Data(CompareCLI.run(["history", "show", "--db", db, "--metric", "launch.workMs", "--format", "json"]).out.utf8))
        #expect(json["commits"]?.arrayValue?.compactMap { $0["subject"]?.stringValue } == ["Commit 1", "Commit 2"])
        #expect(json["series"]?.arrayValue?.first?["points"]?.arrayValue?.first?["runs"]?.numberValue == 12)
    }

    @Test func changesAndPagesShowTheIntervals() throws {
        let (dir, db, _) = try Self.history([0.2, 2.5])
        let changes = CompareCLI.run(["history", "changes", "--db", db, "--format", "json"])
        #expect(changes.status == 0, "\(changes.err)")
        let list = try #require(try JSONValue.parse(Data(changes.out.utf8)).arrayValue)
        #expect(!list.isEmpty)
        for change in list {
            // Every change listed is an ensemble's move whose interval excludes zero.
            #expect(change["detection"]?.stringValue == "interval")
            let low = change["difference"]?["low"]?.numberValue ?? 0, high = change["difference"]?["high"]?.numberValue ?? 0
            #expect(low > 0 || high < 0, "\(change)")
            #expect(change["subject"]?.stringValue == "Commit 2")
        }
        let p99 = try #require(list.first { $0["metric"]?.stringValue == "launch.workMs" })
        #expect(p99["direction"]?.stringValue == "regression" && p99["afterSpread"]?["runs"]?.numberValue == 12)
        // --metric filters what is printed, not what judges it: the same verdict alone.
        let one = CompareCLI.run(["history", "changes", "--db", db, "--metric", "launch.workMs"])
        #expect(one.out.contains("  subject: Commit 2\n") && one.out.contains("regression") && one.out.contains("(Welch, 12 and 12 runs)"), "\(one.out)")
        // A thresholds file that turns launch.workMs off makes the move a move.
        try #"{"schema": 1, "metrics": {"launch.workMs": "off"}}"#.write(toFile: dir + "/t.json", atomically: true, encoding: .utf8)
        let off = CompareCLI.run(["history", "changes", "--db", db, "--metric", "launch.workMs", "--thresholds", dir + "/t.json"])
        #expect(off.status == 0 && off.out.contains("move") && off.out.contains("not judged (threshold off)"), "\(off.out)\(off.err)")
        // A bad thresholds file: status 2, naming the file.
        try "{".write(toFile: dir + "/bad.json", atomically: true, encoding: .utf8)
        let bad = CompareCLI.run(["history", "changes", "--db", db, "--thresholds", dir + "/bad.json"])
        #expect(bad.status == 2 && bad.err.contains(dir + "/bad.json"), "\(bad.err)")

        let page = CompareCLI.run(["history", "page", "--db", db, "--out", dir + "/pages"])
        #expect(page.status == 0, "\(page.err)")
        let html = try String(contentsOfFile: dir + "/pages/feed.html", encoding: .utf8)
        #expect(html.contains("class=\"interval-band\"") && html.contains("class=\"error-bar\""))
        #expect(html.contains("95 % interval") && html.contains("12 runs"))
        #expect(html.contains("<span class=\"sub\">Commit 2</span>"))
        let index = try String(contentsOfFile: dir + "/pages/index.html", encoding: .utf8)
        #expect(index.contains(">1 commit, "), "one badge for the one slower commit")
    }
}
