/// What a report records of the scenario it came from (`scenario.source`): the scenario file's
/// JSON as decoded, with every data file it reads replaced by the file's name and content hash,
/// so two reports can be diffed (`ScenarioDiff`) without their scenario or data files.
///
/// `"content": {"data": "data/photos.jsonl"}` is recorded as
/// `"content": {"data": {"file": "data/photos.jsonl", "contentHash": "9f0c…"}}` (FNV-1a, 64-bit,
/// of the file's bytes, as in `Scenario.contentHash`): a changed data file shows as
/// `content.data.contentHash 1a2b… → 3c4d…`. Keys the content hash leaves out (`description`,
/// `budgets`, `grading`, `$schema`, `silence`) are kept: a change of budgets is worth seeing too.
/// Numbers are written at the report's precision (4 decimals), like every number in a report.
public enum ScenarioSource {
    /// One data file a scenario read: where the scenario names it, the name as given, its hash.
    public struct DataFile: Equatable, Sendable {
        /// The key path of the value naming the file (`content.data`).
        public var keyPath: String
        public var file: String
        public var contentHash: String

        public init(keyPath: String, file: String, bytes: [UInt8]) {
            self.keyPath = keyPath
            self.file = file
            self.contentHash = ScenarioSource.hash(bytes)
        }
    }

    /// The source of a decoded scenario: `root` with each data file's value replaced by its
    /// `{"file", "contentHash"}` object. A key path that does not lead to a value in `root`
    /// (never, for a scenario the decoder accepted) is left alone.
    public static func value(_ root: JSONValue, dataFiles: [DataFile]) -> JSONValue {
        var source = root
        for dataFile in dataFiles {
            let record = JSONValue.object(["file": .string(dataFile.file), "contentHash": .string(dataFile.contentHash)])
            source = replacing(dataFile.keyPath.split(separator: ".").map(String.init)[...], with: record, in: source)
        }
        return source
    }

    static func replacing(_ keys: ArraySlice<String>, with value: JSONValue, in root: JSONValue) -> JSONValue {
        guard let key = keys.first else { return value }
        guard case .object(var object) = root, let inner = object[key] else { return root }
        object[key] = replacing(keys.dropFirst(), with: value, in: inner)
        return .object(object)
    }

    /// FNV-1a (64-bit) of `bytes`, as 16 hex digits.
    static func hash(_ bytes: [UInt8]) -> String {
        hex(fnv1a(bytes[...], from: offsetBasis))
    }

    /// FNV-1a's starting state.
    static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325

    /// FNV-1a (64-bit) of `bytes`, continuing from `state`.
    static func fnv1a<Bytes: Sequence>(_ bytes: Bytes, from state: UInt64) -> UInt64 where Bytes.Element == UInt8 {
        var hash = state
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    static func hex(_ hash: UInt64) -> String {
        let text = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
