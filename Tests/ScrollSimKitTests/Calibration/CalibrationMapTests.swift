@testable import ScrollSimKit
@testable import ScrollSimTraces
import Testing

/// Map rules: how they are read, which wins, what a bad one says.
@Suite struct CalibrationMapTests {
    @Test func aRuleMayFilterOnAnAttribute() throws {
        let rule = try CalibrationMap.rule("body[view.name=PostCell]=post.bodyMs", origin: "--map")
        #expect(rule.name == "body")
        #expect(rule.filter?.key == "view.name" && rule.filter?.value == "PostCell")
        #expect(rule.target == CostTarget(type: "post", phase: .body), "bodyMs and body are the same phase")
    }

    /// Two rules are the same rule when their name, filter and target are: where a rule was
    /// written (its origin) is not part of it, and a rule that differs in its target alone,
    /// or in its filter's value alone, is another rule.
    @Test func rulesAreEqualByWhatTheyMapNotWhereTheyWereWritten() throws {
        let rule = { (text: String, origin: String) in try CalibrationMap.rule(text, origin: origin) }
        #expect(try rule("body[view.name=PostCell]=post.body", "--map") == rule("body[view.name=PostCell]=post.body", "map.json"))
        #expect(try rule("body[view.name=PostCell]=post.body", "a") != rule("body[view.name=PostCell]=post.layout", "a"))
        #expect(try rule("body[view.name=PostCell]=post.body", "a") != rule("body[view.name=AdCell]=post.body", "a"))
        #expect(try rule("body[view.name=PostCell]=post.body", "a") != rule("body[kind=PostCell]=post.body", "a"))
        #expect(try rule("body[view.name=PostCell]=post.body", "a") != rule("body=post.body", "a"))
        #expect(try rule("body=post.body", "a") != rule("draw=post.body", "a"))
    }

    @Test func theFilteredRuleWinsAndNamesMapThemselves() throws {
        var map = CalibrationMap()
        map.add(try CalibrationMap.rule("body=feed.body", origin: "a"))
        map.add(try CalibrationMap.rule("body[view.name=PostCell]=post.body", origin: "b"))
        let types: Set<String> = ["feed", "post", "ad"]
        #expect(map.target(of: TraceInterval(name: "body", attributes: ["view.name": "PostCell"], startNs: 0, durationNs: 1), types: types) == CostTarget(type: "post", phase: .body))
        #expect(map.target(of: TraceInterval(name: "body", attributes: ["view.name": "Other"], startNs: 0, durationNs: 1), types: types) == CostTarget(type: "feed", phase: .body))
        #expect(map.target(of: TraceInterval(name: "ad.layout", startNs: 0, durationNs: 1), types: types) == CostTarget(type: "ad", phase: .layout))
        #expect(map.target(of: TraceInterval(name: "video.layout", startNs: 0, durationNs: 1), types: types) == nil, "no type video")
        #expect(map.target(of: TraceInterval(name: "ad.decode", startNs: 0, durationNs: 1), types: types) == nil, "decode is no cost phase")
    }

    @Test func anUnknownTypeNamesTheNearOnes() throws {
        var map = CalibrationMap()
        map.add(try CalibrationMap.rule("body=psot.body", origin: "--map 'body=psot.body'"))
        #expect(throws: ScrollSimError("--map 'body=psot.body': the scenario has no view type 'psot' (did you mean 'post'?)")) {
            try map.check(types: ["post", "ad"])
        }
        #expect(throws: ScrollSimError.self) { try CalibrationMap.rule("body=post.decode", origin: "--map") }
        #expect(throws: ScrollSimError.self) { try CalibrationMap.rule("body[view.name]=post.body", origin: "--map") }
    }

    @Test func aMapFileIsAnObjectOfRules() throws {
        let rules = try CalibrationMap.rules(file: "map.json", bytes: Array(#"{"RV OnBindView": "post.layout", "RV CreateView": "post.init"}"#.utf8))
        #expect(rules.map(\.name) == ["RV CreateView", "RV OnBindView"], "in key order")
        #expect(throws: ScrollSimError(file: "map.json", location: .text(line: 1, column: 13), message: "a comma before '}': remove it (trailing commas are not JSON)")) {
            try CalibrationMap.rules(file: "map.json", bytes: Array(#"{"a": "b.c",}"#.utf8))
        }
    }

    /// A bracket outside NAME[KEY=VALUE] (issue 48: it became part of a literal name that
    /// no trace has, exit 0 with nothing calibrated) is refused naming its character.
    @Test func aMalformedFilterIsRefusedWithItsPlace() throws {
        #expect(throws: ScrollSimError("--map: the '[' at character 5 is not closed by a ']' before the '=TYPE.PHASE' (a filter is NAME[KEY=VALUE])")) {
            try CalibrationMap.rule("body[view.name=PostCell=post.body", origin: "--map")
        }
        #expect(throws: ScrollSimError("--map: the ']' at character 5 closes no '[' (a filter is NAME[KEY=VALUE])")) {
            try CalibrationMap.rule("body]=post.body", origin: "--map")
        }
        #expect(throws: ScrollSimError("--map: the ']' at character 3 closes no '[' (a filter is NAME[KEY=VALUE])")) {
            try CalibrationMap.rule("bo]dy[a=b]=post.body", origin: "--map")
        }
        #expect(throws: ScrollSimError("--map: the ']' at character 9 is inside the filter; a rule has one filter, NAME[KEY=VALUE]")) {
            try CalibrationMap.rule("body[a=b][c=d]=post.body", origin: "--map")
        }
        // The well-formed filter still reads.
        let rule = try CalibrationMap.rule("body[view.name=PostCell]=post.body", origin: "--map")
        #expect(rule.name == "body" && rule.filter?.key == "view.name" && rule.filter?.value == "PostCell")
    }
}

/// Provenance texts fitted to the scenario's own limits (issue 48: calibrate fitted a legal
/// trace, then refused its own output for an empty device identifier or a 2,000-character OS).
@Suite struct CalibrationProvenanceTextTests {
    @Test func emptyTextsAreLeftOutAndLongOnesClipped() throws {
        let long = String(repeating: "é", count: 2000)
        let reading = TraceReading(format: .csv, file: "t.csv", sha256: String(repeating: "a", count: 64), device: "", os: long)
        let calibration = CalibrationProvenance(readings: [reading], window: nil, samples: CalibrationSamples(), measuredOn: nil).calibration
        #expect(calibration["device"] == nil)
        let os = try #require(calibration["os"]?.stringValue)
        #expect(os.unicodeScalars.count == 1000 && os.hasSuffix("…") && os.hasPrefix("éé"))
        #expect(CalibrationProvenance.fitted("iOS 18.1") == "iOS 18.1")
    }

    /// A text of exactly 1,000 scalars is within the scenario's limit and kept whole; one more
    /// is clipped to 999 and `…`. Found by a generated mutant that clipped at the limit itself.
    @Test func aTextAtTheLimitIsKeptWhole() {
        let atLimit = String(repeating: "é", count: 1000)
        #expect(CalibrationProvenance.fitted(atLimit) == atLimit)
        let past = CalibrationProvenance.fitted(atLimit + "x")
        #expect(past == String(repeating: "é", count: 999) + "…")
    }
}

/// The window provenance records: an open end (`--window 2-`) is written as the longest
/// trace's own length, so the block always holds two numbers a later run can repeat.
@Suite struct CalibrationProvenanceWindowTests {
    static func reading(_ file: String, spanSeconds: ClosedRange<Int64>) -> TraceReading {
        TraceReading(format: .csv, file: file, sha256: String(repeating: "a", count: 64),
                     spanNs: (spanSeconds.lowerBound * 1_000_000_000)...(spanSeconds.upperBound * 1_000_000_000))
    }

    /// Traces of 4 s (from 10 s to 14 s) and 9 s (from 0): the open end is 9, the longer one;
    /// the shorter trace's 4 would cut the second trace's last 5 seconds out of the record.
    @Test func anOpenEndIsTheLongestTracesLength() {
        let readings = [Self.reading("short.csv", spanSeconds: 10...14), Self.reading("long.csv", spanSeconds: 0...9)]
        let open = CalibrationProvenance(readings: readings, window: CalibrationWindow(startSeconds: 2), samples: CalibrationSamples(), measuredOn: nil)
        #expect(open.calibration["window"] == .object(["start": .number(2), "end": .number(9)]))
        // A start past every trace's end keeps the window's start: never an end before it.
        let late = CalibrationProvenance(readings: readings, window: CalibrationWindow(startSeconds: 12), samples: CalibrationSamples(), measuredOn: nil)
        #expect(late.calibration["window"] == .object(["start": .number(12), "end": .number(12)]))
        // A closed window is written as given.
        let closed = CalibrationProvenance(readings: readings, window: CalibrationWindow(startSeconds: 1, endSeconds: 3), samples: CalibrationSamples(), measuredOn: nil)
        #expect(closed.calibration["window"] == .object(["start": .number(1), "end": .number(3)]))
    }
}
