import Foundation
import ScrollSimKit
@testable import ScrollSimCLI
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

    /// The template's "$schema" resolves: init writes scenario.schema.json beside the file
    /// (the schema `ScenarioSchema` generates, as Scenarios/ keeps it) unless one is there, which
    /// it leaves alone. Issue 43: it named the file without writing it.
    @Test func theSchemaItNamesIsWrittenBesideItNeverOverwritten() throws {
        let directory = try CompareCLI.temporaryDirectory()
        let file = (directory as NSString).appendingPathComponent("feed.json")
        let schema = (directory as NSString).appendingPathComponent("scenario.schema.json")
        let written = CompareCLI.run(["init", "feed", file])
        #expect(written.status == 0, "\(written.err)")
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("\"$schema\": \"scenario.schema.json\""))
        #expect(try String(contentsOfFile: schema, encoding: .utf8) == ScenarioSchema.text)
        #expect(written.out.contains("wrote \(schema): the JSON Schema its \"$schema\" names"), "\(written.out)")
        // A directory of scenarios still plays: the schema is not taken for a scenario.
        #expect(CompareCLI.run(["validate", directory]).status == 0)
        // An existing schema (the team's own, say) is kept, and not announced.
        try "{\"mine\": true}".write(toFile: schema, atomically: true, encoding: .utf8)
        let second = CompareCLI.run(["init", "chat", (directory as NSString).appendingPathComponent("chat.json")])
        #expect(second.status == 0, "\(second.err)")
        #expect(try String(contentsOfFile: schema, encoding: .utf8) == "{\"mine\": true}")
        #expect(!second.out.contains("scenario.schema.json"))
    }

    /// Inside the package plugin (which sets SCROLLSIM_PLUGIN=1), "Next:" gives the plugin's
    /// command, which the user can run; outside it, the tool's.
    @Test func theNextHintIsThePluginsCommandInsideThePlugin() throws {
        func initialise(_ environment: [String: String]) throws -> String {
            let directory = try CompareCLI.temporaryDirectory()
            let capture = CompareCLI.Capture()
            let console = Console(out: { capture.out += $0 }, err: { capture.err += $0 }, environment: environment)
            #expect(ScrollSimCLI.main(arguments: ["init", "feed", (directory as NSString).appendingPathComponent("feed.json")], console: console) == 0)
            return capture.out
        }
        let plugin = try initialise(["SCROLLSIM_PLUGIN": "1"])
        #expect(plugin.contains("Next: edit it (its description says what to change), then swift package --allow-writing-to-package-directory scrollsim run "), "\(plugin)")
        let tool = try initialise([:])
        #expect(tool.contains("then scrollsim run "), "\(tool)")
        #expect(!tool.contains("swift package"))
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
