import Foundation
import ScrollSimKit

/// `scrollsim init [TEMPLATE] [FILE]`: writes a starter scenario (`ScenarioTemplate`) that
/// validates and runs as written, its description saying what to change and what to read.
struct InitCommand: Command {
    static let spec = CommandSpec(
        name: "init",
        abstract: "Write a starter scenario file to edit: a feed, heavy cells, async images.",
        arguments: "[TEMPLATE] [FILE]",
        minimumArguments: 0,
        maximumArguments: 2,
        options: [
            .init(name: "list", short: "l", value: nil, help: "List the templates."),
            .init(name: "force", short: "f", value: nil, help: "Overwrite FILE if it exists."),
        ],
        discussion: """
        TEMPLATE is one of \(ScenarioTemplate.all.map(\.name).joined(separator: ", ")) (default feed). FILE defaults to
        TEMPLATE.json in the current directory; - writes to standard output. An existing file is
        not overwritten without --force. The scenario is named after FILE. The file validates
        and runs as written; its description
        says what to change to make it yours and which metrics to read. Its "$schema" names
        scenario.schema.json beside it, which init writes there too when that directory has
        none (an existing one is left as it is), so editors complete and check the keys. Then:
        scrollsim run FILE (and scrollsim run FILE --html DIR for the charts); inside the
        package plugin the hint is the plugin's own command.
        """
    )

    /// The file the templates' `"$schema"` names, relative to the scenario.
    static let schemaName = "scenario.schema.json"
    /// Set by the package plugin (`swift package scrollsim …`) for the process it starts.
    static let pluginVariable = "SCROLLSIM_PLUGIN"

    /// How to run a scenario from here: inside the package plugin, the plugin's command (with
    /// the permission to write reports); otherwise the tool.
    static func runCommand(_ environment: [String: String]) -> String {
        environment[pluginVariable] == "1" ? "swift package --allow-writing-to-package-directory scrollsim run" : "scrollsim run"
    }

    var template: String
    var file: String
    var list: Bool
    var force: Bool

    init(_ arguments: ParsedArguments) throws {
        template = arguments.positionals.first ?? "feed"
        file = arguments.positionals.count > 1 ? arguments.positionals[1] : "\(template).json"
        list = arguments.flag("list")
        force = arguments.flag("force")
    }

    func run(_ console: Console) throws -> ExitStatus {
        if list {
            let width = (ScenarioTemplate.all.map(\.name.count) + ScenarioTemplate.planned.map(\.name.count)).max() ?? 0
            var text = "Templates (scrollsim init TEMPLATE [FILE]):\n"
            for template in ScenarioTemplate.all {
                text += "  " + template.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + template.summary + "\n"
            }
            if !ScenarioTemplate.planned.isEmpty {
                text += "Planned, once the engine models them: " + ScenarioTemplate.planned.map(\.name).joined(separator: ", ") + "\n"
            }
            console.out(text)
            return .success
        }
        guard let template = ScenarioTemplate.named(template) else {
            if let planned = ScenarioTemplate.planned.first(where: { $0.name == template }) {
                throw ScrollSimError(messages: ["no \(planned.name) template yet: \(planned.missing). Available: \(ScenarioTemplate.all.map(\.name).joined(separator: ", "))"])
            }
            var message = "unknown template '\(template)'; one of \(ScenarioTemplate.all.map(\.name).joined(separator: ", "))"
            if let near = Spelling.closest(to: template, in: ScenarioTemplate.all.map(\.name) + ScenarioTemplate.planned.map(\.name)) {
                message += " (did you mean '\(near)'?)"
            }
            throw ScrollSimError.usage(command: "init", message)
        }
        if file == "-" {
            console.out(template.text)
            return .success
        }
        // The scenario is named after the file (reports are named after the scenario).
        var name = (file as NSString).lastPathComponent
        if name.hasSuffix(".json") { name = String(name.dropLast(5)) }
        let text = template.text(named: name.isEmpty ? template.name : name)
        // A template that does not validate is a bug of this tool; never write it.
        _ = try ScenarioLoader.decode(Data(text.utf8), file: file)
        if FileManager.default.fileExists(atPath: file) && !force {
            throw ScrollSimError(messages: ["\(file) exists; give another FILE, or --force to overwrite it"])
        }
        // The template's "$schema" is "scenario.schema.json": written beside the file, unless
        // one is there already (never overwritten: it may be the team's, or a newer one), in
        // one all-or-nothing batch with the scenario.
        let schema = ((file as NSString).deletingLastPathComponent as NSString).appendingPathComponent(InitCommand.schemaName)
        let writeSchema = !FileManager.default.fileExists(atPath: schema)
        let batch = OutputBatch()
        try batch.stage(text, to: file)
        if writeSchema { try batch.stage(ScenarioSchema.text, to: schema) }
        try batch.commit()
        var said = "wrote \(file): \(template.summary)\n"
        if writeSchema { said += "wrote \(schema): the JSON Schema its \"$schema\" names, for editors\n" }
        said += "Next: edit it (its description says what to change), then \(InitCommand.runCommand(console.environment)) \(file) --html Reports/html\n"
        console.out(said)
        return .success
    }
}
