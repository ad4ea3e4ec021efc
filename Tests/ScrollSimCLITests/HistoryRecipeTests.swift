import Foundation
import ScrollSimKit
import Testing

/// The Cookbook's history recipe, run as written on a scratch git repository: three commits of
/// a scenario, the second making a cell's `bodyMs` slower (0.2 → 2.5 ms), the third touching
/// only a README. For each commit the recipe's `scrollsim` steps run in order — GitHub Actions'
/// with `GITHUB_SHA`, then, in a fresh copy, GitLab CI's with `CI_COMMIT_SHA` — and then
/// `history changes` must name the second commit for every metric that moved, and only it, with
/// its subject.
///
/// Fast: no package build. `swift package --allow-writing-to-package-directory scrollsim` is
/// replaced by the `scrollsim` built with these tests, which is what the plugin runs.
@Suite struct HistoryRecipeTests {
    static let cookbook = CompareCLI.path("Sources/ScrollSimKit/ScrollSimKit.docc/Cookbook.md")
    static let plugin = "swift package --allow-writing-to-package-directory scrollsim "

    /// The `scrollsim` steps of the section's two YAML blocks, in order.
    static func recipes() throws -> (github: [String], gitlab: [String]) {
        let text = try String(contentsOfFile: cookbook, encoding: .utf8)
        guard let start = text.range(of: "## Since which commit is it slower?\n") else {
            throw CompareCLI.Missing(description: "the Cookbook has no section \"Since which commit is it slower?\"")
        }
        let end = text.range(of: "\n## ", range: start.upperBound..<text.endIndex)?.lowerBound ?? text.endIndex
        var blocks: [[String]] = []
        var current: [String]?
        for line in text[start.upperBound..<end].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```yaml") { current = [] } else if line.hasPrefix("```"), let block = current {
                blocks.append(block)
                current = nil
            } else if current != nil {
                var step = line.trimmingCharacters(in: .whitespaces)
                if step.hasPrefix("run: ") { step = String(step.dropFirst(5)) } else if step.hasPrefix("- ") { step = String(step.dropFirst(2)) } else { continue }
                if step.hasPrefix(plugin) { current?.append(step) }
            }
        }
        guard blocks.count == 2 else { throw CompareCLI.Missing(description: "expected a GitHub and a GitLab YAML block, found \(blocks.count)") }
        return (blocks[0], blocks[1])
    }

    @Test func theRecipesRecordEveryCommitAndDrawPages() throws {
        let recipes = try Self.recipes()
        for steps in [recipes.github, recipes.gitlab] {
            #expect(steps.map { $0.dropFirst(Self.plugin.count).split(separator: " ").prefix(2).joined(separator: " ") }
                == ["run Scenarios", "history record", "history changes", "history page"], "\(steps)")
        }
    }

    static let scenario = """
    {"schema": 1, "name": "feed", "duration": 2,
     "content": {"count": 200, "types": [{"name": "cell", "height": {"fixed": 90}, "bodyMs": BODY}]},
     "script": [{"at": 0.1, "fling": {"velocity": 3000}}]}

    """

    @Test func changesNameTheCommitThatMadeTheCellSlower() throws {
        let binary = try #require(HostileInputTests.binary, "the debug scrollsim is built with the tests")
        let recipes = try Self.recipes()
        // The subject comes from the step's SUBJECT (GitHub: the head commit's message) or
        // GitLab's CI_COMMIT_TITLE.
        for (name, steps, shaVariable, branchVariable, subjectVariable) in [("GitHub Actions", recipes.github, "GITHUB_SHA", "GITHUB_REF_NAME", "SUBJECT"),
                                                                            ("GitLab CI", recipes.gitlab, "CI_COMMIT_SHA", "CI_COMMIT_BRANCH", "CI_COMMIT_TITLE")] {
            let repo = URL(fileURLWithPath: try CompareCLI.temporaryDirectory("history-recipe"))
            defer { try? FileManager.default.removeItem(at: repo) }
            func shell(_ command: String, _ environment: [String: String] = [:]) throws -> String {
                let result = try AppRecipeTests.shell(command, in: repo, environment: environment)
                #expect(result.status == 0, "\(name): \(command):\n\(result.output.suffix(2000))")
                return result.output
            }
            _ = try shell("git init -q -b main && git config user.email ci@example.com && git config user.name CI && mkdir Scenarios")
            var shas: [String] = []
            var lastChanges = ""
            for (n, body) in ["0.2", "2.5", "2.5"].enumerated() {
                try Self.scenario.replacingOccurrences(of: "BODY", with: body).write(to: repo.appendingPathComponent("Scenarios/feed.json"), atomically: true, encoding: .utf8)
                if n == 2 { try "The feed.\n".write(to: repo.appendingPathComponent("README.md"), atomically: true, encoding: .utf8) }
                _ = try shell("git add -A && git commit -q -m 'commit \(n + 1)'")
                let sha = try shell("git rev-parse HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
                shas.append(sha)
                for step in steps {
                    let local = step.replacingOccurrences(of: Self.plugin, with: "\(String(reflecting: binary)) ")
                    let output = try shell(local, [shaVariable: sha, branchVariable: "main", subjectVariable: "commit \(n + 1)"])
                    if step.contains(" history changes ") { lastChanges = output }
                }
            }
            // The recipe's own changes step, after the third commit: the second commit, and
            // not the third (its only change is a README).
            #expect(lastChanges.contains("feed at \(shas[1]) ("), "\(name): \(lastChanges)")
            #expect(lastChanges.contains("  subject: commit 2\n"), "\(name): \(lastChanges)")
            #expect(lastChanges.contains("frameWorkMs.mean"), "\(name): \(lastChanges)")
            #expect(!lastChanges.contains(shas[2]), "\(name): \(lastChanges)")
            let json = try shell("\(String(reflecting: binary)) history changes --db history.sqlite --format json")
            let changes = try #require(try JSONValue.parse(Data(json.utf8)).arrayValue)
            #expect(!changes.isEmpty)
            for change in changes {
                #expect(change["commit"]?.stringValue == shas[1], "\(name): \(change)")
                #expect(change["previousCommit"]?.stringValue == shas[0], "\(name): \(change)")
            }
            // A slower body makes every frame's work dearer. Judged as compare judges, the p99
            // (0.92 → 8.19 ms, past 10 % of the 8.33 ms frame budget) is a regression; the mean
            // (0.68 → 1.00 ms, less than 5 % of the budget) moved within its threshold.
            let mean = changes.first { $0["metric"]?.stringValue == "frameWorkMs.mean" }
            #expect(mean?["direction"]?.stringValue == "move" && mean?["reason"]?.stringValue == "within threshold", "\(name)")
            let p99 = changes.first { $0["metric"]?.stringValue == "frameWorkMs.p99" }
            #expect(p99?["direction"]?.stringValue == "regression" && p99?["severity"]?.stringValue == "error", "\(name)")
            #expect(p99?["subject"]?.stringValue == "commit 2", "\(name)")
            // The scenario diff says where the scenario changed: the cell's body, 0.2 → 2.5 ms.
            #expect(mean?["scenarioDiff"]?.arrayValue?.compactMap(\.stringValue) == ["content.types[cell].bodyMs 0.2 → 2.5"], "\(name)")
            // The trend page links the change to the second commit's report page, published
            // beside it by the recipe's run step.
            let site = name == "GitHub Actions" ? "Reports/site" : "public"
            let page = try String(contentsOf: repo.appendingPathComponent("\(site)/feed.html"), encoding: .utf8)
            #expect(page.contains("href=\"reports/\(shas[1])/feed.html\""), "\(name)")
            #expect(FileManager.default.fileExists(atPath: repo.appendingPathComponent("\(site)/reports/\(shas[1])/feed.html").path), "\(name)")
        }
    }
}
