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
        says what to change to make it yours and which metrics to read. Then:
        scrollsim run FILE (and scrollsim run FILE --html DIR for the charts).
        """
    )

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
        try OutputWriter.write(text, to: file)
        console.out("wrote \(file): \(template.summary)\nNext: edit it (its description says what to change), then scrollsim run \(file) --html Reports/html\n")
        return .success
    }
}
