import Foundation
import ScrollSimKit
import ScrollSimTraces

/// What `calibrate` and `check-model` share: reading the traces (`--from`), the window, and
/// refusing an output that is one of the inputs.
enum CalibrationInputs {
    static let fromOption = CommandSpec.Option(
        name: "from", short: nil, value: "FILE",
        help: "A measured trace: an xctrace export (XML), Chrome/Perfetto trace-event JSON, OTLP/JSON spans (one request, JSON Lines or an array), or a type,phase,ms CSV — recognised by content, gzip-compressed or not. Repeatable.",
        repeatable: true)
    static let windowOption = CommandSpec.Option(
        name: "window", short: nil, value: "START:END",
        help: "Use only intervals that start in this part of each trace, in seconds from the trace's start (e.g. 2.5:30; either side may be left out). Default: all.")

    static let limitOption = CommandSpec.Option(
        name: "limit", short: nil, value: "NAME=N",
        help: "Change a limit the traces are read within (trace-events: 10,000,000; trace-names: 100,000 distinct interval names; trace-bytes: 16 GiB of file, or of text once decompressed). Repeatable.",
        repeatable: true)

    /// The trace limits with every `--limit` applied.
    static func limits(_ arguments: ParsedArguments, command: String) throws -> TraceLimits {
        try LimitOptions.applying(arguments, to: TraceLimits.default, command: command)
    }

    static let framesOption = CommandSpec.Option(
        name: "frames", short: nil, value: "NAME",
        help: "The trace's frame slices for the model check: a slice name, or a prefix ending in * ('Choreographer#doFrame*'). Default: the trace's own frames, else Android's Choreographer#doFrame*, Flutter's Animator::BeginFrame or Chrome's ProxyMain::BeginMainFrame, whichever it holds.")

    static func frames(_ arguments: ParsedArguments, command: String) throws -> FrameSelection? {
        guard let text = arguments.value("frames") else { return nil }
        do {
            return try FrameSelection(text)
        } catch let invalid as ScrollSimError {
            throw invalid.withUsage(of: command)
        }
    }

    /// Every `--from` trace, read in the order given.
    /// - Throws: `UsageError` when none is given; `InputError` naming the file and line:column.
    static func readings(_ arguments: ParsedArguments, command: String) throws -> [TraceReading] {
        let paths = arguments.all("from")
        guard !paths.isEmpty else { throw ScrollSimError.usage(command: command, "give a measured trace with --from FILE") }
        let limits = try limits(arguments, command: command)
        var readings: [TraceReading] = []
        for path in paths {
            do {
                readings.append(try TraceReader.read(path: path, limits: limits))
            } catch {
                throw ScrollSimError(messages: ["\(error)"])
            }
        }
        return readings
    }

    /// Prints what the readers repaired in the traces (a trailing comma, an events array never
    /// closed) as warnings on standard error.
    static func warn(_ readings: [TraceReading], _ console: Console) {
        let warnings = CalibrationText.readingWarnings(readings)
        if !warnings.isEmpty { console.err(warnings) }
    }

    static func window(_ arguments: ParsedArguments, command: String) throws -> CalibrationWindow? {
        guard let text = arguments.value("window") else { return nil }
        do {
            return try CalibrationWindow(argument: text)
        } catch let invalid as ScrollSimError {
            throw invalid.withUsage(of: command)
        }
    }

    /// Refuses an output path that names one of the inputs (the same file, by device and inode,
    /// whatever the spelling), so an input is never overwritten.
    static func refuseOverwrite(_ output: String, inputs: [String], option: String) throws {
        var out = stat()
        guard stat(output, &out) == 0 else { return }
        for input in inputs {
            var info = stat()
            if stat(input, &info) == 0, info.st_dev == out.st_dev, info.st_ino == out.st_ino {
                throw ScrollSimError(messages: ["\(option) \(output) is the input \(input): give another path (an input is never overwritten)"])
            }
        }
    }
}
