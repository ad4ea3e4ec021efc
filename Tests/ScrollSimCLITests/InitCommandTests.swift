import Foundation
import ScrollSimKit
import Testing

/// `scrollsim init`: a starter that validates and runs, never overwriting without asking.
@Suite struct InitCommandTests {
    @Test func writesAStarterThatRuns() throws {
        let directory = try CompareCLI.temporaryDirectory()
        let file = (directory as NSString).appendingPathComponent("my-feed.json")
        let written = CompareCLI.run(["init", "feed", file])
        #expect(written.status == 0, "\(written.err)")
        #expect(written.out.hasPrefix("wrote \(file): a social feed"))
        // The template, named after the file.
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text == ScenarioTemplate.feed.text.replacingOccurrences(of: "\n  \"name\": \"feed\",\n", with: "\n  \"name\": \"my-feed\",\n"))
        #expect(text != ScenarioTemplate.feed.text)
        #expect(CompareCLI.run(["validate", file]).status == 0)
        let run = CompareCLI.run(["run", file, "--out", (directory as NSString).appendingPathComponent("reports"), "-q"])
        #expect(run.status == 0, "\(run.err)")
        #expect(FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent("reports/my-feed.json")))

        // Not overwritten without --force.
        try "{}".write(toFile: file, atomically: true, encoding: .utf8)
        let again = CompareCLI.run(["init", "heavy-cells", file])
        #expect(again.status == 2 && again.err.contains("\(file) exists; give another FILE, or --force to overwrite it"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "{}")
        #expect(CompareCLI.run(["init", "heavy-cells", file, "--force"]).status == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == ScenarioTemplate.heavyCells.text(named: "my-feed"))
    }

    @Test func printsToStandardOutputAndLists() {
        let printed = CompareCLI.run(["init", "async-images", "-"])
        #expect(printed.status == 0 && printed.out == ScenarioTemplate.asyncImages.text)
        let list = CompareCLI.run(["init", "--list"])
        #expect(list.status == 0)
        for template in ScenarioTemplate.all { #expect(list.out.contains("  \(template.name) ")) }
        // Every kind of list the engine models has its template: nothing is listed as planned.
        #expect(!list.out.contains("Planned"))
        for name in ["feed", "heavy-cells", "async-images", "chat", "grid", "masonry"] { #expect(list.out.contains("  \(name) ")) }
    }

    /// The chat template is written, validates and runs within its budgets.
    @Test func writesAChat() throws {
        let directory = try CompareCLI.temporaryDirectory()
        let file = (directory as NSString).appendingPathComponent("support-chat.json")
        let written = CompareCLI.run(["init", "chat", file])
        #expect(written.status == 0, "\(written.err)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == ScenarioTemplate.chat.text(named: "support-chat"))
        let run = CompareCLI.run(["run", file, "--out", (directory as NSString).appendingPathComponent("reports"), "-q"])
        #expect(run.status == 0, "\(run.err)")
    }

    @Test func anUnknownTemplateIsAUsageError() {
        let result = CompareCLI.run(["init", "fed"])
        #expect(result.status == 2)
        #expect(result.err.contains("unknown template 'fed'") && result.err.contains("did you mean 'feed'?"), "\(result.err)")
    }
}
