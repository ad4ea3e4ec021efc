/// What a command accepts, declared once: the parser reads it and the help text is printed
/// from it, so the two cannot disagree.
struct CommandSpec: Sendable {
    struct Option: Sendable {
        /// The long name without dashes (`out` for `--out`).
        var name: String
        var short: Character?
        /// The value's placeholder (`DIR`); nil for a flag.
        var value: String?
        var help: String
        var repeatable = false
    }

    var name: String
    var abstract: String
    /// The positional arguments, as shown in the usage line (`FILE|DIR...`).
    var arguments: String
    var minimumArguments: Int
    var maximumArguments: Int?
    var options: [Option]
    var discussion: String = ""

    static let helpOption = Option(name: "help", short: "h", value: nil, help: "Show this help.")

    var usage: String {
        let optionsPart = options.isEmpty ? "" : " [options]"
        return "scrollsim \(name)\(optionsPart)\(arguments.isEmpty ? "" : " \(arguments)")"
    }

    var helpText: String {
        var lines = ["OVERVIEW: \(abstract)", "", "USAGE: \(usage)"]
        let all = options + [CommandSpec.helpOption]
        lines.append("")
        lines.append("OPTIONS:")
        let labels = all.map { option -> String in
            var label = "--\(option.name)"
            if let short = option.short { label = "-\(short), " + label }
            if let value = option.value { label += " \(value)" }
            return label
        }
        let width = (labels.map(\.count).max() ?? 0) + 2
        for (label, option) in zip(labels, all) {
            lines.append("  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + option.help)
        }
        if !discussion.isEmpty {
            lines.append("")
            lines.append(discussion)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
