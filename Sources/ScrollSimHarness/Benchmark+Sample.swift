import ScrollSimKit

extension Benchmark {
    /// One measurement of one workload: what `scrollsim bench --workload NAME --json` prints,
    /// and what `bench` takes the median and spread of over its runs.
    public struct Sample: Equatable, Sendable {
        public var workload: Workload
        /// The workload's figure, in `unit`: CPU time for the timed workloads (µs per frame,
        /// ms, s), a ratio for `run-jobs`.
        public var value: Double
        /// The same figure in wall time, where it has one.
        public var wall: Double?
        public var unit: String
        /// The figures that go with it (allocations per frame, bytes per row, …).
        public var extras: [Extra]
        /// A word that goes with it (which scenario allocated most, …).
        public var note: String?

        public init(workload: Workload, value: Double, wall: Double?, unit: String, extras: [Extra] = [], note: String? = nil) {
            self.workload = workload
            self.value = value
            self.wall = wall
            self.unit = unit
            self.extras = extras
            self.note = note
        }
    }

    /// A figure that goes with a sample's.
    public struct Extra: Equatable, Sendable {
        public var name: String
        public var value: Double
        /// Decimal places shown.
        public var decimals: Int
        /// Summarised over runs by the largest (allocations: one run that allocates is one too
        /// many) rather than the median.
        public var worst: Bool

        public init(_ name: String, _ value: Double, decimals: Int = 1, worst: Bool = false) {
            self.name = name
            self.value = value
            self.decimals = decimals
            self.worst = worst
        }
    }

    /// The version of the JSON a `bench --workload NAME --json` child prints: the parent
    /// refuses a child that speaks another (or none).
    public static let protocolVersion = 1

    /// The JSON key that says a bench child wrote the text.
    static let protocolKey = "scrollsimBench"
}

extension Benchmark.Sample {
    /// The sample as `bench --workload NAME --json` prints it.
    public var json: JSONValue {
        var object: [String: JSONValue] = [
            Benchmark.protocolKey: .number(Double(Benchmark.protocolVersion)),
            "workload": .string(workload.rawValue),
            "value": .number(value),
            "unit": .string(unit),
            "extras": .array(extras.map { .object(["name": .string($0.name), "value": .number($0.value), "decimals": .number(Double($0.decimals)), "worst": .bool($0.worst)]) }),
        ]
        if let wall { object["wall"] = .number(wall) }
        if let note { object["note"] = .string(note) }
        return .object(object)
    }

    /// What a child printed, read back.
    /// - Throws: `ScrollSimError` naming what is missing or of another protocol.
    public init(json: JSONValue, program: String) throws {
        func fail(_ what: String) -> ScrollSimError {
            ScrollSimError("\(program): its bench output \(what)")
        }
        guard let version = json[Benchmark.protocolKey]?.numberValue else { throw fail("is not bench --json output (no \"\(Benchmark.protocolKey)\" key)") }
        guard Int(version) == Benchmark.protocolVersion else { throw fail("speaks bench protocol \(Int(version)), this binary \(Benchmark.protocolVersion)") }
        guard let name = json["workload"]?.stringValue, let workload = Benchmark.Workload(rawValue: name) else { throw fail("names no workload this binary knows") }
        guard let value = json["value"]?.numberValue, let unit = json["unit"]?.stringValue else { throw fail("has no value and unit") }
        var extras: [Benchmark.Extra] = []
        for (i, item) in (json["extras"]?.arrayValue ?? []).enumerated() {
            guard let name = item["name"]?.stringValue, let figure = item["value"]?.numberValue else { throw fail("has a malformed extras[\(i)]") }
            extras.append(Benchmark.Extra(name, figure, decimals: Int(item["decimals"]?.numberValue ?? 1), worst: item["worst"]?.boolValue ?? false))
        }
        self.init(workload: workload, value: value, wall: json["wall"]?.numberValue, unit: unit, extras: extras, note: json["note"]?.stringValue)
    }
}
