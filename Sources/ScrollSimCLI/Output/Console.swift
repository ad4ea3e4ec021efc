import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the tool writes: standard output and standard error, replaceable in tests.
public struct Console {
    public var out: (String) -> Void
    public var err: (String) -> Void
    /// Whether standard output is a terminal (colour is used only then).
    public var isTerminal: Bool
    /// Whether standard error is a terminal (progress lines are written only then).
    public var errorIsTerminal: Bool
    /// The environment variables the tool reads (a CI system's shard index and count); empty
    /// unless given, so a test never picks up the environment it happens to run in.
    public var environment: [String: String]

    public init(out: @escaping (String) -> Void, err: @escaping (String) -> Void, isTerminal: Bool = false, errorIsTerminal: Bool = false,
                environment: [String: String] = [:]) {
        self.out = out
        self.err = err
        self.isTerminal = isTerminal
        self.errorIsTerminal = errorIsTerminal
        self.environment = environment
    }

    /// The process's own streams.
    public static func standard() -> Console {
        Console(
            out: { text in
                write(text, to: stdout)
                fflush(stdout)
            },
            err: { text in
                write(text, to: stderr)
            },
            isTerminal: isatty(1) == 1 && getenv("NO_COLOR") == nil,
            errorIsTerminal: isatty(2) == 1,
            environment: ProcessInfo.processInfo.environment
        )
    }

    /// Writes every byte of `text`: `fputs` would stop at a NUL and glue the rest of the
    /// message, and its line break, to the next.
    static func write(_ text: String, to stream: UnsafeMutablePointer<FILE>?) {
        var text = text
        text.withUTF8 { bytes in _ = fwrite(bytes.baseAddress, 1, bytes.count, stream) }
    }

    /// Wraps text in an ANSI colour when writing to a terminal.
    func colored(_ text: String, _ code: String) -> String {
        isTerminal ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
