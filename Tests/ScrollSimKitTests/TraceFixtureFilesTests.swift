import Foundation
@testable import ScrollSimKit
@testable import ScrollSimTraces
import Testing

/// The other committed fixtures, one of each format, for `calibrate`'s tests: their figures by
/// hand from the files' text.
@Suite struct TraceFixtureFilesTests {
    @Test func csvFixture() throws {
        let reading = try TraceReader.read(path: TraceFiles.fixture("costs.csv"))
        #expect(reading.format == .csv)
        #expect(reading.intervals.map(\.name) == ["post.init", "post.body", "post.body", "photo.decode", "photo.body"])
        #expect(reading.intervals.map(\.durationNs) == [210_000, 150_000, 180_000, 2_400_000, 320_000])
    }

    @Test func perfettoFixture() throws {
        let reading = try TraceReader.read(path: TraceFiles.fixture("perfetto.json"))
        #expect(reading.format == .chromeJSON)
        // X at 100000.0 µs for 412.5 µs; at 100500.25 for 150.75; the prefetch B/E (101000 →
        // 101500: 500 µs) and the photo X inside it (from 101010), in start order.
        #expect(reading.intervals.map(\.name) == ["RV CreateView", "RV OnBindView", "RV Prefetch", "RV CreateView"])
        #expect(reading.intervals.map(\.startNs) == [100_000_000, 100_500_250, 101_000_000, 101_010_000])
        #expect(reading.intervals.map(\.durationNs) == [412_500, 150_750, 500_000, 380_000])
        #expect(reading.intervals[3].attributes == ["cat": "view", "args.type": "photo"])
    }

    @Test func otlpFixture() throws {
        let reading = try TraceReader.read(path: TraceFiles.fixture("otlp.json"))
        #expect(reading.format == .otlpJSON)
        #expect(reading.device == "iPhone16,1")
        #expect(reading.os == "iOS 17.5")
        #expect(reading.intervals.map(\.name) == ["body", "body", "onAppear"])
        #expect(reading.intervals.map(\.durationNs) == [180_000, 250_000, 30_000])
        #expect(reading.intervals.map { $0.attributes["view.name"] } == ["PostCell", "PhotoCell", "PostCell"])
        #expect(reading.intervals[0].attributes["resource.service.name"] == "Feed")
    }
}
