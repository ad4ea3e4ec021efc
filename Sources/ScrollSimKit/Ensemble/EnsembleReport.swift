/// The `ensemble` section of a report, read back (`Report.ensemble`): each metric's value in
/// each run, the runs' seeds, and the spreads as written.
public struct EnsembleReport: Equatable, Sendable {
    /// The runs' indexes and seeds, in order.
    public var indexes: [Int]
    public var seeds: [String]
    /// Each metric's value in each run, by metric path.
    public var values: [String: [Double]]
    /// The representative run's index (`RepresentativeRun`).
    public var representativeRun: Int
    /// The band of per-frame work over runs, per frame of the representative run (empty when
    /// absent).
    public var bandP10: [Double]
    public var bandP90: [Double]

    public var runs: Int { indexes.count }

    /// A metric's spread over the runs (nil for a metric the report does not hold per run).
    public func spread(_ path: String) -> RunSpread? {
        guard let column = values[path], !column.isEmpty else { return nil }
        return RunSpread(of: column)
    }

    /// Whether run i of `self` and of `other` drew alike (same index and seed), for the runs
    /// both have: what pairs them in a comparison.
    public func drawsAlike(_ other: EnsembleReport) -> Bool {
        let n = min(runs, other.runs)
        return n > 0 && indexes.prefix(n) == other.indexes.prefix(n) && seeds.prefix(n) == other.seeds.prefix(n)
    }

    /// A run's seed as a report writes it: 16 hex digits (a JSON number holds only 53 bits).
    public static func seedText(_ seed: UInt64) -> String {
        let hex = String(seed, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Reads the section.
    /// - Throws: `ScrollSimError` naming the key path of anything missing or inconsistent.
    init(_ json: JSONValue, file: String) throws {
        func fail(_ path: String, _ message: String) -> ScrollSimError {
            ScrollSimError(file: file, message: "ensemble.\(path): \(message)")
        }
        guard case .object(let runs)? = json["runs"] else { throw fail("runs", "expected an object of columns, one value per run") }
        guard let indexes = runs["index"]?.arrayValue?.compactMap({ $0.numberValue.map(Int.init) }), !indexes.isEmpty else {
            throw fail("runs.index", "expected the runs' indexes")
        }
        guard let seeds = runs["seed"]?.arrayValue?.compactMap(\.stringValue), seeds.count == indexes.count else {
            throw fail("runs.seed", "expected one seed (a hex string) per run")
        }
        var values: [String: [Double]] = [:]
        for (key, column) in runs where key != "index" && key != "seed" {
            guard let items = column.arrayValue else { throw fail("runs.\(key)", "expected an array of numbers") }
            let numbers = items.compactMap(\.numberValue)
            guard numbers.count == indexes.count, numbers.allSatisfy(\.isFinite) else {
                throw fail("runs.\(key)", "expected \(indexes.count) numbers, one per run")
            }
            values[key] = numbers
        }
        guard let representative = json["representativeRun"]?.numberValue.map(Int.init), indexes.contains(representative) else {
            throw fail("representativeRun", "expected the index of one of the runs")
        }
        self.indexes = indexes
        self.seeds = seeds
        self.values = values
        representativeRun = representative
        bandP10 = json["frameWorkBand"]?["p10"]?.arrayValue?.compactMap(\.numberValue) ?? []
        bandP90 = json["frameWorkBand"]?["p90"]?.arrayValue?.compactMap(\.numberValue) ?? []
    }
}
