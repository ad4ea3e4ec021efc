import Foundation
import ScrollSimKit
import Testing

/// `scrollsim history record/show/changes/page` through the whole tool: what is stored and
/// printed, in a fixed order; bad databases refused with status 2 and left byte for byte.
@Suite struct HistoryCommandTests {
    /// origami-lazy's report without frames, its bodyEvaluations set to `body` and, when
    /// given, its name and content hash changed.
    static func report(body: Double, name: String? = nil, hash: String? = nil) throws -> JSONValue {
        var value = CompareCLI.edit(try CompareCLI.summaryOnly(try CompareCLI.origamiLazy), ["summary.bodyEvaluations": { _ in body }])
        if let hash { value = try CompareCLI.withHash(value, hash) }
        if let name, case .object(var root) = value, case .object(var scenario) = root["scenario"] ?? .null {
            scenario["name"] = .string(name)
            root["scenario"] = .object(scenario)
            value = .object(root)
        }
        return value
    }

    /// A directory holding the given reports.
    static func reports(_ values: [JSONValue], in dir: String, _ label: String) throws -> String {
        let path = dir + "/" + label
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (n, value) in values.enumerated() { try CompareCLI.write(value, to: path, as: "r\(n).json") }
        return path
    }

    /// Two commits recorded out of time order; origami-lazy's bodyEvaluations 48 then 52 (set
    /// here), and a scenario "a-list" recorded at the first commit only.
    static func twoCommits() throws -> (dir: String, db: String) {
        let dir = try CompareCLI.temporaryDirectory()
        let db = dir + "/history.sqlite"
        let first = try reports([try report(body: 48), try report(body: 7, name: "a-list")], in: dir, "one")
        let second = try reports([try report(body: 52, hash: "0123456789abcdef")], in: dir, "two")
        let late = CompareCLI.run(["history", "record", second, "--db", db, "--commit", "bbbb", "--time", "2026-01-02T00:00:00Z"])
        #expect(late.status == 0, "\(late.err)")
        let early = CompareCLI.run(["history", "record", first, "--db", db, "--commit", "aaaa", "--branch", "main", "--time", "2026-01-01T00:00:00Z", "--label", "runner=linux"])
        #expect(early.status == 0, "\(early.err)")
        // 68 values each: the catalogue's 68 summary metrics (these summary-only reports have
        // no harness section).
        #expect(early.out == "recorded 2 scenarios of commit aaaa into \(db) (2 new, 0 replaced; 136 values)\n")
        return (dir, db)
    }

    /// A commit time that is not RFC 3339 is refused before anything is written, with the value
    /// and the forms that are read: a day its month lacks is not rolled over to the next month,
    /// a time without an offset is not taken for midnight.
    @Test(arguments: ["2026-02-30", "2026-12-01T15:40:08", "2026-12-01T15:40Z"])
    func aTimeThatIsNotRFC3339IsRefused(_ time: String) throws {
        let dir = try CompareCLI.temporaryDirectory()
        let db = dir + "/history.sqlite"
        let reports = try Self.reports([try Self.report(body: 48)], in: dir, "one")
        let record = CompareCLI.run(["history", "record", reports, "--db", db, "--commit", "aaaa", "--time", time])
        #expect(record.status == 2)
        #expect(record.err.contains("--time \(time): expected an RFC 3339 time with seconds and an offset"), "\(record.err)")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test func showPrintsEveryValueInAFixedOrder() throws {
        let (_, db) = try Self.twoCommits()
        let table = CompareCLI.run(["history", "show", "--db", db, "--metric", "bodyEvaluations"])
        #expect(table.status == 0, "\(table.err)")
        #expect(table.out == """
        SCENARIO      METRIC           COMMIT  BRANCH  TIME                  VALUE  BUDGET
        a-list        bodyEvaluations  aaaa    main    2026-01-01T00:00:00Z      7
        origami-lazy  bodyEvaluations  aaaa    main    2026-01-01T00:00:00Z     48
        origami-lazy  bodyEvaluations  bbbb            2026-01-02T00:00:00Z     52

        """)
        // The budget origami-lazy sets on p99 (8.33 ms) is shown with each value; a single
        // run's CSV row says runs 1 and leaves the ensemble's sd and interval empty.
        let p99 = CompareCLI.run(["history", "show", "--db", db, "--scenario", "origami-lazy", "--metric", "frameWorkMs.p99", "--last", "1", "--format", "csv"])
        #expect(p99.out == "scenario,metric,source,commit,branch,time,value,budget,runs,sd,low,high\norigami-lazy,frameWorkMs.p99,summary,bbbb,,2026-01-02T00:00:00Z,1.1,8.33,1,,,\n")
    }

    /// JSON: commits by time, scenarios by name, metrics in the report's order; the same
    /// bytes every time.
    @Test func showJSONIsSortedAndStable() throws {
        let (_, db) = try Self.twoCommits()
        let first = CompareCLI.run(["history", "show", "--db", db, "--format", "json"])
        let second = CompareCLI.run(["history", "show", "--db", db, "--format", "json"])
        #expect(first.status == 0 && first.out == second.out)
        let root = try JSONValue.parse(Data(first.out.utf8))
        #expect(root["commits"]?.arrayValue?.compactMap { $0["sha"]?.stringValue } == ["aaaa", "bbbb"])
        let series = try #require(root["series"]?.arrayValue)
        let keys = series.map { "\($0["scenario"]?.stringValue ?? "") \($0["metric"]?.stringValue ?? "")" }
        // a-list's metrics first, then origami-lazy's: frames is the catalogue's first metric.
        #expect(keys.first == "a-list frames")
        #expect(keys.firstIndex(of: "origami-lazy frames") == keys.count / 2)
        let order = Metric.allCases.map(\.path)
        let origami = series.filter { $0["scenario"]?.stringValue == "origami-lazy" }.compactMap { $0["metric"]?.stringValue }
        #expect(origami == order.filter(origami.contains))
        let body = try #require(series.first { $0["scenario"]?.stringValue == "origami-lazy" && $0["metric"]?.stringValue == "bodyEvaluations" })
        #expect(body["points"]?.arrayValue?.compactMap { $0["value"]?.numberValue } == [48, 52])
    }

    @Test func changesNameTheCommitScenarioAndMetric() throws {
        let (_, db) = try Self.twoCommits()
        let result = CompareCLI.run(["history", "changes", "--db", db])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == """
        origami-lazy at bbbb (2026-01-02T00:00:00Z), after aaaa
          scenario changed: contentHash \(try CompareCLI.origamiLazy["scenario"]?["contentHash"]?.stringValue ?? "") → 0123456789abcdef
          bodyEvaluations  48 → 52 (+8.3%)  regression (warning)
        1 change in 1 scenario: 1 regression at 1 commit

        """)
    }

    /// Pages go into --out and nowhere else; the change point links to the template's page.
    @Test func pagesAreWrittenInsideOutWithLinkedChangePoints() throws {
        let (dir, db) = try Self.twoCommits()
        let before = HostileInputTests.contents(dir)
        let result = CompareCLI.run(["history", "page", "--db", db, "--out", dir + "/pages", "--reports-url", "https://ci.example/{commit}/{scenario}.html"])
        #expect(result.status == 0, "\(result.err)")
        #expect(HostileInputTests.contents(dir).filter { !before.contains($0) } == ["pages", "pages/a-list.html", "pages/index.html", "pages/origami-lazy.html"])
        let page = try String(contentsOfFile: dir + "/pages/origami-lazy.html", encoding: .utf8)
        #expect(page.contains("<a href=\"https://ci.example/bbbb/origami-lazy.html\">"))
        #expect(page.contains("class=\"budget-line\""), "frameWorkMs.p99 has a budget")
        #expect(page.contains("<h2>bodyEvaluations</h2>"))
        let index = try String(contentsOfFile: dir + "/pages/index.html", encoding: .utf8)
        #expect(index.contains("<a href=\"origami-lazy.html\">origami-lazy</a>"))
        let again = CompareCLI.run(["history", "page", "--db", db, "--out", dir + "/pages2", "--reports-url", "https://ci.example/{commit}/{scenario}.html"])
        #expect(again.status == 0)
        #expect(try String(contentsOfFile: dir + "/pages2/origami-lazy.html", encoding: .utf8) == page, "the same database draws the same bytes")
    }

    // MARK: bad databases: status 2, the file unchanged

    static func refuses(_ db: String, saying words: String, reports: String) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: db))
        let record = CompareCLI.run(["history", "record", reports, "--db", db, "--commit", "cccc"])
        #expect(record.status == 2)
        #expect(record.err.contains(words), "\(record.err)")
        #expect(record.err.contains(db))
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == bytes)
    }

    @Test func aFileThatIsNotADatabaseIsRefusedAndLeftAlone() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let reports = try Self.reports([try Self.report(body: 48)], in: dir, "r")
        let db = dir + "/notes.txt"
        try String(repeating: "not a database\n", count: 200).write(toFile: db, atomically: true, encoding: .utf8)
        try Self.refuses(db, saying: "not an SQLite database", reports: reports)
        let show = CompareCLI.run(["history", "show", "--db", db])
        #expect(show.status == 2 && show.err.contains("not an SQLite database"))
    }

    /// A database of schema version 99 (SQLite keeps user_version at byte 60 of the file,
    /// big-endian: written here by hand).
    @Test func aNewerSchemaIsRefusedAndLeftAlone() throws {
        let (dir, db) = try Self.twoCommits()
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: db))
        try handle.seek(toOffset: 60)
        try handle.write(contentsOf: Data([0, 0, 0, 99]))
        try handle.close()
        try Self.refuses(db, saying: "schema version 99 is newer than this scrollsim reads", reports: dir + "/one")
        let show = CompareCLI.run(["history", "changes", "--db", db])
        #expect(show.status == 2 && show.err.contains("version 99"))
    }

    /// Read-only for everyone (refused even for root, who could write it).
    @Test func aReadOnlyFileIsRefusedAndLeftAlone() throws {
        let (dir, db) = try Self.twoCommits()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: db)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: db) }
        try Self.refuses(db, saying: "read-only", reports: dir + "/one")
        #expect(CompareCLI.run(["history", "show", "--db", db]).status == 0, "reading a read-only database is fine")
    }

    @Test func badOptionsAreUsageErrors() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let reports = try Self.reports([try Self.report(body: 48)], in: dir, "r")
        let db = dir + "/h.sqlite"
        for (arguments, words) in [
            (["history", "record", reports, "--db", db], "--commit SHA is required"),
            (["history", "record", reports, "--db", db, "--commit", "a", "--time", "tuesday"], "--time tuesday"),
            (["history", "record", reports, "--db", db, "--commit", "a", "--label", "novalue"], "--label novalue"),
            (["history", "record", reports, "--commit", "a"], "--db FILE is required"),
            (["history", "show", "--db", db, "--last", "0"], "--last 0"),
            (["history", "show", "--db", db, "--format", "xml"], "--format xml"),
            (["history", "page", "--db", db, "--out", dir + "/p", "--reports-url", "https://x/y.html"], "no {commit}"),
            (["history", "changes", "--db", db, "--preset", "strict"], "--preset 'strict' is not one of standard, relative, exact"),
            (["history", "page", "--db", db, "--out", dir + "/p", "--threshold", "frameWorkMs.p99"], "--threshold"),
            (["history", "shwo"], "did you mean 'show'"),
        ] {
            let result = CompareCLI.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.err.contains(words), "\(arguments): \(result.err)")
        }
        #expect(!FileManager.default.fileExists(atPath: db), "no usage error creates the database")
        let missing = CompareCLI.run(["history", "show", "--db", db])
        #expect(missing.status == 2 && missing.err.contains("no such history database"))
        let unknown = CompareCLI.run(["history", "record", reports, "--db", db, "--commit", "a"])
        #expect(unknown.status == 0)
        let misspelt = CompareCLI.run(["history", "show", "--db", db, "--metric", "bodyEvaluation"])
        #expect(misspelt.status == 2 && misspelt.err.contains("did you mean 'bodyEvaluations'?"), "\(misspelt.err)")
    }
}
