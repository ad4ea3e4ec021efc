import ScrollSimKit

/// The command-line tool: `main(arguments:console:)` takes argv (without the program name) so
/// tests can drive the whole tool. This is the one place errors become text and exit statuses.
public enum ScrollSimCLI {
    static let commands: [any Command.Type] = [
        InitCommand.self, RunCommand.self, ValidateCommand.self, CompareCommand.self, AbCommand.self, BaselineCommand.self, SweepCommand.self, MergeCommand.self, ReportCommand.self, BenchCommand.self, HistoryCommand.self,
        CalibrateCommand.self, CheckModelCommand.self,
    ]

    /// A command or subcommand by its full name ("run", "history record").
    static func command(named name: String) -> (any Command.Type)? {
        for command in commands {
            if command.spec.name == name { return command }
            if let sub = command.subcommands.first(where: { $0.spec.name == name }) { return sub }
        }
        return nil
    }

    static var overview: String {
        var lines = [
            "OVERVIEW: ScrollSim simulates SwiftUI-style lazy stacks scrolling at 120 Hz, frame by frame, and profiles them.",
            "",
            "USAGE: scrollsim <command> [options] [arguments]",
            "       scrollsim --version",
            "",
            "COMMANDS:",
        ]
        let width = (commands.map { $0.spec.name.count }.max() ?? 0) + 2
        for command in commands {
            lines.append("  " + command.spec.name.padding(toLength: width, withPad: " ", startingAt: 0) + command.spec.abstract)
        }
        lines += ["", "See 'scrollsim help <command>' or 'scrollsim <command> --help' for a command's options."]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes this process's peak resident memory where a measuring parent asked for it
    /// (`PeakResident`); the executable calls it as it ends.
    public static func recordPeakResidentIfAsked() {
        PeakResident.recordIfAsked()
    }

    public static func main(arguments: [String], console: Console) -> Int32 {
        guard let name = arguments.first else {
            console.err(overview)
            return ExitStatus.invalid.rawValue
        }
        if name == "--version" || name == "-V" {
            console.out(ScrollSimVersion.description + "\n")
            return ExitStatus.success.rawValue
        }
        if name == "--help" || name == "-h" {
            console.out(overview)
            return ExitStatus.success.rawValue
        }
        if name == "help" {
            guard let topic = arguments.dropFirst().first else {
                console.out(overview)
                return ExitStatus.success.rawValue
            }
            let name = arguments.dropFirst().prefix(2).joined(separator: " ")
            guard let command = command(named: name) ?? commands.first(where: { $0.spec.name == topic }) else {
                return report(ScrollSimError.usage(command: nil, "unknown command '\(topic)'"), console)
            }
            console.out(command.spec.helpText)
            return ExitStatus.success.rawValue
        }
        guard var command = commands.first(where: { $0.spec.name == name }) else {
            var message = "unknown command '\(name)'"
            if let near = Spelling.closest(to: name, in: commands.map { $0.spec.name }) { message += " (did you mean '\(near)'?)" }
            return report(ScrollSimError.usage(command: nil, message), console)
        }
        var rest = Array(arguments.dropFirst())
        if !command.subcommands.isEmpty {
            guard let sub = rest.first, sub != "--help", sub != "-h" else {
                if rest.isEmpty {
                    console.err(command.spec.helpText)
                    return ExitStatus.invalid.rawValue
                }
                console.out(command.spec.helpText)
                return ExitStatus.success.rawValue
            }
            let names = command.subcommands.map { String($0.spec.name.split(separator: " ").last ?? "") }
            guard let index = names.firstIndex(of: sub) else {
                var message = "unknown \(name) command '\(sub)'"
                if let near = Spelling.closest(to: sub, in: names) { message += " (did you mean '\(near)'?)" }
                return report(ScrollSimError.usage(command: name, message), console)
            }
            command = command.subcommands[index]
            rest.removeFirst()
        }
        do {
            let parsed = try ArgumentParser.parse(rest, spec: command.spec)
            if parsed.wantsHelp {
                console.out(command.spec.helpText)
                return ExitStatus.success.rawValue
            }
            return try command.init(parsed).run(console).rawValue
        } catch {
            return report(error, console)
        }
    }

    /// Prints an error on standard error and returns its exit status (2). Every bad input is a
    /// `ScrollSimError` whose lines `ErrorMessage` makes; the rest are write failures of the
    /// history database or of output files, and Foundation's errors.
    static func report(_ error: Error, _ console: Console) -> Int32 {
        switch error {
        case let error as ScrollSimError:
            for line in error.messages { console.err("Error: \(terminalLines(line))\n") }
            switch error.usage {
            case .command(let name)?:
                if let command = command(named: name) {
                    console.err("Usage: \(command.spec.usage)\n  See 'scrollsim \(name) --help'.\n")
                } else {
                    console.err("Usage: scrollsim <command> [options]\n  See 'scrollsim --help'.\n")
                }
            case .tool?:
                console.err("Usage: scrollsim <command> [options]\n  See 'scrollsim --help'.\n")
            case nil:
                break
            }
        default:
            console.err("Error: \(terminalLines("\(error)"))\n")
        }
        return ExitStatus.invalid.rawValue
    }
}

extension ScrollSimCLI {
    /// A message fitted to the terminal line by line; its own line breaks are kept.
    static func terminalLines(_ message: String) -> String {
        message.split(separator: "\n", omittingEmptySubsequences: false).map { MessageText.forTerminal(String($0)) }.joined(separator: "\n")
    }
}
