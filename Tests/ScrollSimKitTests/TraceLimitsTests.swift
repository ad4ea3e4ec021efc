import Foundation
@testable import ScrollSimKit
@testable import ScrollSimTraces
import Testing

/// The event limit, the nesting limit and exact nanoseconds at the edges of `Int64`.
@Suite struct TraceLimitsTests {
    /// With a limit of 5, four events are read and the fifth is refused, in every format.
    @Test func theEventNumberedByTheLimitIsRefused() throws {
        let limits = TraceLimits(eventLimit: 5)
        let event = #"{"ph":"X","pid":1,"tid":1,"ts":1,"dur":1,"name":"a"}"#
        func chrome(_ n: Int) -> String { "[" + Array(repeating: event, count: n).joined(separator: ",\n") + "]" }
        #expect(try TraceFiles.read(chrome(4), limits: limits).intervals.count == 4)
        // The fifth event starts on line 5, column 1.
        #expect(try TraceFiles.refusal(chrome(5), limits: limits).hasPrefix("FILE:5:1: event 5: the trace reaches the limit of 5 events"))
        // The refusal names the limit to raise, as the name and size limits' do.
        #expect(try TraceFiles.refusal(chrome(5), limits: limits).hasSuffix("or raise the limit with --limit trace-events=N"))

        func csv(_ n: Int) -> String { "type,phase,ms\n" + String(repeating: "a,b,1\n", count: n) }
        #expect(try TraceFiles.read(csv(4), limits: limits).intervals.count == 4)
        // Data row 5 is line 6.
        #expect(try TraceFiles.refusal(csv(5), limits: limits).hasPrefix("FILE:6:1: row 5: the trace reaches the limit of 5 events"))

        let span = #"{"name":"s","startTimeUnixNano":"1","endTimeUnixNano":"2"}"#
        func otlp(_ n: Int) -> String { #"{"resourceSpans":[{"scopeSpans":[{"spans":["# + Array(repeating: span, count: n).joined(separator: ",") + "]}]}]}" }
        #expect(try TraceFiles.read(otlp(4), limits: limits).intervals.count == 4)
        #expect(try TraceFiles.refusal(otlp(5), limits: limits).contains("span 5: the trace reaches the limit of 5 events"))

        let schema = #"<schema name="hitches"><col><mnemonic>start</mnemonic><engineering-type>start-time</engineering-type></col><col><mnemonic>duration</mnemonic><engineering-type>duration</engineering-type></col></schema>"#
        func xml(_ n: Int) -> String {
            "<trace-query-result><node>" + schema + (0..<n).map { "\n<row><start-time id=\"\($0 * 2 + 1)\">\($0)</start-time><duration id=\"\($0 * 2 + 2)\">1</duration></row>" }.joined() + "</node></trace-query-result>"
        }
        #expect(try TraceFiles.read(xml(4), limits: limits).hitches.count == 4)
        #expect(try TraceFiles.refusal(xml(5), limits: limits).hasPrefix("FILE:6:1: row 5: the trace reaches the limit of 5 events"))
        #expect(TraceLimits.default.eventLimit == 10_000_000)
    }

    @Test func nestingIsBounded() throws {
        let deepXML = String(repeating: "<a>", count: 65) + String(repeating: "</a>", count: 65)
        #expect(try TraceFiles.refusal("<trace-query-result>" + deepXML + "</trace-query-result>").contains("elements nested deeper than 64 levels"))
    }

    /// Int64.max is 9,223,372,036,854,775,807.
    @Test func nanosecondsAreExactToTheEdgeOfInt64() throws {
        #expect(try TraceTime.nanoseconds("9223372036854775807", unit: .nanoseconds) == Int64.max)
        #expect(throws: TraceTime.Problem.overflow) { try TraceTime.nanoseconds("9223372036854775808", unit: .nanoseconds) }
        #expect(try TraceTime.nanoseconds("9223372036854775.807", unit: .microseconds) == Int64.max)
        #expect(throws: TraceTime.Problem.overflow) { try TraceTime.nanoseconds("9223372036854775.808", unit: .microseconds) }
        #expect(throws: TraceTime.Problem.overflow) { try TraceTime.nanoseconds("1e20", unit: .microseconds) }
        // Half a nanosecond rounds away from zero; less rounds to zero.
        #expect(try TraceTime.nanoseconds("0.0005", unit: .microseconds) == 1)
        #expect(try TraceTime.nanoseconds("0.0004999", unit: .microseconds) == 0)
        #expect(try TraceTime.nanoseconds("-0.0005", unit: .microseconds) == -1)
        #expect(try TraceTime.nanoseconds("1.5E-3", unit: .milliseconds) == 1_500)
        #expect(try TraceTime.nanoseconds("000120", unit: .seconds) == 120_000_000_000)
        for text in ["", "-", "1.5ms", "1e", "NaN", "1,5", ".", "0x10"] {
            #expect(throws: TraceTime.Problem.notANumber, "\(text)") { try TraceTime.nanoseconds(text, unit: .milliseconds) }
        }
    }
}
