/// The height a lazy stack assumes for rows it has not measured: the running average of the
/// heights laid out so far at the current width (how LazyVStack estimates its content height).
///
/// Heights measured at another width are stale: after a rotation the
/// average starts again from the rows laid out at the new width. A row measured twice at one
/// width (its content arrived, it re-laid out) replaces its earlier height in the average rather
/// than counting twice.
///
/// ```swift
/// var e = HeightEstimator()
/// e.record(100, replacing: nil)     // estimate 100
/// e.record(300, replacing: nil)     // estimate 200
/// e.record(500, replacing: 300)     // the second row grew: estimate 300
/// ```
struct HeightEstimator: Equatable, Sendable {
    private(set) var sum = 0.0
    private(set) var count = 0

    /// The running average, or nil before anything was measured at this width.
    /// - Complexity: O(1)
    var estimate: Double? {
        count > 0 ? max(0, sum / Double(count)) : nil
    }

    /// Adds a height measured at the current width; `previous` is the same row's earlier height
    /// at this width, if it had one.
    /// - Complexity: O(1)
    mutating func record(_ height: Double, replacing previous: Double?) {
        if let previous {
            sum += height - previous
        } else {
            sum += height
            count += 1
        }
    }

    /// The width changed: every height measured so far is stale.
    mutating func startNewWidth() {
        sum = 0
        count = 0
    }
}
