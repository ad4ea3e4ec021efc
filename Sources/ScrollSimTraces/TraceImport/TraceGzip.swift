import ScrollSimKit
import CZlib

/// A gzip stream (RFC 1952) decompressed as it is read, through zlib: `TraceInput` reads a
/// `trace.json.gz` through it, so the readers see the text and never the compressed bytes, and
/// the file is never decompressed whole (memory: zlib's 32 KiB window and a 256 KiB input
/// chunk). Several gzip members one after the other (what `cat a.gz b.gz` makes) read as their
/// texts one after the other, as `gzip -d` does.
final class TraceGzip {
    private let stream: UnsafeMutablePointer<z_stream>
    private let chunk: UnsafeMutablePointer<UInt8>
    private let chunkCapacity = 1 << 18
    /// No more compressed bytes to read; the current member has ended.
    private var inputEnded = false
    private var memberEnded = false
    /// Decompressed bytes produced so far (for messages).
    private(set) var produced = 0

    /// A decompressor whose first compressed bytes are `first` (those already read to recognise
    /// the format).
    init(first: UnsafeBufferPointer<UInt8>) throws {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        chunk = .allocate(capacity: max(chunkCapacity, first.count))
        guard scrollsim_inflate_init_gzip(stream) == Z_OK else {
            stream.deallocate()
            chunk.deallocate()
            throw Failure(reason: "zlib could not start decompressing")
        }
        if let base = first.baseAddress, first.count > 0 {
            chunk.update(from: base, count: first.count)
            stream.pointee.next_in = chunk
            stream.pointee.avail_in = UInt32(first.count)
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
        chunk.deallocate()
    }

    /// Why the compressed data cannot be read.
    struct Failure: Error {
        var reason: String
    }

    /// Decompresses into `out`, at most `capacity` bytes, calling `read` for more compressed
    /// bytes when it needs them (`read` returns 0 at the end of the file).
    /// - Returns: the bytes written; 0 only at the end of the last member.
    /// - Throws: `Failure` for damaged data or a stream that ends before its member does.
    func inflate(into out: UnsafeMutablePointer<UInt8>, capacity: Int, read: (UnsafeMutablePointer<UInt8>, Int) throws -> Int) throws -> Int {
        let z = stream
        z.pointee.next_out = out
        z.pointee.avail_out = UInt32(capacity)
        while z.pointee.avail_out == UInt32(capacity) {
            if z.pointee.avail_in == 0 && !inputEnded {
                let got = try read(chunk, chunkCapacity)
                if got == 0 { inputEnded = true } else {
                    z.pointee.next_in = chunk
                    z.pointee.avail_in = UInt32(got)
                }
            }
            if memberEnded {
                if z.pointee.avail_in == 0 && inputEnded { return 0 }
                // Another member follows.
                guard inflateReset(z) == Z_OK else { throw Failure(reason: "zlib could not start the next gzip member") }
                memberEnded = false
            }
            let status = CZlib.inflate(z, Z_NO_FLUSH)
            switch status {
            case Z_STREAM_END:
                memberEnded = true
            case Z_OK:
                continue
            case Z_BUF_ERROR where !(z.pointee.avail_in == 0 && inputEnded):
                continue
            case Z_BUF_ERROR:
                throw Failure(reason: "the gzip stream stops before its end (a truncated file?), \(place(capacity - Int(z.pointee.avail_out)))")
            default:
                let detail = z.pointee.msg.map { String(cString: $0) } ?? "error \(status)"
                throw Failure(reason: "the gzip data is damaged (zlib: \(detail)), \(place(capacity - Int(z.pointee.avail_out)))")
            }
        }
        let written = capacity - Int(z.pointee.avail_out)
        produced += written
        return written
    }

    /// Where in the text a failure is, for its message.
    private func place(_ pending: Int) -> String {
        produced + pending == 0 ? "before any text" : "after \(produced + pending) bytes of text"
    }
}
