import ScrollSimKit

/// Arguments parsed against a `CommandSpec`: positionals in order, option values by name.
struct ParsedArguments: Equatable, Sendable {
    var positionals: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var wantsHelp = false

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func flag(_ name: String) -> Bool { flags.contains(name) }
}

enum ArgumentParser {
    /// Parses `arguments` (without the command name). `--` ends options; `--name=value` and
    /// `--name value` are both accepted; an unknown option is an error naming the closest one.
    static func parse(_ arguments: [String], spec: CommandSpec) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        var rest = arguments[...]
        var optionsEnded = false
        while let argument = rest.popFirst() {
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name: String
            var inlineValue: String?
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
            } else {
                let short = argument.dropFirst()
                guard short.count == 1, let option = (spec.options + [CommandSpec.helpOption]).first(where: { $0.short == short.first }) else {
                    throw ScrollSimError.usage(command: spec.name, "unknown option '\(argument)'")
                }
                name = option.name
            }
            if name == "help" {
                parsed.wantsHelp = true
                continue
            }
            guard let option = spec.options.first(where: { $0.name == name }) else {
                var message = "unknown option '--\(name)'"
                if let near = Spelling.closest(to: name, in: spec.options.map(\.name)) {
                    message += " (did you mean '--\(near)'?)"
                }
                throw ScrollSimError.usage(command: spec.name, message)
            }
            if let placeholder = option.value {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if let next = rest.popFirst() {
                    value = next
                } else {
                    throw ScrollSimError.usage(command: spec.name, "option '--\(name)' needs a value (\(placeholder))")
                }
                if !option.repeatable, parsed.values[name] != nil {
                    throw ScrollSimError.usage(command: spec.name, "option '--\(name)' given twice")
                }
                parsed.values[name, default: []].append(value)
            } else {
                if inlineValue != nil { throw ScrollSimError.usage(command: spec.name, "option '--\(name)' takes no value") }
                parsed.flags.insert(name)
            }
        }
        if parsed.wantsHelp { return parsed }
        if parsed.positionals.count < spec.minimumArguments {
            throw ScrollSimError.usage(command: spec.name, "missing \(spec.arguments)")
        }
        if let maximum = spec.maximumArguments, parsed.positionals.count > maximum {
            throw ScrollSimError.usage(command: spec.name, "unexpected argument '\(parsed.positionals[maximum])'")
        }
        return parsed
    }
}
