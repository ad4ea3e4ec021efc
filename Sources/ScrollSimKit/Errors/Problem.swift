extension ScrollSimError {
    /// One thing wrong with an input: where it is (`source` and `location`) and what is wrong
    /// (`detail`). `ErrorMessage` turns it into words; nothing else does.
    public struct Problem: Equatable, Sendable {
        /// What the problem is in.
        public enum Source: Equatable, Sendable {
            /// A file, named as the user gave it.
            case file(String)
            /// A command-line argument or environment variable as given (`--limit rows`,
            /// `CI_NODE_INDEX=two`).
            case argument(String)
            /// Nothing to name: the message says it all.
            case none
        }

        /// Where in the source.
        public enum Location: Equatable, Sendable {
            /// The source as a whole (it cannot be read, it is too large).
            case whole
            /// 1-based line and column of the text.
            case text(line: Int, column: Int)
            /// The key path of a bad value (`content.types[0].height`); empty for the top level.
            case keyPath(String)
            /// The number of an event in a trace, 1 for the first (a trace-event, a span, a row).
            case event(Int)
        }

        /// What is wrong.
        public enum Detail: Equatable, Sendable {
            /// In plain words.
            case message(String)
            /// The value is not what the key or argument takes: `expected …, found …` (or just
            /// `expected …` when what was found adds nothing).
            case expected(String, found: String?)
            /// The file cannot be read, for this reason (`no such file`, `is a directory, not a
            /// file`): `cannot read the file: REASON`, the one wording for every input file.
            case unreadable(String)
            /// The output file (the source) cannot be written, for this reason:
            /// `cannot write FILE: REASON`.
            case unwritable(String)
        }

        public var source: Source
        public var location: Location
        public var detail: Detail

        public init(source: Source, location: Location = .whole, detail: Detail) {
            self.source = source
            self.location = location
            self.detail = detail
        }

        public init(source: Source, location: Location = .whole, message: String) {
            self.init(source: source, location: location, detail: .message(message))
        }

        public init(file: String, location: Location = .whole, message: String) {
            self.init(source: .file(file), location: location, detail: .message(message))
        }

        /// The file the problem is in, or "" when it is not in a file.
        public var file: String {
            if case .file(let name) = source { return name }
            return ""
        }

        /// What is wrong, without where (`ErrorMessage.what`).
        public var message: String { ErrorMessage.what(self) }
    }
}

extension ScrollSimError.Problem: CustomStringConvertible {
    /// The problem's line (`ErrorMessage.line`).
    public var description: String { ErrorMessage.line(self) }
}
