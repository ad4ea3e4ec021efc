import Foundation

/// A sweep: one scenario, the keys it varies and their values, and the metric that ranks the
/// variants.
///
/// The variants are the grid of every combination of the axes' values, numbered from 0 with
/// the first axis varying slowest (like nested loops, the first key outermost): with axes
/// `a = 1, 2` and `b = x, y, z`, variant 0 is `a=1 b=x`, 1 is `a=1 b=y`, 3 is `a=2 b=x`, 5 is
/// `a=2 b=z`. A variant is named `<scenario>-v<k>` (k zero-padded to the width of the last
/// index), which names its report file.
public struct SweepPlan: Equatable, Sendable {
    /// The scenario file as given.
    public var file: String
    /// The scenario file as parsed, before any value is changed.
    public var root: JSONValue
    /// The base scenario's name and content hash.
    public var name: String
    public var contentHash: String
    public var axes: [SweepAxis]
    public var metric: Metric
    public var objective: Objective
    /// The run count every variant plays (`--runs N`, a sweep file's `runs`): each variant is
    /// an ensemble of that many runs (1: the single deterministic run). Nil: each variant plays
    /// as its file says (`ensemble.runs`, else one run).
    public var runs: Int?

    /// Which way the chosen metric is better.
    public enum Objective: String, Equatable, Sendable, CaseIterable {
        case min, max
    }

    /// The most variants one sweep may have.
    public static let maximumVariants = 100_000

    /// - Throws: `Invalid` for no axes, a key varied twice, or more than `maximumVariants`.
    public init(file: String, root: JSONValue, name: String, contentHash: String, axes: [SweepAxis], metric: Metric, objective: Objective,
                runs: Int? = nil) throws {
        guard !axes.isEmpty else { throw ScrollSimError("nothing to vary: give --vary key.path=v1,v2,… or --sweep FILE") }
        var seen = Set<String>()
        for axis in axes where !seen.insert(axis.key).inserted {
            throw ScrollSimError("\(axis.key) is varied twice; give all its values in one list")
        }
        var count = 1
        for axis in axes {
            count *= axis.values.count
            guard count <= SweepPlan.maximumVariants else {
                throw ScrollSimError("the grid has more than \(SweepPlan.maximumVariants) variants (\(axes.map { "\($0.values.count)" }.joined(separator: " × "))); vary fewer values")
            }
        }
        self.file = file
        self.root = root
        self.name = name
        self.contentHash = contentHash
        self.axes = axes
        self.metric = metric
        self.objective = objective
        self.runs = runs
    }

    /// How many variants the grid has: the product of the axes' value counts.
    public var count: Int { axes.reduce(1) { $0 * $1.values.count } }

    /// The position of variant `k`'s value on each axis (first axis slowest).
    public func positions(_ k: Int) -> [Int] {
        var rest = k
        var positions = Array(repeating: 0, count: axes.count)
        for a in axes.indices.reversed() {
            positions[a] = rest % axes[a].values.count
            rest /= axes[a].values.count
        }
        return positions
    }

    /// Variant `k`'s value on each axis.
    public func values(_ k: Int) -> [JSONValue] {
        zip(axes, positions(k)).map { $0.values[$1] }
    }

    /// `feed-fling-v007`: the base name, cut so the whole fits the 60 characters a scenario
    /// name may have, then `-v` and `k` padded to the width of the last index.
    public func variantName(_ k: Int) -> String {
        let width = String(max(count - 1, 0)).count
        let digits = String(k)
        let suffix = "-v" + String(repeating: "0", count: max(0, width - digits.count)) + digits
        return String(name.prefix(60 - suffix.count)) + suffix
    }

    /// `prefetch.distance=2, keepAlive.seconds=0.5`: variant `k`'s values, for messages.
    public func describe(_ k: Int) -> String {
        let writer = JSONWriter(decimals: 6)
        return zip(axes, values(k)).map { "\($0.key)=\(writer.compact($1))" }.joined(separator: ", ")
    }
}
