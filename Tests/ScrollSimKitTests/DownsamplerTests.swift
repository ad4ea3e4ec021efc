@testable import ScrollSimKit
@testable import ScrollSimPresentation
import XCTest

final class DownsamplerTests: XCTestCase {
    /// Buckets cover every index once, in order, never more than asked, and each keeps its extremes.
    func testBucketsPartitionAndKeepExtremes() {
        var generator = SystemRandomNumberGenerator()
        for n in [0, 1, 2, 7, 100, 1001, 4096] {
            let values = (0..<n).map { _ in Double.random(in: 0...10, using: &generator) }
            for m in [1, 2, 3, 10, 99, 500, 5000] {
                let buckets = Downsampler.buckets(values, count: m)
                XCTAssertEqual(buckets.count, min(n, m), "n \(n) m \(m)")
                XCTAssertLessThanOrEqual(buckets.count, m)
                var next = 0
                for bucket in buckets {
                    XCTAssertEqual(bucket.range.lowerBound, next)
                    XCTAssertFalse(bucket.range.isEmpty)
                    XCTAssertTrue(bucket.range.contains(bucket.maxIndex))
                    XCTAssertTrue(bucket.range.contains(bucket.minIndex))
                    XCTAssertEqual(values[bucket.maxIndex], values[bucket.range].max())
                    XCTAssertEqual(values[bucket.minIndex], values[bucket.range].min())
                    next = bucket.range.upperBound
                }
                XCTAssertEqual(next, n)
            }
        }
    }

    /// A single spike is the max of its bucket for every bucket count, wherever it is.
    func testSingleSpikeSurvivesAnyBucketSize() {
        let n = 10_007
        for spike in [0, 1, 5003, n - 2, n - 1] {
            var values = [Double](repeating: 0.6, count: n)
            values[spike] = 960
            for m in 1...300 {
                let buckets = Downsampler.buckets(values, count: m)
                XCTAssertTrue(buckets.contains { $0.maxIndex == spike }, "spike at \(spike) lost with \(m) buckets")
                XCTAssertEqual(buckets.map { values[$0.maxIndex] }.max(), 960)
            }
        }
    }

    /// Ties keep the first index; NaN is never chosen over a number.
    func testTiesAndNaN() {
        let buckets = Downsampler.buckets([1, 3, 3, .nan, 2, .nan], count: 2)
        XCTAssertEqual(buckets, [
            Downsampler.Bucket(range: 0..<3, maxIndex: 1, minIndex: 0),
            Downsampler.Bucket(range: 3..<6, maxIndex: 4, minIndex: 4),
        ])
    }

    /// The line envelope keeps every bucket's spike and dip and ends on the last point.
    func testEnvelopeKeepsSpikesAndDips() {
        var values = [Double](repeating: 5, count: 50_000)
        values[12_345] = 100
        values[40_000] = -3
        let indices = Chart.envelope(values, columns: 300)
        XCTAssertTrue(indices.contains(12_345))
        XCTAssertTrue(indices.contains(40_000))
        XCTAssertEqual(indices.last, values.count - 1)
        XCTAssertEqual(indices, indices.sorted())
        XCTAssertLessThanOrEqual(indices.count, 601)
    }
}
