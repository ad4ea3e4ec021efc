import Foundation
@testable import ScrollSimKit
@testable import ScrollSimTraces
import Testing

/// The hostile traces of the catalogue of bad input (`Tests/Fixtures/Catalogue/traces`): every
/// file there must be refused by `TraceReader` with exactly the message in `NAME.EXT.expected`
/// (as the CLI prints it, `Error: …`, with `{dir}` for the directory), within seconds.
/// Among them: billion laughs and an external entity (refused at the DOCTYPE, before any
/// entity is declared), a truncated export, a `ref` to an unknown id, negative and overflowing
/// durations, a B without its E, a unit written in text, non-UTF-8 bytes.
///
/// A file with a `NAME.EXT.limit` beside it is read within those limits (`TraceLimits.set`,
/// one `NAME=N` a line, as `--limit` gives them): a low limit stands in for a huge file
/// (`many-names.json` with 3 names allowed, `over-size.json` with 200 bytes, a gzip file whose
/// text decompresses past 4,000 bytes).
///
/// After changing a message on purpose, rewrite the expectations with
/// `SCROLLSIM_WRITE_CATALOGUE=1 swift test --filter TraceCatalogueTests` and read the diff.
@Suite struct TraceCatalogueTests {
    static let directory = ReportFixtures.packageRoot.appendingPathComponent("Tests/Fixtures/Catalogue/traces").path

    static var entries: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { !$0.hasSuffix(".expected") && !$0.hasSuffix(".limit") }.sorted()
    }

    @Test func theCatalogueHoldsTheHostileTraces() {
        let entries = Self.entries
        for name in ["billion-laughs.xml", "external-entity.xml", "truncated.xml", "unknown-ref.xml", "negative-duration.xml",
                     "overflowing-duration.json", "comma-inside-an-event.json", "cut-inside-an-event.json", "mixed-units.csv", "not-utf8.json",
                     "perfetto.pftrace", "otlp-file-exporter.binpb", "trace.zip", "trace.json.zst", "truncated.json.gz",
                     "duplicate-id.xml", "many-names.json", "over-size.json", "over-size-decompressed.json.gz"] {
            #expect(entries.contains(name), "\(name)")
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: entries)
    func traceIsRefused(_ name: String) throws {
        let path = (Self.directory as NSString).appendingPathComponent(name)
        let started = Date()
        var limits = TraceLimits.default
        if let lines = try? String(contentsOfFile: path + ".limit", encoding: .utf8) {
            for line in lines.split(separator: "\n") { try limits.set(String(line)) }
        }
        let message: String
        do {
            _ = try TraceReader.read(path: path, limits: limits)
            message = "read"
        } catch let error as ScrollSimError {
            message = "Error: \(error)\n"
        }
        let file = path + ".expected"
        if ProcessInfo.processInfo.environment["SCROLLSIM_WRITE_CATALOGUE"] == "1" {
            try message.replacingOccurrences(of: Self.directory, with: "{dir}").write(toFile: file, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "{dir}", with: Self.directory)
        #expect(message == expected)
        #expect(message.hasPrefix("Error: \(path):"), "names the file")
        #expect(Date().timeIntervalSince(started) < 10, "refused within seconds")
    }
}
