import ScrollSimKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A trace file read once, front to back, in 1 MiB chunks: the readers pull bytes from it, and
/// every chunk is hashed (SHA-256) as it arrives, so the digest costs no second pass. Memory is
/// the one chunk, whatever the file's size — or, while a value is parsed in place
/// (`parseInPlace`), the bytes of that value, which may grow the buffer up to
/// `TraceLimits.maximumEventBytes`.
///
/// A gzip file is decompressed as it is read (`decompressGzip()`, once its first two bytes
/// have been recognised): the readers then see the text, positions count bytes of the text,
/// and the digest stays the file's (of the compressed bytes, as `sha256sum` gives it).
///
/// Positions are byte offsets from the start of the text; a reader that fails names one, and
/// `error(at:_:)` turns it into a line and column by counting line feeds up to it — a second
/// pass over the file made only when there is an error, so the parse itself counts nothing.
final class TraceInput {
    let path: String
    let limits: TraceLimits
    /// The file's size in bytes.
    let size: Int
    private let descriptor: Int32
    private let hasher: SHA256
    private var capacity = 1 << 20
    private var buffer: UnsafeMutablePointer<UInt8>
    /// Bytes in `buffer`, the next one to read, and the text offset of `buffer[0]`.
    private var count = 0
    private var index = 0
    private var base = 0
    /// The end of the text has been reached (the last read returned nothing).
    private var ended = false
    /// Set once the file is recognised as gzip: the text comes through it.
    private var gzip: TraceGzip?
    /// The bytes of text read so far (decompressed, for gzip), bounded by `maximumFileBytes`.
    private var textBytes = 0

    /// Opens the regular file at `path` (a directory, FIFO or device is refused unopened).
    init(path: String, limits: TraceLimits) throws {
        self.path = path
        self.limits = limits
        func failure(_ reason: String) -> ScrollSimError { ScrollSimError(file: path, location: .whole, message: reason) }
        guard !path.isEmpty else { throw failure("the path is empty") }
        var info = stat()
        guard stat(path, &info) == 0 else { throw failure(InputFile.reason(errno)) }
        do { try InputFile.checkRegular(info) } catch let error as ScrollSimError { throw failure(error.reason) }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(InputFile.reason(errno)) }
        self.descriptor = descriptor
        hasher = SHA256()
        size = Int(info.st_size)
        guard size <= limits.maximumFileBytes else {
            close(descriptor)
            throw failure("the file is \(ScenarioLimits.grouped(size)) bytes, over the limit of \(ScenarioLimits.grouped(limits.maximumFileBytes)) bytes for a trace (raise it with --limit trace-bytes=N, or cut the trace to the scroll you measure)")
        }
        buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    }

    deinit {
        close(descriptor)
        buffer.deallocate()
    }

    /// The text offset of the next byte.
    var offset: Int { base + index }

    /// Whether the text is decompressed from gzip.
    var isGzip: Bool { gzip != nil }

    /// The next byte without consuming it; nil at the end of the file.
    @inline(__always) func peek() throws -> UInt8? {
        if index < count { return buffer[index] }
        return try refill() ? buffer[index] : nil
    }

    /// The next byte, consumed; nil at the end of the file.
    @inline(__always) func next() throws -> UInt8? {
        if index < count {
            index += 1
            return buffer[index - 1]
        }
        guard try refill() else { return nil }
        index += 1
        return buffer[index - 1]
    }

    /// Consumes the next byte (after a `peek`).
    @inline(__always) func skip() { index += 1 }

    /// Reads the next chunk; false at the end of the file.
    private func refill() throws -> Bool {
        if ended { return false }
        base += count
        index = 0
        count = 0
        count = try readMore(into: buffer, capacity)
        return count > 0
    }

    /// Reads up to `space` bytes of text into `destination`: from the file, or decompressed
    /// from it. 0 (and `ended`) at the end.
    private func readMore(into destination: UnsafeMutablePointer<UInt8>, _ space: Int) throws -> Int {
        let got: Int
        if let gzip {
            do {
                got = try gzip.inflate(into: destination, capacity: space) { try readFile(into: $0, $1) }
            } catch let failure as TraceGzip.Failure {
                throw ScrollSimError(file: path, location: .whole, message: failure.reason)
            }
        } else {
            got = try readFile(into: destination, space)
        }
        if got == 0 { ended = true }
        textBytes += got
        if gzip != nil && textBytes > limits.maximumFileBytes {
            throw ScrollSimError(file: path, location: .whole, message: "the decompressed text is over the limit of \(ScenarioLimits.grouped(limits.maximumFileBytes)) bytes for a trace (raise it with --limit trace-bytes=N, or cut the trace to the scroll you measure)")
        }
        return got
    }

    /// Reads up to `space` bytes of the file itself, hashing them.
    private func readFile(into destination: UnsafeMutablePointer<UInt8>, _ space: Int) throws -> Int {
        while true {
            let got = read(descriptor, destination, space)
            if got < 0 {
                if errno == EINTR { continue }
                throw ScrollSimError(file: path, location: .whole, message: "cannot be read: \(InputFile.reason(errno))")
            }
            if got > 0 { hasher.update(UnsafeRawBufferPointer(start: destination, count: got)) }
            return got
        }
    }

    /// The next `count` bytes (fewer at the end of the file), not consumed.
    func lookahead(_ wanted: Int) throws -> [UInt8] {
        while count - index < wanted, !ended {
            try keep(from: index, room: wanted)
        }
        return Array(UnsafeBufferPointer(start: buffer + index, count: min(wanted, count - index)))
    }

    /// From here on the text is the gzip decompression of the file's bytes (the next byte is
    /// the first of the gzip header). Called once, at the start.
    func decompressGzip() throws {
        precondition(gzip == nil && base == 0)
        do {
            gzip = try TraceGzip(first: UnsafeBufferPointer(start: buffer + index, count: count - index))
        } catch let failure as TraceGzip.Failure {
            throw ScrollSimError(file: path, location: .whole, message: failure.reason)
        }
        count = 0
        index = 0
        ended = false
    }

    /// Moves the bytes from `start` on to the front of the buffer (growing it when they fill
    /// it) and reads more after them, so that at least `room` more bytes fit.
    private func keep(from start: Int, room: Int) throws {
        if start > 0 {
            memmove(buffer, buffer + start, count - start)
            base += start
            count -= start
            index -= start
        }
        if capacity - count < room {
            let wanted = max(capacity * 2, count + room)
            guard wanted <= max(limits.maximumEventBytes, 1 << 20) else {
                throw error(at: base, "one event longer than \(limits.maximumEventBytes >> 20) MiB (TraceLimits.maximumEventBytes): not a trace a recorder writes")
            }
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: wanted)
            grown.update(from: buffer, count: count)
            buffer.deallocate()
            buffer = grown
            capacity = wanted
        }
        count += try readMore(into: buffer + count, capacity - count)
    }

    /// Parses the value (or values) that start at the next byte in place, in the buffer,
    /// with `parse`, and consumes what it consumed. When `parse` runs out of bytes before the
    /// end of the file (`TraceJSONCursor.Stop.needMore`), the bytes from the value's start
    /// are kept, more are read after them, and `parse` starts again — so `parse` must have no
    /// effect it cannot repeat until it has consumed everything it will. A value is therefore
    /// read twice only where it straddles a chunk boundary.
    func parseInPlace<Result>(_ parse: (inout TraceJSONCursor) throws -> Result) throws -> Result {
        if index == count { _ = try refill() }
        while true {
            if let result = try attempt(parse) { return result }
            try keep(from: index, room: max(capacity / 2, 1 << 16))
        }
    }

    /// `parse` in place when the value ends within the bytes already read: its result, nil
    /// (nothing consumed) when it would need more.
    func parseInPlaceIfBuffered<Result>(_ parse: (inout TraceJSONCursor) throws -> Result) throws -> Result? {
        if index == count { _ = try refill() }
        return try attempt(parse)
    }

    /// One try of `parse` over the bytes read: its result (consumed), or nil when it needs more.
    private func attempt<Result>(_ parse: (inout TraceJSONCursor) throws -> Result) throws -> Result? {
        var cursor = TraceJSONCursor(UnsafeBufferPointer(start: buffer + index, count: count - index), final: ended, limits: limits)
        do {
            let result = try parse(&cursor)
            index += cursor.index
            return result
        } catch TraceJSONCursor.Stop.needMore {
            return nil
        } catch TraceJSONCursor.Stop.invalid(let at, let reason) {
            throw error(at: offset + at, reason)
        }
    }

    /// Skips spaces, tabs, carriage returns and line feeds.
    func skipWhitespace() throws {
        while true {
            if index == count { guard try refill() else { return } }
            var i = index
            let end = count
            while i < end {
                let byte = buffer[i]
                guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else {
                    index = i
                    return
                }
                i += 1
            }
            index = i
        }
    }

    /// Appends to `out` the bytes before the first of `a`, `b` and `c` (scanning the buffer in
    /// place, not byte by byte through `next`), and returns that byte, not consumed; nil at
    /// the end of the file. Stops early, returning 0, once `out` holds more than `limit` bytes.
    func append(until a: UInt8, _ b: UInt8, _ c: UInt8, into out: inout [UInt8], limit: Int) throws -> UInt8? {
        while true {
            if index == count { guard try refill() else { return nil } }
            var end = index
            while end < count {
                let byte = buffer[end]
                if byte == a || byte == b || byte == c { break }
                end += 1
            }
            out.append(contentsOf: UnsafeBufferPointer(start: buffer + index, count: end - index))
            index = end
            if out.count > limit { return 0 }
            if end < count { return buffer[end] }
        }
    }

    /// Appends to `out` the bytes for which `isIncluded` holds, up to the first that does not
    /// (not consumed), or at most `limit` + 1 bytes.
    @inline(__always) func append(while isIncluded: (UInt8) -> Bool, into out: inout [UInt8], limit: Int) throws {
        while true {
            if index == count { guard try refill() else { return } }
            var end = index
            while end < count, isIncluded(buffer[end]) { end += 1 }
            out.append(contentsOf: UnsafeBufferPointer(start: buffer + index, count: end - index))
            index = end
            if end < count || out.count > limit { return }
        }
    }

    /// Reads the rest of the file for the digest, requiring nothing but whitespace in it.
    /// - Returns: the SHA-256 of every byte of the file.
    func finish() throws -> String {
        try skipWhitespace()
        if try peek() != nil { throw error(at: offset, "unexpected content after the end of the trace") }
        if gzip != nil {
            // Bytes after the last gzip member's end are part of the file too.
            var rest = [UInt8](repeating: 0, count: 1 << 16)
            while try rest.withUnsafeMutableBufferPointer({ try readFile(into: $0.baseAddress!, $0.count) }) > 0 {}
        }
        return hasher.finish()
    }

    /// An error at text offset `offset`, located by line and column (1-based; columns in bytes).
    func error(at offset: Int, _ reason: String) -> ScrollSimError {
        ScrollSimError(file: path, location: location(of: offset), message: gzip == nil ? reason : reason + " (line and column of the decompressed text)")
    }

    /// An error about the event with index `index`.
    func error(event index: Int, _ reason: String) -> ScrollSimError {
        ScrollSimError(file: path, location: .event(index), message: reason)
    }

    /// The line and column of text offset `offset`.
    func location(of offset: Int) -> ScrollSimError.Problem.Location {
        let (line, column) = Self.linesAndColumns(of: [offset], inFile: path, gzip: gzip != nil)[0]
        return .text(line: line, column: column)
    }

    /// The line and column of each of `offsets` (in the order given), counting the line feeds
    /// before them in one separate read of the file (decompressing it again for gzip).
    static func linesAndColumns(of offsets: [Int], inFile path: String, gzip: Bool) -> [(line: Int, column: Int)] {
        var result = offsets.map { (line: 1, column: $0 + 1) }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0, let last = offsets.max() else { return result }
        defer { close(descriptor) }
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        var next = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var inflater: TraceGzip?
        if gzip { inflater = try? TraceGzip(first: UnsafeBufferPointer(start: nil, count: 0)) }
        var line = 1, lineStart = 0, position = 0
        while position <= last, next < order.count {
            let got = chunk.withUnsafeMutableBufferPointer { pointer -> Int in
                let space = min(pointer.count, last + 1 - position)
                if let inflater {
                    return (try? inflater.inflate(into: pointer.baseAddress!, capacity: space) { read(descriptor, $0, $1) }) ?? 0
                }
                return read(descriptor, pointer.baseAddress, space)
            }
            if got <= 0 { break }
            chunk.withUnsafeBufferPointer { bytes in
                let start = UnsafeRawPointer(bytes.baseAddress!)
                var i = 0
                while true {
                    // The next line feed in this chunk (got when there is none); the offsets
                    // before it, in this chunk, are on the current line.
                    var feed = got
                    if i < got, let found = memchr(start + i, 0x0A, got - i) { feed = start.distance(to: UnsafeRawPointer(found)) }
                    while next < order.count, offsets[order[next]] <= position + feed, offsets[order[next]] < position + got {
                        result[order[next]] = (line, offsets[order[next]] - lineStart + 1)
                        next += 1
                    }
                    guard feed < got else { break }
                    line += 1
                    lineStart = position + feed + 1
                    i = feed + 1
                }
            }
            position += got
        }
        // Offsets at the very end of the file.
        while next < order.count {
            result[order[next]] = (line, offsets[order[next]] - lineStart + 1)
            next += 1
        }
        return result
    }
}
