import Foundation
import Testing
@testable import ScrollSimKit

@Suite struct SweepPlanTests {
    /// Axes a = 1, 2 and b = x, y, z: 6 variants, the first axis slowest.
    func plan(metric: Metric = .hitchRatio, objective: SweepPlan.Objective = .min, name: String = "feed") throws -> SweepPlan {
        try SweepPlan(file: "Scenarios/feed.json", root: .object([:]), name: name, contentHash: "0", axes: [
            SweepAxis(keyPath: try JSONKeyPath("a"), values: [.number(1), .number(2)]),
            SweepAxis(keyPath: try JSONKeyPath("b"), values: [.string("x"), .string("y"), .string("z")]),
        ], metric: metric, objective: objective)
    }

    @Test func gridVariesTheFirstKeySlowest() throws {
        let plan = try plan()
        #expect(plan.count == 6)
        // 0: a=1 b=x, 1: a=1 b=y, 2: a=1 b=z, 3: a=2 b=x, 4: a=2 b=y, 5: a=2 b=z.
        #expect(plan.values(0) == [.number(1), .string("x")])
        #expect(plan.values(1) == [.number(1), .string("y")])
        #expect(plan.values(3) == [.number(2), .string("x")])
        #expect(plan.values(5) == [.number(2), .string("z")])
        #expect(plan.positions(4) == [1, 1])
        #expect(plan.describe(4) == "a=2, b=\"y\"")
    }

    /// Names pad k to the width of the last index: 6 variants → one digit; 100 → two (v00…v99).
    @Test func variantNamesArePaddedAndFitSixtyCharacters() throws {
        #expect(try plan().variantName(5) == "feed-v5")
        let wide = try SweepPlan(file: "f.json", root: .null, name: "feed", contentHash: "0", axes: [
            SweepAxis(keyPath: try JSONKeyPath("a"), values: (0..<100).map { .number(Double($0)) }),
        ], metric: .hitchRatio, objective: .min)
        #expect(wide.variantName(7) == "feed-v07")
        #expect(wide.variantName(99) == "feed-v99")
        let long = try plan(name: String(repeating: "n", count: 60))
        #expect(long.variantName(3) == String(repeating: "n", count: 57) + "-v3")
    }

    @Test func refusesAKeyTwiceAndNoAxes() throws {
        #expect(throws: ScrollSimError.self) {
            try SweepPlan(file: "f", root: .null, name: "n", contentHash: "0", axes: [], metric: .hitchRatio, objective: .min)
        }
        #expect(throws: ScrollSimError("a is varied twice; give all its values in one list")) {
            try SweepPlan(file: "f", root: .null, name: "n", contentHash: "0", axes: [
                SweepAxis(keyPath: try JSONKeyPath("a"), values: [.number(1)]), SweepAxis(keyPath: try JSONKeyPath("a"), values: [.number(2)]),
            ], metric: .hitchRatio, objective: .min)
        }
    }

    @Test func objectiveDefaultsToTheMetricsBetterDirection() throws {
        #expect(try SweepPlan.objective(nil, for: .hitchRatio) == .min)
        #expect(try SweepPlan.objective("max", for: .hitchRatio) == .max)
        #expect(throws: ScrollSimError("--objective lowest: expected min or max")) { try SweepPlan.objective("lowest", for: .hitchRatio) }
        #expect(throws: ScrollSimError.self) { try SweepPlan.metric("hitchRatoi") }
    }

    @Test func planTextReadsBack() throws {
        let plan = try plan()
        let read = try SweepPlan.read(planText: Array(plan.planText().utf8), path: "p.json")
        #expect(read.axes == plan.axes)
        #expect(read.metric == plan.metric)
        #expect(read.name == "feed")
        #expect(read.planText() == plan.planText())
    }

    @Test func sweepFileTakesObjectsAndStrings() throws {
        let root = try JSONValue.parse(Data(#"{"vary": [{"key": "a", "values": [1, 2]}, "b=x,y"], "metric": "droppedFrames", "objective": "max"}"#.utf8))
        let file = try SweepPlan.File.parse(root, file: "s.json")
        #expect(file.axes.map(\.key) == ["a", "b"])
        #expect(file.axes[1].values == [.string("x"), .string("y")])
        #expect(file.metric == "droppedFrames")
        #expect(file.objective == "max")
        let bad = try JSONValue.parse(Data(#"{"vary": [{"key": "a", "values": []}]}"#.utf8))
        #expect(throws: ScrollSimError(file: "s.json", location: .keyPath("vary[0].values"), message: "expected a non-empty array of values")) { try SweepPlan.File.parse(bad, file: "s.json") }
        let unknown = try JSONValue.parse(Data(#"{"vary": ["a=1"], "metrc": "x"}"#.utf8))
        #expect(throws: ScrollSimError(file: "s.json", location: .keyPath("metrc"), message: #"unknown key "metrc" (did you mean "metric"?); allowed here: $comment, metric, objective, runs, vary"#)) { try SweepPlan.File.parse(unknown, file: "s.json") }
    }

    /// Variants decode through the scenario decoder: the changed value is in the config, the
    /// name is the variant's, the values are recorded, and the hash changes with the value.
    @Test func variantsAreDecodedScenarios() throws {
        let text = """
        {"schema": 1, "name": "tiny", "duration": 1,
         "content": {"count": 50, "types": [{"name": "c", "height": {"fixed": 90}}]},
         "script": [{"at": 0.1, "fling": {"velocity": 3000}}]}
        """
        let root = try JSONValue.parse(Data(text.utf8))
        let base = try ScenarioLoader.decode(Data(text.utf8), file: "tiny.json")
        let plan = try SweepPlan(file: "tiny.json", root: root, name: base.name, contentHash: base.contentHash, axes: [
            SweepAxis(keyPath: try JSONKeyPath("content.count"), values: [.number(50), .number(80)]),
        ], metric: .hitchRatio, objective: .min)
        let variants = try plan.scenarios([0, 1], directory: nil)
        #expect(variants[1].config.content.count == 80)
        #expect(variants[0].config.content.count == 50)
        #expect(variants[1].name == "tiny-v1")
        #expect(variants[1].file == "tiny.json")
        #expect(variants[1].variant == ["content.count": .number(80)])
        #expect(variants[0].contentHash != variants[1].contentHash)

        let refused = try SweepPlan(file: "tiny.json", root: root, name: "tiny", contentHash: "0", axes: [
            SweepAxis(keyPath: try JSONKeyPath("content.count"), values: [.string("many")]),
        ], metric: .hitchRatio, objective: .min)
        let error = try #require(throws: ScrollSimError.self) { try refused.scenarios([0], directory: nil) }
        #expect(error.problems.first?.description == "tiny.json (variant 0: content.count=\"many\"): content.count: expected an integer, found a string")
    }
}

@Suite struct SweepSummaryTests {
    func summary(_ values: [Double], objective: SweepPlan.Objective) throws -> SweepSummary {
        let plan = try SweepPlan(file: "f.json", root: .null, name: "f", contentHash: "0", axes: [
            SweepAxis(keyPath: try JSONKeyPath("k"), values: values.indices.map { .number(Double($0)) }),
        ], metric: .droppedFrames, objective: objective)
        let reports = values.enumerated().map { i, v in
            (index: i, root: JSONValue.object(["scenario": .object(["name": .string(plan.variantName(i))]),
                                               "summary": .object(["droppedFrames": .number(v), "budgetsPassed": .bool(v < 3)])]))
        }
        return SweepSummary(plan: plan, reports: reports)
    }

    /// Dropped frames 4, 2, 7, 2: the lowest is 2, first at variant 1 (a tie goes to the lower
    /// index); the highest is 7, at variant 2.
    @Test func bestFollowsTheObjectiveAndTiesGoToTheLowerIndex() throws {
        #expect(try summary([4, 2, 7, 2], objective: .min).best?.index == 1)
        #expect(try summary([4, 2, 7, 2], objective: .max).best?.index == 2)
    }

    @Test func csvHasAHeaderAndALinePerVariant() throws {
        let csv = try summary([4, 2], objective: .min).csv()
        #expect(csv == "variant,name,k,budgetsPassed,best,droppedFrames\n0,f-v0,0,false,false,4\n1,f-v1,1,true,true,2\n")
    }

    @Test func csvQuotesFieldsWithCommasAndQuotes() {
        #expect(CSVField.text("a,b") == "\"a,b\"")
        #expect(CSVField.text("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSVField.text("plain") == "plain")
    }

    /// The sweep file is read through declarations (`SweepKeys`): every problem with its key
    /// path. The expected lines were written by hand from the message rules.
    @Test func sweepFileProblemsAreEachNamedByKeyPath() throws {
        let root = try JSONValue.parse(Data(#"{"vary": [3, {"key": "a", "values": [1, 1]}, {"key": "b"}], "metric": 5}"#.utf8))
        do {
            _ = try SweepPlan.File.parse(root, file: "s.json")
            Issue.record("accepted")
        } catch let error as ScrollSimError {
            #expect(error.messages == [
                // 3 is neither form of an axis.
                #"s.json: vary[0]: expected an object {"key": …, "values": […]} or a string "key=v1,v2", found a number"#,
                // 1 twice would make two variants with one content hash.
                "s.json: vary[1].values: the value 1 is given twice",
                // `values` is declared required; an array is its shape.
                "s.json: vary[2].values: is required (an array)",
                // metric is declared a string.
                "s.json: metric: expected a string, found a number",
            ])
        }
    }

    /// `sweep-plan.json` and `shard.json` are read through declarations too (`SweepKeys.plan`,
    /// `SweepKeys.shard(of:)`). The expected lines were written by hand.
    @Test func planAndShardFilesAreCheckedKeyByKey() throws {
        func lines(_ body: () throws -> Void) -> [String] {
            do {
                try body()
                return ["accepted"]
            } catch let error as ScrollSimError {
                return error.messages
            } catch {
                return ["\(error)"]
            }
        }
        // A tampered name that would lead outside the directories, and a schema from elsewhere.
        let tampered = #"{"schema": 2, "scenario": {"file": "s.json", "name": "../x", "contentHash": "0"}, "vary": ["a=1,2"], "metric": "hitchRatio", "objective": "min"}"#
        #expect(lines { _ = try SweepPlan.read(planText: Array(tampered.utf8), path: "p.json") } == [
            "p.json: schema: expected 1",
            #"p.json: scenario.name: "../x" must be 1 to 60 ASCII letters, digits, '-', '_' or '.' (it names the report file)"#,
        ])
        // A plan of 2 × 3 = 6 variants; shard 2/2 holds k mod 2 = 1: 1, 3, 5.
        let planText = #"{"schema": 1, "scenario": {"file": "s.json", "name": "feed", "contentHash": "0"}, "vary": ["a=1,2", "b=x,y,z"], "metric": "hitchRatio", "objective": "min"}"#
        let plan = try SweepPlan.read(planText: Array(planText.utf8), path: "p.json")
        let read = try SweepDirectory.readShard(bytes: Array(#"{"shard": "2/2", "variants": [1, 3, 5]}"#.utf8), path: "shard.json", plan: plan)
        #expect(read.0 == Shard(index: 1, total: 2))
        #expect(read.1 == [1, 3, 5])
        #expect(lines { _ = try SweepDirectory.readShard(bytes: Array(#"{"shard": "2/2", "variants": [1, 3]}"#.utf8), path: "shard.json", plan: plan) } == [
            "shard.json: variants: shard 2/2 of a 6-variant sweep holds 3 variants (k mod 2 = 1), but the file lists 2 others",
        ])
        // 6 is past the last variant (5); "3/2" is past the number of shards.
        #expect(lines { _ = try SweepDirectory.readShard(bytes: Array(#"{"shard": "3/2", "variants": [6]}"#.utf8), path: "shard.json", plan: plan) } == [
            #"shard.json: shard: "3/2": the shard's number is 1-based and must be from 1 to 2"#,
            "shard.json: variants[0]: expected a variant number below 6, found 6",
        ])
    }
}
