@testable import ScrollSimKit
@testable import ScrollSimTraces
import Testing

/// Damage that real trace-event files carry and the viewers repair — an events array the file
/// ends inside, a comma before its `]` — is read with a warning that says where; any other
/// damage is refused with the line and column.
@Suite struct ChromeDamagedTraceTests {
    static let one = #"{"ph":"X","pid":1,"tid":1,"ts":10,"dur":2,"name":"a"}"#
    static let two = #"{"ph":"X","pid":1,"tid":1,"ts":20,"dur":3,"name":"a"}"#

    /// A bare array whose `]` never came (catapult adds it): after the second event (each event
    /// is 53 bytes: the file ends at line 2, column 54, right after it), and after a comma (line 3, column 1, after
    /// the line feed). Both read the two slices, 2 and 3 µs.
    @Test func anUnclosedArrayIsReadWithAWarning() throws {
        let afterEvent = try TraceFiles.read("[\(Self.one),\n\(Self.two)")
        #expect(afterEvent.intervals.map(\.durationNs) == [2_000, 3_000])
        #expect(afterEvent.warnings == ["2:54: the file ends inside the events array, after 2 events: read as a trace cut short (catapult's importer closes the array the same way)"])
        let afterComma = try TraceFiles.read("[\(Self.one),\n\(Self.two),\n")
        #expect(afterComma.intervals.map(\.durationNs) == [2_000, 3_000])
        #expect(afterComma.warnings == ["3:1: the file ends inside the events array, after 2 events and a comma: read as a trace cut short (catapult's importer closes the array the same way)"])
        // A bare "[" is an empty trace.
        #expect(try TraceFiles.read("[").intervals.isEmpty)
    }

    /// A comma before `]` (Perfetto reads it): the comma is line 2, column 54.
    @Test func aTrailingCommaIsReadWithAWarning() throws {
        let reading = try TraceFiles.read("[\(Self.one),\n\(Self.two),\n]\n")
        #expect(reading.intervals.count == 2)
        #expect(reading.warnings == ["2:54: a comma before the events array's ']' (not JSON): read as Perfetto reads it, as if it were not there"])
    }

    /// The object form cut short: without `]}` after the events (warned once, where the file
    /// ends: line 2, column 54), and with its `]` but without the `}` (line 2, column 55).
    @Test func anObjectCutAfterItsEventsIsReadWithAWarning() throws {
        let withoutBoth = try TraceFiles.read("{\"traceEvents\":[\(Self.one),\n\(Self.two)")
        #expect(withoutBoth.intervals.count == 2)
        #expect(withoutBoth.warnings == ["2:54: the file ends inside the events array, after 2 events: read as a trace cut short (catapult's importer closes the array the same way)"])
        let withoutBrace = try TraceFiles.read("{\"traceEvents\":[\(Self.one),\n\(Self.two)]")
        #expect(withoutBrace.intervals.count == 2)
        #expect(withoutBrace.warnings == ["2:55: the file ends before the trace object's closing '}': read as a trace cut short"])
    }

    /// Everything else stays an error, located: a file cut inside an event (line 2, column 33,
    /// where it ends), a comma inside an event (line 1, column 12, at the '}' where a key should
    /// be), two commas (line 1, column 56, at the second), a comma in `args` (column 41), an
    /// object form cut after its events but inside another member (column 88, where it ends).
    @Test func otherDamageIsRefusedWithItsPlace() throws {
        #expect(try TraceFiles.refusal("[\(Self.one),\n{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":2") == "FILE:2:33: the file ends inside an object (truncated?)")
        #expect(try TraceFiles.refusal(#"[{"ph":"X",}]"#) == "FILE:1:12: expected a key in quotes, found '}'")
        #expect(try TraceFiles.refusal("[\(Self.one),,\(Self.two)]") == "FILE:1:56: expected a value, found ','")
        #expect(try TraceFiles.refusal(#"[{"ph":"X","ts":1,"dur":1,"args":{"a":1,}}]"#) == "FILE:1:41: expected a key in quotes, found '}'")
        #expect(try TraceFiles.refusal("{\"traceEvents\":[\(Self.one)],\"metadata\":{\"a\":") == "FILE:1:88: the file ends where a value was expected (truncated?)")
    }
}
