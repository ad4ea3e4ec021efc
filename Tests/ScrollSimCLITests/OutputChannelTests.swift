import Foundation
import ScrollSimKit
import Testing

/// Every output channel escaped (issue 48): a value from a file or an argument reaches the
/// terminal through `MessageText.forTerminal` (ESC shown as `\u{1B}`, a line break as
/// `\u{A}`, so it can neither recolour the terminal nor forge a line), a CSV cell through the
/// formula guard, a page's link only as a relative path or an http(s) URL.
@Suite struct OutputChannelTests {
    static let escape = "\u{1B}"

    @Test func historyPrintsCommitsAndBranchesEscaped() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let db = dir + "/h.sqlite"
        let reports = try HistoryCommandTests.reports([try HistoryCommandTests.report(body: 48)], in: dir, "one")
        let commit = "abc\u{1B}[2J"
        let record = CompareCLI.run(["history", "record", reports, "--db", db, "--commit", commit, "--branch", "main\nforged line", "--time", "2026-01-01T00:00:00Z"])
        #expect(record.status == 0, "\(record.err)")
        #expect(record.out == "recorded 1 scenario of commit abc\\u{1B}[2J into \(db) (1 new, 0 replaced; 68 values)\n")
        let show = CompareCLI.run(["history", "show", "--db", db, "--metric", "bodyEvaluations"])
        #expect(show.status == 0)
        #expect(!show.out.contains(Self.escape))
        #expect(show.out == """
        SCENARIO      METRIC           COMMIT        BRANCH                TIME                  VALUE  BUDGET
        origami-lazy  bodyEvaluations  abc\\u{1B}[2J  main\\u{A}forged line  2026-01-01T00:00:00Z     48

        """)
    }

    @Test func historyCSVCellsThatWouldBeFormulasAreText() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let db = dir + "/h.sqlite"
        let reports = try HistoryCommandTests.reports([try HistoryCommandTests.report(body: 48)], in: dir, "one")
        let record = CompareCLI.run(["history", "record", reports, "--db", db, "--commit", "=HYPERLINK(\"http://x\")", "--branch", "@SUM(A1)", "--time", "2026-01-01T00:00:00Z"])
        #expect(record.status == 0, "\(record.err)")
        let csv = CompareCLI.run(["history", "show", "--db", db, "--metric", "bodyEvaluations", "--format", "csv"])
        #expect(csv.out == "scenario,metric,source,commit,branch,time,value,budget,runs,sd,low,high\norigami-lazy,bodyEvaluations,summary,\"'=HYPERLINK(\"\"http://x\"\")\",\"'@SUM(A1)\",2026-01-01T00:00:00Z,48,,1,,,\n")
    }

    @Test func historyPageLinksOnlyToRelativeOrHTTPTargets() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let db = dir + "/h.sqlite"
        for (n, body) in [48.0, 96].enumerated() {
            let reports = try HistoryCommandTests.reports([try HistoryCommandTests.report(body: body)], in: dir, "r\(n)")
            let commit = n == 0 ? "aaaa" : "javascript:alert(1)//"
            #expect(CompareCLI.run(["history", "record", reports, "--db", db, "--commit", commit, "--time", "2026-01-0\(n + 1)T00:00:00Z"]).status == 0)
        }
        // A template with a scheme other than http(s) is refused before anything is read.
        let refused = CompareCLI.run(["history", "page", "--db", db, "--out", dir + "/bad", "--reports-url", " JavaScript:{commit}"])
        #expect(refused.status == 2)
        #expect(refused.err.contains("links are relative paths or http(s) URLs, not javascript:"), "\(refused.err)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/bad"))
        // A relative template: the commit is percent-encoded, so it adds no scheme.
        let page = CompareCLI.run(["history", "page", "--db", db, "--out", dir + "/pages", "--reports-url", "{commit}/{scenario}.html"])
        #expect(page.status == 0, "\(page.err)")
        let html = try String(contentsOfFile: dir + "/pages/origami-lazy.html", encoding: .utf8)
        #expect(html.contains("href=\"javascript%3Aalert%281%29%2F%2F/origami-lazy.html\""))
        #expect(!html.contains("href=\"javascript:"))
        // The history page carries no script of its own: no script may run at all.
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'none';"))
    }

    @Test func linkSchemesAreReadAsABrowserReadsThem() {
        #expect(LinkScheme.scheme("javascript:alert(1)") == "javascript")
        #expect(LinkScheme.scheme(" \u{1}\tJaVa\nScript:alert(1)") == "javascript")
        #expect(LinkScheme.scheme("https://ci.example/a.html") == "https")
        #expect(LinkScheme.scheme("../reports/a.html") == nil)
        #expect(LinkScheme.scheme("./a:b.html") == nil)
        #expect(LinkScheme.scheme("1a:b") == nil, "a scheme starts with a letter")
        #expect(LinkScheme.allows("HTTP://x") && LinkScheme.allows("a/b.html"))
        #expect(!LinkScheme.allows("data:text/html,x") && !LinkScheme.allows("file:///etc/passwd") && !LinkScheme.allows("vbscript:x"))
        #expect(LinkScheme.encoded("a/b:c d~") == "a%2Fb%3Ac%20d~")
    }

    /// SHA-256 of "abc" is ba7816bf…f20015ad (FIPS 180-2's first example); in base64, as a
    /// Content-Security-Policy hash source writes it, "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=".
    @Test func theScriptHashIsBase64OfSHA256() {
        #expect(SHA256Digest.base64("abc") == "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
        #expect(SHA256Digest.base64("") == "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
    }

    @Test func runPrintsATypeNameWithEscapesEscaped() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let file = try HostileInputTests.scenario("s", in: dir, text: """
        {"schema": 1, "name": "s", "duration": 1,
         "content": {"count": 50, "types": [{"name": "c\\u001b[2J", "height": {"fixed": 90}, "bodyMs": 12}]},
         "script": [{"at": 0, "fling": {"velocity": 3000}}]}
        """)
        let run = CompareCLI.run(["run", file, "--out", dir + "/r.json"])
        #expect(!run.out.contains(Self.escape), "\(run.out)")
        #expect(run.out.contains("built c\\u{1B}[2J ×"), "\(run.out)")
    }
}
