import Foundation
import Testing
@testable import ScrollSimEngine
@testable import ScrollSimKit

/// The keys of grids, masonry, nesting and paging: good values decode into the engine's
/// configuration, and each mistake gets a message naming its key path.
struct ScenarioLayoutKeysTests {
    /// A scenario with `stack`, `device` and `content` members spliced in.
    static func scenario(stack: String = #"{"kind": "lazyVStack"}"#, device: String = "{}", content extra: String = "",
                         type extraType: String = "") -> String {
        """
        {"schema": 1, "name": "t", "duration": 1, "device": \(device), "stack": \(stack),
         "content": {"count": 10\(extra), "types": [{"name": "photo", "height": {"aspect": 1}\(extraType)}]}}
        """
    }

    static func decode(_ text: String) throws -> Scenario {
        try ScenarioLoader.decode(Data(text.utf8), file: "t.json")
    }

    /// The problems the text causes, one per line, without the file name.
    static func problems(_ text: String) -> [String] {
        do {
            _ = try decode(text)
            return []
        } catch {
            return "\(error)".split(separator: "\n").map { line in
                line.replacingOccurrences(of: "t.json: ", with: "").replacingOccurrences(of: "Error: ", with: "")
            }
        }
    }

    // MARK: good values

    @Test func gridKeysDecode() throws {
        let fixed = try Self.decode(Self.scenario(stack: #"{"kind": "lazyVGrid", "grid": {"columns": 3, "spacing": 2}}"#))
        #expect(fixed.config.stack.grid == StackConfig.GridConfig(columns: .fixed(3), spacing: 2))
        let adaptive = try Self.decode(Self.scenario(stack: #"{"kind": "pairedRows", "grid": {"adaptiveMinimum": 120}}"#))
        #expect(adaptive.config.stack.grid.columns == .adaptive(minimum: 120))
        // (393 + 8) / (120 + 8) = 3.13 → 3 columns on the default 393 pt viewport.
        #expect(adaptive.config.stack.grid.columnCount(width: 393) == 3)
        // Three columns of 120 and their two spacings fill 376 pt exactly, as SwiftUI's
        // adaptive GridItem counts them (n columns need n × minimum + (n − 1) × spacing): 3, not
        // the 2 a generated mutant, (376 − 8) / 128, gave; 375 pt holds only 2.
        #expect(adaptive.config.stack.grid.columnCount(width: 376) == 3)
        #expect(adaptive.config.stack.grid.columnCount(width: 375) == 2)
    }

    @Test func masonryKeysDecode() throws {
        let layout = try Self.decode(Self.scenario(stack: #"{"kind": "masonryLayout", "masonry": {"columns": 3, "cache": false}}"#))
        #expect(layout.config.stack.masonry.columns == .fixed(3))
        #expect(layout.config.stack.masonry.cache == false)
        let columns = try Self.decode(Self.scenario(stack: """
            {"kind": "masonryColumns", "imagePrefetchPt": 500,
             "masonry": {"targetColumnWidth": 250, "redistribution": "full", "rebalance": true, "distributeInBody": true, "distributeMsPerItem": 0.002}}
            """))
        let m = columns.config.stack.masonry
        #expect(m.columns == .targetWidth(250))
        #expect(m.redistribution == .full)
        #expect(m.rebalance && m.distributeInBody)
        #expect(abs(m.distributeMsPerItem - 0.002) < 1e-12)
        #expect(abs(columns.config.stack.imagePrefetchPt - 500) < 1e-12)
    }

    @Test func nestingPlatformAndGeometryReaderDecode() throws {
        let s = try Self.decode(Self.scenario(stack: #"{"kind": "lazyVStack", "nestedIn": "scrollView"}"#, device: #"{"platform": "ios17"}"#,
                                              type: #", "measureWithGeometryReader": true"#))
        #expect(s.config.stack.nestedIn == .scrollView)
        #expect(s.config.device.platform == .ios17)
        #expect(s.config.content.types[0].measureWithGeometryReader)
        // Defaults: not nested, iOS 26, no GeometryReader.
        let plain = try Self.decode(Self.scenario())
        #expect(plain.config.stack.nestedIn == .none)
        #expect(plain.config.device.platform == .ios26)
        #expect(!plain.config.content.types[0].measureWithGeometryReader)
    }

    @Test(arguments: [
        (#""lastItemAppear""#, PaginationConfig.Trigger.lastItemAppear),
        (#""prefetch""#, .prefetch),
        (#"{"itemsFromEnd": 4}"#, .itemsFromEnd(4)),
    ])
    func paginationDecodes(_ trigger: String, _ expected: PaginationConfig.Trigger) throws {
        let s = try Self.decode(Self.scenario(content: #", "pagination": {"pageSize": 8, "latencyMs": 2000, "total": 150, "trigger": \#(trigger)}"#))
        let p = try #require(s.config.content.pagination)
        #expect(p == PaginationConfig(pageSize: 8, latencyMs: 2000, total: 150, trigger: expected, spinnerHeight: 44))
    }

    // MARK: mistakes

    @Test(arguments: [
        (#"{"kind": "lazyVStack", "grid": {"columns": 2}}"#,
         #"stack.grid: applies only to lazyVGrid and pairedRows, not to stack.kind "lazyVStack"; remove it or change the kind"#),
        (#"{"kind": "lazyVGrid", "masonry": {"columns": 2}}"#,
         #"stack.masonry: applies only to masonryLayout and masonryColumns, not to stack.kind "lazyVGrid"; remove it or change the kind"#),
        (#"{"kind": "masonryColumns", "masonry": {"cache": false}}"#,
         #"stack.masonry.cache: applies only to masonryLayout, not to stack.kind "masonryColumns"; remove it or change the kind"#),
        (#"{"kind": "masonryLayout", "masonry": {"rebalance": true}}"#,
         #"stack.masonry.rebalance: applies only to masonryColumns, not to stack.kind "masonryLayout"; remove it or change the kind"#),
        (#"{"kind": "masonryColumns", "nestedIn": "scrollView"}"#,
         #"stack.nestedIn: applies only to vStack and lazyVStack, not to stack.kind "masonryColumns"; remove it or change the kind"#),
        (#"{"kind": "masonryLayout", "imagePrefetchPt": 500}"#,
         #"stack.imagePrefetchPt: applies only to lazy kinds (masonryLayout builds every child at launch), not to stack.kind "masonryLayout"; remove it or change the kind"#),
        (#"{"kind": "lazyVGrid", "grid": {"columns": 2, "adaptiveMinimum": 100}}"#,
         #"stack.grid.adaptiveMinimum: give either "columns" or "adaptiveMinimum", not both"#),
        (#"{"kind": "lazyVGrid", "grid": {"columns": 0}}"#, "stack.grid.columns: 0 is outside 1...64"),
        (#"{"kind": "masonryColumns", "masonry": {"columns": 2, "targetColumnWidth": 180}}"#,
         #"stack.masonry.targetColumnWidth: give either "columns" or "targetColumnWidth", not both"#),
        (#"{"kind": "masonryColumns", "masonry": {"redistribution": "keep"}}"#,
         #"stack.masonry.redistribution: "keep" is not one of "stable", "full""#),
        (#"{"kind": "lazyVStack", "nestedIn": "list"}"#, #"stack.nestedIn: "list" is not one of "none", "scrollView""#),
        (#"{"kind": "lazyVStack", "imagePrefetchPt": -1}"#, "stack.imagePrefetchPt: -1 is outside 0...100000"),
    ])
    func stackMistakes(_ stack: String, _ message: String) {
        let problems = Self.problems(Self.scenario(stack: stack))
        #expect(problems == [message])
    }

    @Test func platformMistake() {
        #expect(Self.problems(Self.scenario(device: #"{"platform": "ios16"}"#)) == [#"device.platform: "ios16" is not one of "ios17", "ios18", "ios26" (did you mean "ios17"?)"#])
    }

    @Test func geometryReaderWithTheLayoutProtocol() {
        let text = Self.scenario(stack: #"{"kind": "masonryLayout"}"#, type: #", "measureWithGeometryReader": true"#)
        #expect(Self.problems(text) == [#"content.types[0].measureWithGeometryReader: applies only to lazy kinds, not to stack.kind "masonryLayout" (a Layout measures every child itself); remove it or change the kind"#])
    }

    @Test(arguments: [
        (#"{"pageSize": 8, "latencyMs": 2000}"#, [#"content.pagination.total: is required (an integer)"#]),
        (#"{"pageSize": 8, "latencyMs": 2000, "total": 5}"#,
         ["content.pagination.total: is 5, below the 10 elements loaded at the start (content.count); total counts them too"]),
        (#"{"pageSize": 8, "latencyMs": 2000, "total": 150, "trigger": "onAppear"}"#,
         [#"content.pagination.trigger: "onAppear" is not a trigger; expected "lastItemAppear", "prefetch" or {"itemsFromEnd": k}"#]),
        (#"{"pageSize": 8, "latencyMs": 2000, "total": 150, "trigger": 3}"#,
         [#"content.pagination.trigger: expected "lastItemAppear", "prefetch" or {"itemsFromEnd": k}, found a number"#]),
        (#"{"pageSize": 8, "latencyMs": 2000, "total": 150, "trigger": {"itemsFromEnd": 0}}"#,
         ["content.pagination.trigger.itemsFromEnd: 0 is outside 1...1000000"]),
    ])
    func paginationMistakes(_ pagination: String, _ messages: [String]) {
        #expect(Self.problems(Self.scenario(content: #", "pagination": \#(pagination)"#)) == messages)
    }

    @Test func aSubMillisecondLatencyWarns() throws {
        let s = try Self.decode(Self.scenario(content: #", "pagination": {"pageSize": 8, "latencyMs": 0.5, "total": 150}"#))
        #expect(s.warnings.map(\.keyPath) == ["content.pagination.latencyMs"])
    }
}
