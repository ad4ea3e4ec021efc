import ScrollSimKit

/// What the history keeps of an ensemble's metric at one commit beyond its mean: the run
/// count, the standard deviation over the runs, and the 95 % interval of the mean
/// (`RunSpread`: `mean ± t(0.975, runs − 1) · sd / √runs`).
///
/// A single run's value has none (run count 1, no interval); that is also how every value
/// recorded under schema version 1 reads back.
///
/// Invariant: `runs > 1` and `low ≤ high`.
public struct HistorySpread: Equatable, Sendable {
    public var runs: Int
    public var sd: Double
    public var low: Double
    public var high: Double

    /// Not checked here: `HistoryDatabase.read` leaves out a stored row that breaks the
    /// invariant (a file edited by hand), and `init(_:)` cannot make one.
    public init(runs: Int, sd: Double, low: Double, high: Double) {
        self.runs = runs
        self.sd = sd
        self.low = low
        self.high = high
    }

    /// The run count, sd and interval of an ensemble's spread.
    /// - Precondition: `spread.runs > 1`.
    public init(_ spread: RunSpread) {
        self.init(runs: spread.runs, sd: spread.sd, low: spread.low, high: spread.high)
    }
}
