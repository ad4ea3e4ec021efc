#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a report ScrollSim wrote is told from a JSON file it did not write, before a command
/// replaces it (`ForeignFile`): from the report's own bytes, so reports stay as they are.
///
/// The writer (`ReportBuilder.write`) lays every report out the same way: keys sorted, two
/// spaces of indent, so a report opens with its first section (`{⏎  "ensemble": {` for an
/// ensemble, `{⏎  "events": {` otherwise) and holds its top-level `schema` right before its
/// `summary` (`⏎  "schema": 1,⏎  "summary": {`, 2 for an ensemble). A file with both is
/// ScrollSim's report; any other file (the user's own `NAME.json`, a report reformatted by
/// another tool) is refused with exit status 2 and left as it was. The file is scanned in
/// blocks for the schema member: constant memory, linear time.
public enum ReportMarker {
    /// What the refusal says a report carries.
    public static let description = "ScrollSim report's layout (its first section, then a top-level \"schema\" before its \"summary\")"

    static let openings: [[UInt8]] = ["{\n  \"ensemble\": {", "{\n  \"events\": {"].map { Array($0.utf8) }
    static let schemaMembers: [[UInt8]] = [ReportBuilder.schema, ReportBuilder.ensembleSchema].map {
        Array("\n  \"schema\": \($0),\n  \"summary\": {".utf8)
    }

    /// Throws `ForeignFile.refusal` when `path` is an existing regular file that is not a report
    /// ScrollSim wrote; a missing file passes.
    public static func refuseForeign(_ path: String) throws {
        try ForeignFile.refuse(path, marker: description) { head in isReport(path, head: Array(head.utf8)) }
    }

    /// Whether the file opens as a report and holds a report's schema member.
    static func isReport(_ path: String, head: [UInt8]) -> Bool {
        guard openings.contains(where: { head.starts(with: $0) }) else { return false }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let keep = schemaMembers.map(\.count).max()! - 1
        var window: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            window.append(contentsOf: block.prefix(n))
            if schemaMembers.contains(where: { window.firstRange(of: $0) != nil }) { return true }
            window.removeFirst(max(0, window.count - keep))
        }
    }
}
