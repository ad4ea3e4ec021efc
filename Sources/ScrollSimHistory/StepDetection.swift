import Foundation

/// Finds the commits where a noisy series (a harness timing) moved to a new level: a
/// penalised piecewise-constant fit with medians, after asv's `step_detect`.
///
/// asv (airspeed velocity, `asv/step_detect.py`) models a benchmark's results over commits as
/// piecewise constant plus noise, and fits levels by minimising
/// `γ·k + Σ_segments Σ_i |y_i − median(segment)|` (the L1 "Potts" problem of Friedrich et al.
/// 2008): each extra level costs γ, each point costs its distance to its level's median, so a
/// level must explain enough points to pay for itself. The L1 cost makes one wild point (a
/// shared CI machine's hiccup) unable to open a level of its own.
///
/// This variant keeps that objective and simplifies the rest:
/// - **Search**: binary segmentation — split the series where the split lowers the cost most,
///   keep the split if it lowers it by more than γ, and split both halves again — instead of
///   asv's exact dynamic programme with merging. O(n log n) per level of splitting (running
///   medians with two heaps), so 1,000 commits cost milliseconds.
/// - **Penalty**: `γ = penalty · σ · ln n` with `penalty = 3`, asv's default form
///   (`solve_potts_approx`: `3 · noise · ln n`). asv estimates the noise from the spread about
///   the overall median, which a real step inflates; here σ is the median absolute difference
///   between successive values divided by 0.954 (the value that makes it the standard
///   deviation for Gaussian noise), which one step barely moves.
/// - **Short levels**: every level spans at least `minimumSegment = 2` commits (asv's
///   `min_size`), so a single slow commit is a blip, not a change; a step at the latest commit
///   shows once the next commit confirms it.
/// - **Small steps**: a step smaller than `minimumRelativeStep = 5%` of the level before it is
///   dropped (asv's default `regressions_thresholds` of 0.05), and its two levels merged.
public enum StepDetection {
    public struct Parameters: Equatable, Sendable {
        public var penalty: Double
        public var minimumSegment: Int
        public var minimumRelativeStep: Double

        public init(penalty: Double = 3, minimumSegment: Int = 2, minimumRelativeStep: Double = 0.05) {
            self.penalty = penalty
            self.minimumSegment = max(1, minimumSegment)
            self.minimumRelativeStep = minimumRelativeStep
        }

        public static let standard = Parameters()
    }

    /// A change of level: the series is at `before` up to `index − 1` and at `after` from `index`.
    public struct Step: Equatable, Sendable {
        /// The first index of the new level.
        public var index: Int
        /// The median of the level before and of the level after.
        public var before: Double
        public var after: Double
    }

    /// The steps of `values`, in index order.
    /// - Complexity: O(n log² n) for n values.
    public static func steps(_ values: [Double], parameters: Parameters = .standard) -> [Step] {
        let n = values.count
        let minimum = parameters.minimumSegment
        guard n >= 2 * minimum else { return [] }
        let gamma = parameters.penalty * noise(values) * log(Double(n))
        var cuts: [Int] = []
        var pending = [(0, n)]
        while let (lo, hi) = pending.popLast() {
            guard hi - lo >= 2 * minimum else { continue }
            let segment = Array(values[lo..<hi])
            let prefix = runningCosts(segment)
            let suffix = Array(runningCosts(segment.reversed()).reversed())
            let total = prefix[segment.count - 1]
            var best: (gain: Double, split: Int)?
            for split in minimum...(segment.count - minimum) {
                // prefix[k] is the cost of segment[0...k]; suffix[k] of segment[k...].
                let gain = total - prefix[split - 1] - suffix[split]
                if gain > (best?.gain ?? 0) + 1e-12 * max(1, abs(total)) { best = (gain, split) }
            }
            guard let best, best.gain > gamma else { continue }
            cuts.append(lo + best.split)
            pending.append((lo, lo + best.split))
            pending.append((lo + best.split, hi))
        }
        cuts.sort()
        // Merge the smallest step under the relative floor until none is left.
        while true {
            let levels = medians(values, cuts)
            var smallest: (relative: Double, position: Int)?
            for (position, _) in cuts.enumerated() {
                let (before, after) = (levels[position], levels[position + 1])
                let relative = before == 0 ? (after == 0 ? 0 : .infinity) : abs(after - before) / abs(before)
                if relative < parameters.minimumRelativeStep, relative < (smallest?.relative ?? .infinity) { smallest = (relative, position) }
            }
            guard let smallest else {
                return cuts.enumerated().map { Step(index: $1, before: levels[$0], after: levels[$0 + 1]) }
            }
            cuts.remove(at: smallest.position)
        }
    }

    /// The noise scale: median |y_i − y_{i−1}| / 0.954 (for Gaussian noise of deviation σ the
    /// difference of two values has median absolute value 0.6745·√2·σ ≈ 0.954σ).
    static func noise(_ values: [Double]) -> Double {
        let differences = zip(values.dropFirst(), values).map { abs($0 - $1) }.sorted()
        guard !differences.isEmpty else { return 0 }
        let middle = differences.count / 2
        let median = differences.count % 2 == 1 ? differences[middle] : (differences[middle - 1] + differences[middle]) / 2
        return median / 0.954
    }

    /// The median of each level between `cuts`.
    static func medians(_ values: [Double], _ cuts: [Int]) -> [Double] {
        let bounds = [0] + cuts + [values.count]
        return zip(bounds, bounds.dropFirst()).map { lo, hi in
            let sorted = values[lo..<hi].sorted()
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }
    }

    /// `costs[k]` = Σ_{i ≤ k} |x_i − median(x_0…x_k)|, for every k, with a running median
    /// kept in two heaps (the lower half in a max-heap, the upper in a min-heap).
    /// - Complexity: O(n log n).
    static func runningCosts<S: Sequence>(_ values: S) -> [Double] where S.Element == Double {
        var lower = Heap(above: >)  // max-heap
        var upper = Heap(above: <)  // min-heap
        var lowerSum = 0.0, upperSum = 0.0
        var costs: [Double] = []
        for value in values {
            if let top = lower.top, value > top {
                upper.push(value); upperSum += value
            } else {
                lower.push(value); lowerSum += value
            }
            if lower.count > upper.count + 1, let moved = lower.pop() {
                lowerSum -= moved; upper.push(moved); upperSum += moved
            } else if upper.count > lower.count, let moved = upper.pop() {
                upperSum -= moved; lower.push(moved); lowerSum += moved
            }
            let median = lower.top ?? 0
            let cost = (median * Double(lower.count) - lowerSum) + (upperSum - median * Double(upper.count))
            costs.append(max(0, cost))
        }
        return costs
    }

    /// A binary heap of doubles ordered by `above` (the top is the element no other is above).
    struct Heap {
        private var items: [Double] = []
        let above: (Double, Double) -> Bool

        init(above: @escaping (Double, Double) -> Bool) { self.above = above }

        var count: Int { items.count }
        var top: Double? { items.first }

        mutating func push(_ value: Double) {
            items.append(value)
            var child = items.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard above(items[child], items[parent]) else { break }
                items.swapAt(child, parent)
                child = parent
            }
        }

        mutating func pop() -> Double? {
            guard let first = items.first else { return nil }
            let last = items.removeLast()
            if !items.isEmpty {
                items[0] = last
                var parent = 0
                while true {
                    let left = 2 * parent + 1, right = left + 1
                    var chosen = parent
                    if left < items.count, above(items[left], items[chosen]) { chosen = left }
                    if right < items.count, above(items[right], items[chosen]) { chosen = right }
                    if chosen == parent { break }
                    items.swapAt(parent, chosen)
                    parent = chosen
                }
            }
            return first
        }
    }
}
