/// Watches a data file's bytes as they are read, so a file past a limit is refused as soon as
/// the limit is crossed, streaming: the record after the `data-rows`-th (not after reading
/// all 256 MB of it), the byte after the `data-line-bytes`-th of one line (a 100 MB line is
/// never held, nor split into cells).
///
/// A record is a line with anything but spaces and tabs on it (blank lines are skipped, as the
/// reader skips them); a CSV file's first record is its header.
struct DataFileScan {
    let path: String
    let records: Int
    let lineBytes: Int
    let header: Bool

    private var line = 1
    private var bytesOnLine = 0
    private var lineHasText = false
    private var seen = 0

    init(path: String, limits: ScenarioLimits) {
        self.path = path
        records = limits.dataRows
        lineBytes = limits.dataLineBytes
        header = path.lowercased().hasSuffix(".csv")
    }

    /// Looks at the next bytes of the file.
    /// - Throws: `ScrollSimError` (over a limit) naming the line and the limit.
    mutating func scan(_ bytes: UnsafeRawBufferPointer) throws {
        for byte in bytes {
            if byte == 0x0A {
                try endLine()
                continue
            }
            bytesOnLine += 1
            if byte != 0x20 && byte != 0x09 && byte != 0x0D { lineHasText = true }
            if bytesOnLine > lineBytes {
                throw ScrollSimError("line \(ScenarioLimits.grouped(line)) is longer than \(ScenarioLimits.grouped(lineBytes)) bytes, over the limit for one record (raise it with --limit data-line-bytes=N)")
            }
        }
    }

    /// The end of the file: its last line may have no line break.
    mutating func finish() throws {
        try endLine()
    }

    private mutating func endLine() throws {
        if lineHasText {
            seen += 1
            if seen > records + (header ? 1 : 0) {
                throw ScrollSimError("has more than \(ScenarioLimits.grouped(records)) records (line \(ScenarioLimits.grouped(line))), over the limit (raise it with --limit data-rows=N)")
            }
        }
        line += 1
        bytesOnLine = 0
        lineHasText = false
    }
}
