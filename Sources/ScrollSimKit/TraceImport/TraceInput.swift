#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A trace file read once, front to back, in 1 MiB chunks: the readers pull bytes from it, and
/// every chunk is hashed (SHA-256) as it arrives, so the digest costs no second pass. Memory is
/// the one chunk, whatever the file's size.
///
/// Positions are byte offsets from the start of the file; a reader that fails names one, and
/// `error(at:_:)` turns it into a line and column by counting line feeds up to it — a second
/// pass over the file made only when there is an error, so the parse itself counts nothing.
final class TraceInput {
    let path: String
    let limits: TraceLimits
    private let descriptor: Int32
    private let hasher: SHA256
    private let capacity = 1 << 20
    private let buffer: UnsafeMutablePointer<UInt8>
    /// Bytes in `buffer`, the next one to read, and the file offset of `buffer[0]`.
    private var count = 0
    private var index = 0
    private var base = 0
    private var ended = false

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
        guard let hasher = SHA256() else {
            close(descriptor)
            throw failure("cannot compute its SHA-256 (libcrypto made no context)")
        }
        self.descriptor = descriptor
        self.hasher = hasher
        buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    }

    deinit {
        close(descriptor)
        buffer.deallocate()
    }

    /// The file offset of the next byte.
    var offset: Int { base + index }

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
        while true {
            let got = read(descriptor, buffer, capacity)
            if got < 0 {
                if errno == EINTR { continue }
                throw ScrollSimError(file: path, location: .whole, message: "cannot be read: \(InputFile.reason(errno))")
            }
            if got == 0 {
                ended = true
                return false
            }
            count = got
            hasher.update(UnsafeRawBufferPointer(start: buffer, count: got))
            return true
        }
    }

    /// Skips spaces, tabs, carriage returns and line feeds.
    func skipWhitespace() throws {
        while true {
            if index == count { guard try refill() else { return } }
            while index < count {
                let byte = buffer[index]
                guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
                index += 1
            }
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
        return hasher.finish()
    }

    /// An error at byte `offset`, located by line and column (1-based; columns in bytes).
    func error(at offset: Int, _ reason: String) -> ScrollSimError {
        ScrollSimError(file: path, location: Self.lineAndColumn(of: offset, inFile: path), message: reason)
    }

    /// An error about the event with index `index`.
    func error(event index: Int, _ reason: String) -> ScrollSimError {
        ScrollSimError(file: path, location: .event(index), message: reason)
    }

    /// Counts the line feeds before `offset` in the file (a second, separate read).
    static func lineAndColumn(of offset: Int, inFile path: String) -> ScrollSimError.Problem.Location {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .text(line: 1, column: offset + 1) }
        defer { close(descriptor) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var line = 1, lineStart = 0, position = 0
        while position < offset {
            let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, min($0.count, offset - position)) }
            if got <= 0 { break }
            for i in 0..<got where chunk[i] == 0x0A {
                line += 1
                lineStart = position + i + 1
            }
            position += got
        }
        return .text(line: line, column: offset - lineStart + 1)
    }
}
