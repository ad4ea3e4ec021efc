import ScrollSimKit

/// Max-keeping bucket downsampling: how a 100,000-frame run is drawn in a thousand columns
/// without losing its worst frame.
///
/// The indices `0..<n` are cut into at most `m` contiguous buckets of nearly equal size
/// (bucket `i` is `i·n/m ..< (i+1)·n/m`), and each bucket keeps the index of its largest value
/// and of its smallest. A chart draws one mark per bucket from its `maxIndex`, so a single spike
/// is always drawn at full height whatever the bucket size (the property the tests sweep);
/// `minIndex` lets a line chart draw the bucket's envelope.
///
/// Invariants: buckets are non-empty, in order, cover `0..<n` exactly once, number
/// `min(n, m)`; `maxIndex` and `minIndex` lie in their bucket; ties keep the first index.
/// NaN values are never chosen unless a bucket holds nothing else.
///
/// What it leaves out: no averaging (an average hides exactly the hitch a chart is for) and no
/// time-based bucketing (callers place a bucket on the time axis from its first and last index).
enum Downsampler {
    struct Bucket: Equatable, Sendable {
        /// The indices the bucket covers.
        var range: Range<Int>
        /// The index of the largest value in `range` (the first one on ties).
        var maxIndex: Int
        /// The index of the smallest value in `range` (the first one on ties).
        var minIndex: Int

        init(range: Range<Int>, maxIndex: Int, minIndex: Int) {
            self.range = range
            self.maxIndex = maxIndex
            self.minIndex = minIndex
        }
    }

    /// Cuts `values` into at most `buckets` buckets and finds each one's extremes.
    /// - Precondition: `buckets > 0`.
    /// - Complexity: O(n), one pass; allocates the `min(n, buckets)` results.
    static func buckets(_ values: [Double], count buckets: Int) -> [Bucket] {
        precondition(buckets > 0, "Downsampler.buckets(count: \(buckets)): need at least one bucket")
        let n = values.count
        let m = min(n, buckets)
        var out: [Bucket] = []
        out.reserveCapacity(m)
        for b in 0..<m {
            let start = b * n / m
            let end = (b + 1) * n / m
            var maxIndex = start
            var minIndex = start
            for i in start..<end {
                let v = values[i]
                if v > values[maxIndex] || (values[maxIndex].isNaN && !v.isNaN) { maxIndex = i }
                if v < values[minIndex] || (values[minIndex].isNaN && !v.isNaN) { minIndex = i }
            }
            out.append(Bucket(range: start..<end, maxIndex: maxIndex, minIndex: minIndex))
        }
        return out
    }
}
