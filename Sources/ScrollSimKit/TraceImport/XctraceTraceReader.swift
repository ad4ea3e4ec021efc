/// Placeholder until the xctrace reader lands.
struct XctraceTraceReader {
    let input: TraceInput
    var accumulator: TraceAccumulator

    mutating func read() throws {
        throw input.error(at: input.offset, "xctrace exports are not read yet")
    }

    func reading(file: String) -> TraceReading {
        TraceReading(format: .xctrace, file: file, sha256: "")
    }
}
