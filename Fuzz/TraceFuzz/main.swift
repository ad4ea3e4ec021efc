// libFuzzer target: bytes → a trace file → TraceReader (format recognised by content: xctrace
// XML, trace-event JSON, OTLP JSON, CSV), with a low event limit so runaway inputs end fast.
// Built by scripts/fuzz (not by `swift build`). Any trap is a finding: a trace that reads must
// give intervals with durations ≥ 0 inside its span, and one that does not must be refused with
// a ScrollSimError that says why.
import Foundation
import ScrollSimKit
import ScrollSimTraces

let path = NSTemporaryDirectory() + "scrollsim-trace-fuzz-\(getpid())"

@_cdecl("LLVMFuzzerTestOneInput")
public func traceFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes: data, count: size)) else { return 0 }
    do {
        let reading = try TraceReader.read(path: path, limits: TraceLimits(eventLimit: 10_000))
        for interval in reading.intervals {
            precondition(interval.durationNs >= 0, "a negative duration was read")
            if let span = reading.spanNs {
                precondition(span.contains(interval.startNs) && interval.startNs + interval.durationNs <= span.upperBound, "an interval outside the span")
            }
        }
        precondition(reading.sha256.count == 64, "no digest")
    } catch let error as ScrollSimError {
        precondition(!error.problems.isEmpty && error.problems.allSatisfy { !$0.message.isEmpty }, "an empty refusal")
        return 0
    } catch {
        preconditionFailure("not a ScrollSimError: \(error)")
    }
    return 0
}
