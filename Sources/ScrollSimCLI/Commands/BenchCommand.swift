import ScrollSimKit

/// `scrollsim bench`: measures the simulator's own speed and allocations.
struct BenchCommand: Command {
    static let spec = CommandSpec(
        name: "bench",
        abstract: "Measure the simulator itself: frames per second, per-frame cost against list size, allocations.",
        arguments: "[FILE|DIR...]",
        minimumArguments: 0,
        maximumArguments: nil,
        options: []
    )

    init(_ arguments: ParsedArguments) throws {}

    func run(_ console: Console) throws -> ExitStatus {
        throw UsageError(command: "bench", message: "bench is not implemented yet")
    }
}
