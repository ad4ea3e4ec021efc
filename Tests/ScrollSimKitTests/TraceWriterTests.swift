import Foundation
import ScrollSimEngine
@testable import ScrollSimKit
@testable import ScrollSimPresentation
import XCTest

final class TraceWriterTests: XCTestCase {
    /// The structural check of the acceptance criteria: valid JSON; every frame one complete
    /// event with ts and dur in µs at its report time; phases nested inside their frame; frames
    /// never overlapping; counters and instants well formed; timestamps never decreasing.
    func checkStructure(_ report: Report, file: StaticString = #filePath, line: UInt = #line) throws {
        let text = try TraceWriter.trace(report)
        let frames = try report.frames()
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], file: file, line: line)
        XCTAssertEqual(object["displayTimeUnit"] as? String, "ms", file: file, line: line)
        let events = try XCTUnwrap(object["traceEvents"] as? [[String: Any]], file: file, line: line)
        var frameSlices: [(ts: Double, dur: Double)] = []
        var lastTs = -Double.infinity
        var counters = 0, instants = 0, hitchInstants = 0
        let tolerance = 0.0005
        for event in events {
            let ph = try XCTUnwrap(event["ph"] as? String, file: file, line: line)
            XCTAssertEqual(event["pid"] as? Int, 1, file: file, line: line)
            if ph == "M" { continue }
            let ts = try XCTUnwrap(event["ts"] as? Double, "\(event)", file: file, line: line)
            XCTAssertGreaterThanOrEqual(ts, lastTs, "timestamps go back at \(event)", file: file, line: line)
            lastTs = max(lastTs, ts)
            switch ph {
            case "X":
                let dur = try XCTUnwrap(event["dur"] as? Double, file: file, line: line)
                XCTAssertGreaterThanOrEqual(dur, 0, file: file, line: line)
                switch event["cat"] as? String {
                case "frame":
                    XCTAssertEqual(event["tid"] as? Int, 1, file: file, line: line)
                    if let previous = frameSlices.last {
                        XCTAssertLessThanOrEqual(previous.ts + previous.dur, ts + tolerance, "frames overlap at \(event)", file: file, line: line)
                    }
                    frameSlices.append((ts, dur))
                case "phase":
                    let frame = try XCTUnwrap(frameSlices.last, "phase before any frame", file: file, line: line)
                    XCTAssertEqual(event["tid"] as? Int, 1, file: file, line: line)
                    XCTAssertGreaterThanOrEqual(ts, frame.ts - tolerance, "\(event)", file: file, line: line)
                    XCTAssertLessThanOrEqual(ts + dur, frame.ts + frame.dur + tolerance, "\(event) escapes its frame", file: file, line: line)
                    XCTAssertTrue(PhaseWork.Phase.names.contains(event["name"] as? String ?? ""), file: file, line: line)
                case "hitch":
                    XCTAssertEqual(event["tid"] as? Int, 2, file: file, line: line)
                default:
                    XCTFail("unexpected X event \(event)", file: file, line: line)
                }
            case "C":
                counters += 1
                let args = try XCTUnwrap(event["args"] as? [String: Any], file: file, line: line)
                XCTAssertFalse(args.isEmpty, file: file, line: line)
                XCTAssertTrue(args.values.allSatisfy { $0 is Double || $0 is Int }, "\(event)", file: file, line: line)
            case "i":
                instants += 1
                XCTAssertEqual(event["s"] as? String, "t", file: file, line: line)
                if event["cat"] as? String == "hitch" { hitchInstants += 1 }
            default:
                XCTFail("unexpected phase type \(ph)", file: file, line: line)
            }
        }
        XCTAssertEqual(frameSlices.count, frames.count, file: file, line: line)
        for (i, slice) in frameSlices.enumerated() {
            XCTAssertEqual(slice.ts, frames.timeMs[i] * 1000, accuracy: 0.001, file: file, line: line)
            XCTAssertEqual(slice.dur, frames.workMs[i] * 1000, accuracy: 1, file: file, line: line)
        }
        XCTAssertGreaterThan(counters, 0, file: file, line: line)
        let events2 = try report.events(frameCount: frames.count)
        XCTAssertEqual(hitchInstants, events2.filter { $0.kind == "hitch" }.count, file: file, line: line)
        XCTAssertGreaterThanOrEqual(instants, hitchInstants, file: file, line: line)
    }

    func testSyntheticTraceStructure() throws {
        try checkStructure(ReportFixtures.synthetic(count: 3000, spikes: [10: 960, 1500: 20, 2999: 9]))
    }

    func testShippedScenarioTraceStructure() throws {
        for report in try ReportFixtures.shipped() {
            try checkStructure(report)
        }
    }

    func testLateFrameHasDroppedSpanAndPhasesInOrder() throws {
        let report = try ReportFixtures.synthetic(count: 5, spikes: [1: 20])
        let text = try TraceWriter.trace(report)
        // 20.7 ms of work at 120 Hz: 3 intervals, 2 dropped, shown from the first missed tick.
        XCTAssertTrue(text.contains("\"tid\":2,\"ts\":16666.600,\"dur\":16666.600,\"name\":\"Dropped ×2\""), text)
        let layout = try XCTUnwrap(text.range(of: "\"ts\":8333.300,\"dur\":20000.000,\"name\":\"layout\""))
        let render = try XCTUnwrap(text.range(of: "\"ts\":28333.300,\"dur\":100.000,\"name\":\"render\""))
        XCTAssertLessThan(layout.lowerBound, render.lowerBound)
    }

    func testDeterministic() throws {
        let report = try ReportFixtures.synthetic(count: 2000, spikes: [7: 30])
        XCTAssertEqual(try TraceWriter.trace(report), try TraceWriter.trace(report))
    }

    func testBrokenReportIsRejected() throws {
        guard case .object(var root) = try ReportFixtures.synthetic(count: 10).root, case .object(var frames) = root["frames"] else { return XCTFail() }
        frames["dropped"] = .array((0..<10).map { _ in .number(-1) })
        root["frames"] = .object(frames)
        XCTAssertThrowsError(try TraceWriter.trace(try Report(path: "broken.json", root: .object(root)))) { error in
            XCTAssertEqual((error as? ScrollSimError)?.description, "broken.json: frames.dropped[0]: expected a whole number of frames")
        }
    }

    func testMicrosecondFormatting() {
        XCTAssertEqual(TraceWriter.micros(0), "0.000")
        XCTAssertEqual(TraceWriter.micros(8_333_300), "8333.300")
        XCTAssertEqual(TraceWriter.micros(1_005), "1.005")
        XCTAssertEqual(TraceWriter.nanoseconds(8.3333), 8_333_300)
        XCTAssertEqual(TraceWriter.micros(-1_500), "0.000")
    }

    /// Found by the report fuzzer: a phase of 7.7e15 ms (a hand-edited or corrupt report that is
    /// still well typed) overflowed Int64 nanoseconds and trapped. Figures past the longest span
    /// are clamped.
    func testAbsurdFiguresAreClampedNotTrapped() throws {
        guard case .object(var root) = try ReportFixtures.synthetic(count: 4, spikes: [1: 20]).root, case .object(var frames) = root["frames"],
              case .object(var phases) = frames["phaseMs"] else { return XCTFail() }
        // Numbers no run writes (1e30 ms, 2^53 or more) are refused by the reader, naming them.
        frames["timeMs"] = .array([0, 8.3333, 16.6667, 1e30].map { .number($0) })
        root["frames"] = .object(frames)
        XCTAssertThrowsError(try TraceWriter.trace(try Report(path: "absurd.json", root: .object(root)))) { error in
            XCTAssertEqual("\(error)", "absurd.json: frames.timeMs[3]: 1e+30 is outside what a report can hold (magnitude below 2^53 = 9007199254740992)")
        }
        // Absurd figures below 2^53 (7.7e15 ms in a phase) are read, and clamped in the trace.
        phases["appear"] = .array([0.02, 0.01, 7_777_777_777_777_770, 9e15].map { .number($0) })
        frames["phaseMs"] = .object(phases)
        frames["timeMs"] = .array([0, 8.3333, 16.6667, 9e15].map { .number($0) })
        frames["dropped"] = .array([0, 3, 0, 7].map { .number($0) })
        root["frames"] = .object(frames)
        let text = try TraceWriter.trace(try Report(path: "absurd.json", root: .object(root)))
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(text.utf8)))
        XCTAssertEqual(TraceWriter.nanoseconds(1e300), TraceWriter.longestSpanNs)
        XCTAssertFalse(text.contains("\"dur\":-"), text)
    }
}
