import ScrollSimKit
import ScrollSimTraces

/// A set of limits that `--limit NAME=N` changes one at a time (`ScenarioLimits`, `TraceLimits`).
protocol SettableLimits {
    mutating func set(_ argument: String) throws
}

extension ScenarioLimits: SettableLimits {}
extension TraceLimits: SettableLimits {}

enum LimitOptions {
    /// `limits` with every `--limit` of `arguments` applied, in order.
    /// - Throws: the first refused `--limit`, as a usage error of `command`.
    static func applying<Limits: SettableLimits>(_ arguments: ParsedArguments, to limits: Limits, command: String) throws -> Limits {
        var limits = limits
        for argument in arguments.all("limit") {
            do {
                try limits.set(argument)
            } catch let error as ScrollSimError {
                throw error.withUsage(of: command)
            }
        }
        return limits
    }
}
