import Foundation
@testable import ScrollSimKit
@testable import ScrollSimTraces
import Testing

/// Public traces that nobody on this project wrote (catapult, Perfetto, Lighthouse, speedscope,
/// inferno's real `xctrace export`, OpenTelemetry and Jaeger OTLP/JSON), each read with
/// `TraceReader.read(path:)` — what `scrollsim calibrate --from` calls — and compared with what
/// `Fixtures/RealTraces/expected.py` computes from the file alone (`expected.json`): per slice
/// name the count and the sum, min, median and max of the durations, or the refusal a correct
/// reader gives and the words its message must contain. `SOURCES.md` says where each file comes
/// from, its licence, and what is awkward about it.
///
/// The traces themselves are not in the repository: they are third-party files, installed by
/// putting them in `Fixtures/RealTraces/` or in the directory named by `SCROLLSIM_REAL_TRACES`.
/// Without them the corpus test is skipped, with that reason; the checks of the listing below
/// run either way.
@Suite struct RealTraceCorpusTests {
    /// Files the reader gets wrong, with why. A file listed here must still fail (so the list
    /// stays true); every other file must match `expected.json` exactly as described in
    /// `problems(_:_:)`. Empty since the readers of issue 42 (unfinished and damaged files,
    /// order, async slices, gzip, zip refused by name): all 32 files read or are refused as
    /// expected.json says.
    static let pendingReaderFixes: [String: String] = [:]

    /// One file's expected figures, by the test's arguments.
    @Test(.enabled(if: RealTraceCorpus.isInstalled, "the real traces are not installed: put them in Tests/ScrollSimKitTests/Fixtures/RealTraces or set SCROLLSIM_REAL_TRACES (see SOURCES.md)"),
          arguments: RealTraceCorpus.names)
    func readsLikeTheIndependentComputation(_ name: String) throws {
        let expected = try #require(RealTraceCorpus.expectations[name])
        let problems = Self.problems(name, expected)
        if let reason = Self.pendingReaderFixes[name] {
            #expect(!problems.isEmpty, "\(name) now reads as expected.json says: remove it from pendingReaderFixes (listed because: \(reason))")
        } else {
            #expect(problems.isEmpty, "\(name): \(problems.joined(separator: "; "))")
        }
    }

    /// The listing is whole: every file of `expected.json` has its row in `SOURCES.md` and the
    /// other way round, every pending file is in the corpus, and the corpus is as wide as issue 42
    /// asks (at least 20 files from at least 6 projects).
    @Test func listingIsWhole() throws {
        let sources = try String(contentsOfFile: RealTraceCorpus.committed + "/SOURCES.md", encoding: .utf8)
        let listed = sources.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `") else { return nil }
            return line.dropFirst(3).split(separator: "`").first.map(String.init)
        }
        #expect(listed.sorted() == RealTraceCorpus.names)
        #expect(Set(Self.pendingReaderFixes.keys).isSubset(of: RealTraceCorpus.names))
        #expect(RealTraceCorpus.names.count >= 20)
        #expect(Set(RealTraceCorpus.names.map { $0.prefix { $0 != "-" } }).count >= 6)
    }

    /// Absolute tolerance on a figure in ms: 1 ns. `expected.py` computes in exact decimals and
    /// rounds each figure once to the nanosecond (at most 0.5 ns off); the reader converts the
    /// files' times to integer nanoseconds exactly (every time in the corpus has at most three
    /// decimals of µs), and the figures below are computed from those integers. The relative
    /// term covers the one rounding of an Int64 sum to a Double (2⁻⁵² relative).
    static let toleranceMs = 1e-6
    static let relativeTolerance = 1e-9

    /// What differs between the reader and `expected.json` for one file; empty when they agree.
    /// A refusal must be a `ScrollSimError` whose message has every `must_mention` word
    /// (case-insensitive). A reading must have the expected format and SHA-256, the same slice
    /// names, the same count per name, and sum/min/median/max per name within the tolerance.
    static func problems(_ name: String, _ expected: RealTraceCorpus.Expectation) -> [String] {
        let path = (RealTraceCorpus.directory as NSString).appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: path) else { return ["not installed at \(path)"] }
        let reading: TraceReading
        do {
            reading = try TraceReader.read(path: path)
        } catch let error as ScrollSimError {
            guard let refusal = expected.refusal else { return ["refused: \(error.description)"] }
            // The path is taken out first: a file's own name ("….zip") must not satisfy the check.
            let message = error.description.replacingOccurrences(of: path, with: "FILE").lowercased()
            let absent = refusal.mustMention.filter { !message.contains($0.lowercased()) }
            return absent.isEmpty ? [] : ["refused without saying \(absent) (expected: \(refusal.reason)): \(error.description)"]
        } catch {
            return ["threw \(error), not a ScrollSimError"]
        }
        if let refusal = expected.refusal { return ["read, but should be refused: \(refusal.reason)"] }
        var problems: [String] = []
        if reading.format.rawValue != expected.format { problems.append("format \(reading.format.rawValue), expected \(expected.format)") }
        if reading.sha256 != expected.sha256 { problems.append("SHA-256 \(reading.sha256), expected \(expected.sha256)") }
        let read = Dictionary(grouping: reading.intervals, by: \.name).mapValues { Figures($0.map(\.durationNs)) }
        let missing = Set(expected.slices.keys).subtracting(read.keys).sorted()
        let extra = Set(read.keys).subtracting(expected.slices.keys).sorted()
        if !missing.isEmpty { problems.append("\(missing.count) names not read (\(missing.prefix(5).joined(separator: ", ")))") }
        if !extra.isEmpty { problems.append("\(extra.count) names that should not be there (\(extra.prefix(5).joined(separator: ", ")))") }
        for (slice, want) in expected.slices.sorted(by: { $0.key < $1.key }) {
            guard let got = read[slice] else { continue }
            if got.count != want.count {
                problems.append("\(slice): \(got.count) slices, expected \(want.count)")
                continue
            }
            for (figure, value, target) in [("sum", got.sumMs, want.sumMs), ("min", got.minMs, want.minMs),
                                            ("median", got.medianMs, want.medianMs), ("max", got.maxMs, want.maxMs)]
            where abs(value - target) > toleranceMs + relativeTolerance * abs(target) {
                problems.append("\(slice): \(figure) \(value) ms, expected \(target) ms")
            }
        }
        return problems
    }

    /// Count, sum, min, median (the mean of the middle two for an even count) and max of
    /// durations in integer nanoseconds, in ms.
    struct Figures {
        var count: Int
        var sumMs: Double
        var minMs: Double
        var medianMs: Double
        var maxMs: Double

        init(_ durations: [Int64]) {
            let sorted = durations.sorted()
            count = sorted.count
            sumMs = Double(sorted.reduce(0, +)) / 1e6
            minMs = Double(sorted[0]) / 1e6
            maxMs = Double(sorted[sorted.count - 1]) / 1e6
            let middle = sorted.count / 2
            medianMs = sorted.count % 2 == 1 ? Double(sorted[middle]) / 1e6 : (Double(sorted[middle - 1]) + Double(sorted[middle])) / 2e6
        }
    }
}

/// Where the real traces and their expected figures are.
enum RealTraceCorpus {
    /// The committed directory: `SOURCES.md`, `expected.py`, `expected.json`.
    static let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/RealTraces").path

    /// Where the trace files are: `SCROLLSIM_REAL_TRACES` when set, else beside `expected.json`.
    static var directory: String {
        ProcessInfo.processInfo.environment["SCROLLSIM_REAL_TRACES"].flatMap { $0.isEmpty ? nil : $0 } ?? committed
    }

    /// Whether any trace of the corpus is there (a partial corpus then fails, file by file).
    static var isInstalled: Bool {
        names.contains { FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent($0)) }
    }

    static var names: [String] { expectations.keys.sorted() }

    struct Refusal {
        var reason: String
        var mustMention: [String]
    }

    struct Slice {
        var count: Int
        var sumMs: Double
        var minMs: Double
        var medianMs: Double
        var maxMs: Double
    }

    struct Expectation {
        var format: String
        var sha256: String
        var refusal: Refusal?
        var slices: [String: Slice]
    }

    /// `expected.json`, by file name (empty, and so no test argument, if it cannot be read: the
    /// listing test then fails).
    static let expectations: [String: Expectation] = {
        guard let data = FileManager.default.contents(atPath: committed + "/expected.json"),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let files = root["files"] as? [String: [String: Any]] else { return [:] }
        return files.mapValues { file in
            let refusal = (file["refusal"] as? [String: Any]).map {
                Refusal(reason: $0["reason"] as? String ?? "", mustMention: $0["must_mention"] as? [String] ?? [])
            }
            let slices = (file["slices"] as? [String: [String: Any]] ?? [:]).mapValues { slice in
                Slice(count: (slice["count"] as? NSNumber)?.intValue ?? -1,
                      sumMs: (slice["sum_ms"] as? NSNumber)?.doubleValue ?? .nan,
                      minMs: (slice["min_ms"] as? NSNumber)?.doubleValue ?? .nan,
                      medianMs: (slice["median_ms"] as? NSNumber)?.doubleValue ?? .nan,
                      maxMs: (slice["max_ms"] as? NSNumber)?.doubleValue ?? .nan)
            }
            return Expectation(format: file["format"] as? String ?? "", sha256: file["sha256"] as? String ?? "",
                               refusal: refusal, slices: slices)
        }
    }()
}
