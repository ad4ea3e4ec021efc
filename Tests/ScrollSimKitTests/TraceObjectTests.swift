import Foundation
@testable import ScrollSimPresentation
import Testing

/// `TraceObject`, the one line of JSON each trace event is: keys in the order written, strings
/// and numbers as `JSONWriter` writes them. The expected texts are written out by hand from the
/// Trace Event Format's fields and `JSONWriter`'s rules (at most `decimals` digits, trailing
/// zeros dropped; `"` and `\` escaped), not taken from the writer's output.
@Suite struct TraceObjectTests {
    @Test func anEventKeepsItsKeyOrderAndNestsItsArgs() {
        var event = TraceObject.event("X", tid: 2)
        event.micros("ts", 8_333_333)        // 8,333,333 ns = 8333.333 µs
        event.micros("dur", 1_500)           // 1.5 µs with exactly three decimals: 1.500
        event.string("name", "Dropped ×2")
        var args = TraceObject()
        args.integer("frame", 7)
        args.number("hitchMs", 16.66666, decimals: 4)   // 166666.6 rounds to 166667: 16.6667
        event.object("args", args)
        #expect(String(decoding: event.finished, as: UTF8.self)
            == #"{"ph":"X","pid":1,"tid":2,"ts":8333.333,"dur":1.500,"name":"Dropped ×2","args":{"frame":7,"hitchMs":16.6667}}"#)
    }

    @Test func stringsAreEscapedAndNumbersLoseTrailingZeros() {
        var object = TraceObject()
        object.string("element", "a \"quoted\" \\ id")
        object.number("MiB", 2.5, decimals: 3)          // 2.500 written 2.5
        object.number("visible", 4, decimals: 0)        // integral: no point
        object.number("negativeZero", -0.0, decimals: 1)
        #expect(String(decoding: object.finished, as: UTF8.self)
            == #"{"element":"a \"quoted\" \\ id","MiB":2.5,"visible":4,"negativeZero":0}"#)
    }

    /// A corrupt report's overflow (a huge dropped count times the budget) has no JSON number:
    /// it is written 0, as the trace always wrote it, never `null` or `inf`, which viewers refuse.
    @Test func aNonFiniteNumberIsZero() {
        var object = TraceObject()
        object.number("hitchMs", .infinity, decimals: 4)
        object.number("value", .nan, decimals: 4)
        #expect(String(decoding: object.finished, as: UTF8.self) == #"{"hitchMs":0,"value":0}"#)
    }

    @Test func anEmptyObjectIsTwoBraces() {
        #expect(TraceObject().finished == Array("{}".utf8))
    }
}
