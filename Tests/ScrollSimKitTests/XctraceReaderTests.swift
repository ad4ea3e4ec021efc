import Foundation
@testable import ScrollSimKit
@testable import ScrollSimTraces
import Testing

/// The xctrace export reader on the committed fixtures (`Fixtures/traces/*.xml`, hand-made in
/// the shape `xcrun xctrace export --xpath …` writes: a schema of `<col>`s with mnemonics and
/// engineering types, rows whose values are defined once by `id` and reused by `ref`, nested
/// process and thread values, `<sentinel/>` for empty cells). The expected figures are read off
/// the fixtures' text by hand.
@Suite struct XctraceReaderTests {
    @Test func signpostIntervalsResolveRefs() throws {
        let reading = try TraceReader.read(path: TraceFiles.fixture("signposts.xml"))
        #expect(reading.format == .xctrace)
        #expect(reading.tables == ["os-signpost-interval (start, duration, name, subsystem, category, start-message)"])
        let feed = ["subsystem": "com.example.feed", "category": "PostCell"]
        #expect(reading.intervals == [
            // Row 1 defines everything; its message is "element 12".
            TraceInterval(name: "body", attributes: feed.merging(["message": "element 12"]) { $1 }, startNs: 1_204_511_250, durationNs: 152_417),
            // Row 2 refers to the category (5) and subsystem (6); its start message is a sentinel.
            TraceInterval(name: "image decode", attributes: feed, startNs: 1_204_700_000, durationNs: 1_203_333),
            // Row 3 reuses row 1's duration (2), name (4) and message (13).
            TraceInterval(name: "body", attributes: feed.merging(["message": "element 12"]) { $1 }, startNs: 1_212_844_583, durationNs: 152_417),
        ])
        // From the first start to the last end: 1,212,844,583 + 152,417 = 1,212,997,000.
        #expect(reading.spanNs == 1_204_511_250...1_212_997_000)
    }

    @Test func hitchesKeepTheirType() throws {
        let reading = try TraceReader.read(path: TraceFiles.fixture("hitches.xml"))
        #expect(reading.intervals.isEmpty)
        #expect(reading.tables == ["hitches (start, duration, hitch-type)"])
        #expect(reading.hitches == [
            TraceHitch(startNs: 2_000_000_000, durationNs: 16_666_666, kind: "Expensive Commit"),
            TraceHitch(startNs: 3_250_000_000, durationNs: 8_333_333, kind: "Expensive GPU"),
            TraceHitch(startNs: 4_100_000_000, durationNs: 16_666_666, kind: "Expensive Commit"),
        ])
    }

    @Test func swiftUIViewBodyUpdatesAreMatchedByColumns() throws {
        let reading = try TraceReader.read(path: TraceFiles.fixture("swiftui-updates.xml"))
        #expect(reading.tables == ["swiftui-updates (start, duration, view-name, update-type)"])
        let body = ["swiftui.table": "swiftui-updates", "swiftui.update": "View Body"]
        #expect(reading.intervals == [
            TraceInterval(name: "PostCell", attributes: body, startNs: 1_000_000_000, durationNs: 95_000),
            TraceInterval(name: "AvatarView", attributes: body, startNs: 1_000_200_000, durationNs: 40_000),
        ])
    }

    @Test func theTableOfContentsGivesDeviceAndOS() throws {
        let reading = try TraceReader.read(path: TraceFiles.fixture("toc.xml"))
        #expect(reading.format == .xctrace)
        #expect(reading.device == "iPhone 15 Pro")
        #expect(reading.os == "iOS 17.4 (21E219)")
        #expect(reading.intervals.isEmpty)
    }

    @Test func columnsAreFoundByMnemonicNotPosition() throws {
        // The same interval with the columns in another order, plus CDATA, a comment and
        // character references: name "a<b" (&lt;), start 5 ns, duration 7 ns.
        let reading = try TraceFiles.read("""
        <?xml version="1.0" encoding="UTF-8"?><!-- exported -->
        <trace-query-result><node><schema name="os-signpost-interval">
        <col><mnemonic>name</mnemonic><engineering-type>string</engineering-type></col>
        <col><mnemonic>duration</mnemonic><engineering-type>duration</engineering-type></col>
        <col><mnemonic>subsystem</mnemonic><engineering-type>string</engineering-type></col>
        <col><mnemonic>start</mnemonic><engineering-type>start-time</engineering-type></col>
        </schema>
        <row><string id="1">a&lt;b</string><duration id="2">7</duration><string id="3"><![CDATA[x&y]]>&#x41;</string><start-time id="4">5</start-time></row>
        </node></trace-query-result>
        """)
        #expect(reading.intervals == [TraceInterval(name: "a<b", attributes: ["subsystem": "x&yA"], startNs: 5, durationNs: 7)])
    }
}
