import Foundation
import Testing
@testable import ScrollSimEngine
@testable import ScrollSimKit

/// The streamed report (`ReportBuilder.write`) against the report built as a value and written
/// by `JSONWriter` (an independent path: every section through `JSONValue`), and the stream's
/// pieces against text written out by hand.
@Suite struct ReportStreamTests {
    static var scenarios: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Scenarios").standardized.path
    }

    /// Scenarios that between them have data-file ids, several columns (masonry), popped views,
    /// paging, pinned headers and a chat anchored at the bottom.
    @Test(arguments: ["masonry-distribute-in-body", "masonry-rotate-full", "cards-offset-transition", "paging-prefetch",
                      "photo-feed-pinned", "chat-anchored-bottom"])
    func theStreamedReportIsTheBuiltOneByteForByte(name: String) throws {
        let scenario = try ScenarioLoader.load(path: Self.scenarios + "/\(name).json")
        let result = Simulation.run(scenario.config)
        let streamed = ReportBuilder.write(scenario: scenario, result: result, harness: nil)
        let built = JSONWriter().string(ReportBuilder.build(scenario: scenario, result: result, harness: nil))
        #expect(streamed.bytes == Array(built.utf8))

        // With a harness: the section goes between frames and scenario, with the write time.
        let harness = HarnessFigures(allocator: "none", build: "test", wallTimeMs: 1, simulatedFramesPerSecond: 1, microsecondsPerFrame: 1,
                                     allocatedBytes: 0, allocations: 0, steadyStateFrames: 0, allocationsPerFrame: 0, bytesPerFrame: 0,
                                     processAllocatedBytes: 0)
        let measured = ReportBuilder.write(scenario: scenario, result: result, harness: harness)
        let ms = try #require(measured.head["harness"]?["reportWriteMs"]?.numberValue)
        var figures = harness
        figures.reportWriteMs = ms
        #expect(measured.bytes == Array(JSONWriter().string(ReportBuilder.build(scenario: scenario, result: result, harness: figures)).utf8))
        #expect(measured.head["frames"] == nil && measured.head["summary"] != nil)
    }

    /// No events: every column is `[]` and the counts `{}`, as `JSONWriter` writes empty arrays
    /// and objects (written out by hand).
    @Test func aRunWithoutEventsWritesEmptyColumns() {
        var out = JSONStream(reserving: 0, writer: JSONWriter())
        ReportBuilder.writeEvents([], ids: nil, typeNames: [], into: &out)
        let expected = """
        {
            "count": 0,
            "counts": {},
            "element": [],
            "frame": [],
            "kind": [],
            "row": [],
            "type": [],
            "value": []
          }
        """
        #expect(String(decoding: out.finish(), as: UTF8.self) == expected)
    }

    /// Numbers at 4 decimals, strings escaped, null: `[0,-0.5,8.3333,12,null,"a\\"b\\n"]`.
    @Test func theStreamWritesScalarsAsTheWriterDoes() {
        var out = JSONStream(reserving: 0, writer: JSONWriter())
        out.array(count: 6) { i, out in
            switch i {
            case 0: out.number(-0.0)
            case 1: out.number(-0.5)
            case 2: out.number(25.0 / 3)
            case 3: out.number(12)
            case 4: out.null()
            default: out.string("a\"b\n")
            }
        }
        #expect(String(decoding: out.finish(), as: UTF8.self) == #"[0,-0.5,8.3333,12,null,"a\"b\n"]"#)
    }

    /// More than a chunk of numbers (16 KiB): 5,000 values of "1234.5678," cross several flushes.
    @Test func longColumnsCrossChunks() {
        var out = JSONStream(reserving: 0, writer: JSONWriter())
        out.numbers(count: 5_000) { _ in 1234.5678 }
        let text = String(decoding: out.finish(), as: UTF8.self)
        #expect(text == "[" + Array(repeating: "1234.5678", count: 5_000).joined(separator: ",") + "]")
    }
}
