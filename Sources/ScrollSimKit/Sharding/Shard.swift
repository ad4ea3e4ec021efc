/// One slice of a list of work split over several machines (CI jobs, Kubernetes pods): the
/// `index`-th of `total` shards, counted from 0.
///
/// Item `k` of the list (a sweep's variant `k`, a suite's `k`-th scenario in path order) belongs
/// to shard `k mod total`. Round robin rather than contiguous blocks: a grid's first key varies
/// slowest, so its costly values (a longer list, a heavier cell) sit together, and blocks would
/// give them all to one shard; round robin spreads every key's values over every shard. Every
/// item belongs to exactly one shard, whatever the total, and which one depends only on `k` and
/// `total`, so every machine computes the same split without talking to the others.
///
/// On the command line and in messages a shard is written 1-based, `I/N` (`2/4` is the second
/// of four), as GitLab CI counts its jobs.
public struct Shard: Equatable, Sendable, CustomStringConvertible {
    /// 0-based.
    public var index: Int
    public var total: Int

    /// Everything: the one shard of one.
    public static let whole = Shard(index: 0, total: 1)

    public init(index: Int, total: Int) {
        precondition(total >= 1 && (0..<total).contains(index), "shard \(index) of \(total)")
        self.index = index
        self.total = total
    }

    /// Whether item `k` of the list (0-based) is this shard's.
    public func contains(_ k: Int) -> Bool { k % total == index }

    /// The items of `items` that are this shard's, in their order.
    public func select<T>(_ items: [T]) -> [T] {
        items.enumerated().filter { contains($0.offset) }.map(\.element)
    }

    public var isWhole: Bool { total == 1 }

    /// `2/4`: 1-based, as `--shard` takes it.
    public var description: String { "\(index + 1)/\(total)" }

    /// The most shards a list may be split into. A Kubernetes Indexed Job, the largest of the
    /// CI systems read, has at most 100,000 completions, and `merge` reads one directory per
    /// shard: a `--shard 1/100000000` would have it account for a hundred million.
    public static let maximumTotal = 100_000

    /// Refuses a number of shards past `maximumTotal`, naming where it came from.
    public static func checkTotal(_ total: Int, origin: String) throws {
        guard total <= maximumTotal else {
            throw ScrollSimError.argument(MessageText.escaped(origin, limit: 80), "at most \(ScenarioLimits.grouped(maximumTotal)) shards (a Kubernetes Indexed Job's most completions)")
        }
    }

    /// Parses `I/N` (1-based: `1/4` … `4/4`).
    /// - Parameter origin: how messages name the text (`--shard`).
    public static func parse(_ text: String, origin: String = "--shard") throws -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else {
            throw ScrollSimError.argument("\(origin) \(text)", expected: "I/N, the shard's number and the number of shards (1/4 … 4/4)")
        }
        guard n >= 1 else { throw ScrollSimError.argument("\(origin) \(text)", "the number of shards must be at least 1") }
        try checkTotal(n, origin: "\(origin) \(text)")
        guard (1...n).contains(i) else {
            throw ScrollSimError.argument("\(origin) \(text)", "the shard's number is 1-based and must be from 1 to \(n)")
        }
        return Shard(index: i - 1, total: n)
    }
}
