import Foundation
import ScrollSimKit

extension Benchmark {
    /// One workload measured in two builds, run by run.
    public struct Paired: Equatable, Sendable {
        public var workload: Workload
        /// This build's samples (A) and the other's (B), `a[i]` and `b[i]` back to back.
        public var a: [Sample]
        public var b: [Sample]

        public init(workload: Workload, a: [Sample], b: [Sample]) {
            self.workload = workload
            self.a = a
            self.b = b
        }

        /// B ÷ A of each pair's figure: above 1, this build's figure is smaller (for a time,
        /// faster).
        public var ratios: [Double] { Benchmark.pairedRatios(b.map(\.value), a.map(\.value)) }
        /// B ÷ A of each pair's wall time, where both have one.
        public var wallRatios: [Double] { Benchmark.pairedRatios(b.compactMap(\.wall), a.compactMap(\.wall)) }

        /// The median of an extra figure over A's runs and over B's, when every run of both
        /// has it (a build that does not measure it has none): the loop's page faults
        /// (`pageFaultsName`), beside the time, show a change that moved memory onto fresh pages
        /// — time no instruction count shows.
        public func extraMedians(_ name: String) -> (a: Double, b: Double)? {
            func values(_ samples: [Sample]) -> [Double]? {
                let found = samples.compactMap { $0.extras.first { $0.name == name }?.value }
                return found.count == samples.count && !found.isEmpty ? found : nil
            }
            guard let a = values(a), let b = values(b) else { return nil }
            return (Spread(a).median, Spread(b).median)
        }
    }

    /// The name of the loop workloads' page-fault figure (`Extra`), which `bench --against`
    /// shows for both builds.
    public static let pageFaultsName = "page faults/frame"

    /// What `bench --against OTHER` measured.
    public struct Comparison: Equatable, Sendable {
        public var this: String
        public var other: String
        public var runs: Int
        public var workloads: [Paired]
        public var loadAtStart: MachineLoad
        public var loadAtEnd: MachineLoad

        public init(this: String, other: String, runs: Int, workloads: [Paired], loadAtStart: MachineLoad, loadAtEnd: MachineLoad) {
            self.this = this
            self.other = other
            self.runs = runs
            self.workloads = workloads
            self.loadAtStart = loadAtStart
            self.loadAtEnd = loadAtEnd
        }
    }

    /// The arguments that make a scrollsim list the workloads its bench knows, as JSON.
    static let probeArguments = ["bench", "--workload", "list", "--json"]

    /// `bench --workload list --json`'s text: the protocol version and the workloads.
    public static var workloadListJSON: JSONValue {
        .object([protocolKey: .number(Double(protocolVersion)), "workloads": .array(Workload.allCases.map { .string($0.rawValue) })])
    }

    /// Runs `this` and `other` (two scrollsim executables) interleaved, A B A B …: each run of
    /// each workload is a process of its own (`bench --workload NAME --json`), which measures
    /// itself and prints its sample. Both are asked first which workloads they know, so a
    /// binary without the mode is refused before anything is measured.
    /// - Throws: `ScrollSimError` naming the binary that cannot be used, or whose run failed.
    public static func against(this: String, other: String, workloads: [Workload], runs: Int, suite: String) throws -> Comparison {
        precondition(runs > 0, "runs must be positive")
        for program in [other, this] { try checkUsable(program, workloads: workloads) }
        let loadAtStart = MachineLoad.now()
        var paired = workloads.map { Paired(workload: $0, a: [], b: []) }
        for _ in 0..<runs {
            for i in paired.indices {
                let arguments = ["bench", "--workload", paired[i].workload.rawValue, "--json", "--suite", suite]
                paired[i].a.append(try childSample(this, arguments))
                paired[i].b.append(try childSample(other, arguments))
            }
        }
        return Comparison(this: this, other: other, runs: runs, workloads: paired, loadAtStart: loadAtStart, loadAtEnd: MachineLoad.now())
    }

    /// Refuses `program` unless its bench has the child mode and knows every workload.
    /// - Throws: `ScrollSimError` naming it.
    public static func checkUsable(_ program: String, workloads: [Workload]) throws {
        let known = try knownWorkloads(program)
        if let missing = workloads.first(where: { !known.contains($0.rawValue) }) {
            throw ScrollSimError("\(program): its bench has no workload \(missing.rawValue) (it knows \(known.joined(separator: ", "))); leave it out with --workloads")
        }
    }

    /// The workloads `program`'s bench knows (`bench --workload list --json`).
    /// - Throws: `ScrollSimError` when it cannot run, fails, or prints something else.
    static func knownWorkloads(_ program: String) throws -> [String] {
        let json = try childJSON(program, probeArguments)
        guard let version = json[protocolKey]?.numberValue, Int(version) == protocolVersion,
              let names = json["workloads"]?.arrayValue?.compactMap(\.stringValue) else {
            throw ScrollSimError("\(program): `\(probeArguments.joined(separator: " "))` did not print bench protocol \(protocolVersion)'s workload list")
        }
        return names
    }

    static func childSample(_ program: String, _ arguments: [String]) throws -> Sample {
        try Sample(json: try childJSON(program, arguments), program: program)
    }

    /// Runs `program` with `arguments` and reads what it printed as JSON.
    static func childJSON(_ program: String, _ arguments: [String]) throws -> JSONValue {
        let child = try ChildProcess.run(program, arguments)
        let command = "`\(arguments.joined(separator: " "))`"
        guard child.status == 0 else {
            let reason = child.err.split(separator: "\n").first.map { ": \($0)" } ?? ""
            let hint = arguments == probeArguments ? "; a scrollsim built before `bench --against` has no such mode: build the other binary from a commit that has it" : ""
            throw ScrollSimError("\(program): \(command) exited with status \(child.status)\(reason)\(hint)")
        }
        do {
            return try JSONValue.parse(Data(child.out.utf8))
        } catch {
            throw ScrollSimError("\(program): \(command) printed no JSON (\(child.out.prefix(80)))")
        }
    }
}
