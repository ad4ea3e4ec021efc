import Foundation
@testable import ScrollSimKit
@testable import ScrollSimTraces
@testable import ScrollSimPresentation
import Testing

/// The trace readers on small traces whose figures are worked out by hand in each test: the
/// format is recognised by content, times convert to integer nanoseconds exactly from each
/// format's unit, and the SHA-256 is the file's (digests from `sha256sum` of the same bytes).
@Suite struct TraceReaderTests {
    @Test func csvRowsAreTypeDotPhaseInTheHeadersUnit() throws {
        // 0.15 ms = 150,000 ns; 2.5e-1 ms = 250,000 ns; "post, large" is quoted (RFC 4180).
        let reading = try TraceFiles.read("type,phase,ms\npost,body,0.15\r\n\n\"post, large\",init,2.5e-1\n")
        #expect(reading.format == .csv)
        #expect(reading.intervals == [
            TraceInterval(name: "post.body", startNs: 0, durationNs: 150_000),
            TraceInterval(name: "post, large.init", startNs: 0, durationNs: 250_000),
        ])
        #expect(reading.spanNs == nil)
        #expect(reading.tables == ["csv (type, phase, ms)"])
        // 1500 µs = 1,500,000 ns.
        #expect(try TraceFiles.read("TYPE,Phase,us\nphoto,decode,1500\n").intervals.map(\.durationNs) == [1_500_000])
    }

    @Test func theDigestIsTheFilesSHA256() throws {
        // printf 'type,phase,ms\npost,body,0.15\n' | sha256sum
        #expect(try TraceFiles.read("type,phase,ms\npost,body,0.15\n").sha256 == "d4283d51ba9c4ee5e700a0058339679d9e27d3e0390aa410a48673a6b332daad")
        // printf '[{"ph":"X","ts":1,"dur":2,"name":"a"}]' | sha256sum
        #expect(try TraceFiles.read(#"[{"ph":"X","ts":1,"dur":2,"name":"a"}]"#).sha256 == "97c2130e2cee29c94a866eb339c3a0386ba293a3ee19c36dfea6bc29f7f9ec58")
    }

    @Test func chromeCompleteEventsAreMicroseconds() throws {
        // ts 1234.567 µs = 1,234,567 ns; dur 0.5 µs = 500 ns; 1e3 µs = 1,000,000 ns. The
        // 19-digit ts 1700000000000.123 µs = 1,700,000,000,000,123 ns is beyond a Double's
        // exactness and must come out exact.
        let reading = try TraceFiles.read("""
        {"displayTimeUnit":"ns","traceEvents":[
          {"ph":"M","pid":1,"tid":1,"name":"thread_name","args":{"name":"Main"}},
          {"ph":"X","pid":1,"tid":1,"ts":1234.567,"dur":0.5,"name":"post.body","cat":"build","args":{"element":7,"type":"post"}},
          {"ph":"X","pid":1,"tid":1,"ts":1700000000000.123,"dur":1e3,"name":"big"},
          {"ph":"i","pid":1,"tid":1,"ts":5,"s":"t","name":"tap"}
        ]}
        """)
        #expect(reading.format == .chromeJSON)
        #expect(reading.intervals == [
            TraceInterval(name: "post.body", attributes: ["cat": "build", "args.element": "7", "args.type": "post"], startNs: 1_234_567, durationNs: 500),
            TraceInterval(name: "big", startNs: 1_700_000_000_000_123, durationNs: 1_000_000),
        ])
        #expect(reading.spanNs == 1_234_567...1_700_000_001_000_123)
        #expect(reading.tables.contains("displayTimeUnit ns (display only: ts and dur stay µs)"))
    }

    @Test func beginEndPairsNestPerThread() throws {
        // Thread 1: outer B at 10, inner B at 12, inner E at 15 (3 µs), outer E at 20 (10 µs).
        // Thread 2 interleaves: B at 11, E at 30 (19 µs). E args merge into the slice. The
        // intervals come in start order: 10, 11, 12.
        let reading = try TraceFiles.read("""
        [{"ph":"B","pid":1,"tid":1,"ts":10,"name":"outer"},
         {"ph":"B","pid":1,"tid":2,"ts":11,"name":"other"},
         {"ph":"B","pid":1,"tid":1,"ts":12,"name":"inner","args":{"a":1}},
         {"ph":"E","pid":1,"tid":1,"ts":15,"args":{"b":"x"}},
         {"ph":"E","pid":1,"tid":1,"ts":20},
         {"ph":"E","pid":1,"tid":2,"ts":30}]
        """)
        #expect(reading.intervals == [
            TraceInterval(name: "outer", startNs: 10_000, durationNs: 10_000),
            TraceInterval(name: "other", startNs: 11_000, durationNs: 19_000),
            TraceInterval(name: "inner", attributes: ["args.a": "1", "args.b": "x"], startNs: 12_000, durationNs: 3_000),
        ])
    }

    @Test func otlpSpansCarryResourceAndSpanAttributes() throws {
        // 1,700,000,000,000,000,000 → +150,000 ns; the end as a number works too.
        let reading = try TraceFiles.read("""
        {"resourceSpans":[{"scopeSpans":[{"scope":{"name":"rum"},"spans":[
          {"name":"body","startTimeUnixNano":"1700000000000000000","endTimeUnixNano":"1700000000000150000",
           "attributes":[{"key":"view.name","value":{"stringValue":"PostCell"}},{"key":"n","value":{"intValue":"3"}},
                         {"key":"d","value":{"doubleValue":0.5}},{"key":"ok","value":{"boolValue":true}}]},
          {"name":"onAppear","startTimeUnixNano":"1700000000000200000","endTimeUnixNano":1700000000000300000}]}],
          "resource":{"attributes":[{"key":"device.model.identifier","value":{"stringValue":"iPhone15,2"}},
                                    {"key":"os.name","value":{"stringValue":"iOS"}},{"key":"os.version","value":{"stringValue":"17.4"}}]}}]}
        """)
        #expect(reading.format == .otlpJSON)
        #expect(reading.device == "iPhone15,2")
        #expect(reading.os == "iOS 17.4")
        let resource = ["resource.device.model.identifier": "iPhone15,2", "resource.os.name": "iOS", "resource.os.version": "17.4"]
        #expect(reading.intervals == [
            TraceInterval(name: "body", attributes: resource.merging(["view.name": "PostCell", "n": "3", "d": "0.5", "ok": "true"]) { $1 },
                          startNs: 1_700_000_000_000_000_000, durationNs: 150_000),
            TraceInterval(name: "onAppear", attributes: resource, startNs: 1_700_000_000_000_200_000, durationNs: 100_000),
        ])
    }

    @Test func theFormatComesFromTheContentNotTheName() throws {
        // A CSV named .json and a trace-event file named .csv.
        let csv = try TraceFiles.write("type,phase,ms\na,b,1\n", name: "costs.json")
        #expect(try TraceReader.read(path: csv).format == .csv)
        let chrome = try TraceFiles.write("\u{FEFF} \n[]", name: "trace.csv")
        #expect(try TraceReader.read(path: chrome).format == .chromeJSON)
    }

    @Test func scrollSimsOwnTraceReadsBack() throws {
        // Three synthetic frames at 120 Hz (times rounded to 4 decimals of a ms), each 0.1 ms
        // render + 0.6 ms overhead; frame 1 also 20 ms of layout, so it is 20.7 ms of work and
        // misses ceil(20.7 / 8.3333) − 1 = 2 vsyncs, and frame 2 starts 3 ticks later.
        let report = try ReportFixtures.synthetic(count: 3, spikes: [1: 20])
        let path = try TraceFiles.write(try TraceWriter.trace(report), name: "run.trace.json")
        let reading = try TraceReader.read(path: path)
        #expect(reading.format == .chromeJSON)
        let byName = Dictionary(grouping: reading.intervals, by: \.name)
        #expect(byName["Frame 0"]?.map(\.startNs) == [0])
        #expect(byName["Frame 0"]?.map(\.durationNs) == [700_000])
        #expect(byName["Frame 1"]?.map(\.startNs) == [8_333_300])
        #expect(byName["Frame 1"]?.map(\.durationNs) == [20_700_000])
        #expect(byName["Frame 2"]?.map(\.startNs) == [33_333_300])
        #expect(byName["layout"]?.map(\.durationNs) == [20_000_000])
        #expect(byName["render"]?.map(\.durationNs) == [100_000, 100_000, 100_000])
        #expect(byName["overhead"]?.count == 3)
        // The dropped span starts one budget (8.3333 ms) after frame 1's tick, for 2 budgets.
        #expect(byName["Dropped ×2"]?.map(\.startNs) == [16_666_600])
        #expect(byName["Dropped ×2"]?.map(\.durationNs) == [16_666_600])
        #expect(reading.intervals.count == 3 + 7 + 1)
        #expect(byName["Frame 1"]?.first?.attributes["args.dropped"] == "2")
    }

    @Test func theFirstGestureInstantMarksTheScrollStart() throws {
        // A tap at 5 µs is no scroll; the drag at 2000.5 µs is, before the fling at 3000.
        let reading = try TraceFiles.read("""
        [{"ph":"i","pid":1,"tid":3,"ts":5,"s":"t","name":"tap","cat":"tap"},
         {"ph":"i","pid":1,"tid":3,"ts":3000,"s":"t","name":"fling","cat":"fling"},
         {"ph":"i","pid":1,"tid":3,"ts":2000.5,"s":"t","name":"drag","cat":"drag"}]
        """)
        #expect(reading.scrollStartNs == 2_000_500)
        #expect(try TraceFiles.read("[]").scrollStartNs == nil)
    }
}
