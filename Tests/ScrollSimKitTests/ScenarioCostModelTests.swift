import Foundation
@testable import ScrollSimKit
import Testing

/// The cost model (`ScenarioCostModel`) refuses, before any work, the scenarios whose small
/// value of one key multiplies the work of the rest — naming the key, the product and the
/// `--limit` — and the messages of decoding give exact bounds. Every figure is worked out by
/// hand in its comment, from the defaults: a 393 × 852 pt viewport, prefetch on at one
/// viewport height, `stack.spacing` 8.
@Suite struct ScenarioCostModelTests {
    static func scenario(count: Int, stack: String = #""kind": "lazyVStack""#, height: String = #"{"fixed": 10}"#, script: String = "[]",
                         budgets: String = "{}") -> String {
        """
        {"schema": 1, "name": "c", "duration": 1, "stack": {\(stack)}, "script": \(script), "budgets": \(budgets),
         "content": {"count": \(count), "types": [{"name": "cell", "height": \(height)}]}}
        """
    }

    func problems(_ text: String, limits: ScenarioLimits = .standard) -> [String] {
        do {
            _ = try ScenarioLoader.decode(Data(text.utf8), file: "c.json", limits: limits)
            return []
        } catch let error as ScrollSimError {
            return error.problems.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    @Test func columnsThatFollowTheWidthAreBoundedLikeAFixedCount() {
        // max(2, ⌊393 / 1⌋) = 393 columns, over 64 (the most `columns` takes).
        #expect(problems(Self.scenario(count: 100, stack: #""kind": "masonryColumns", "masonry": {"targetColumnWidth": 1}"#)) == [
            "c.json: stack.masonry.targetColumnWidth: max(2, ⌊393 pt (device.viewport.width) / 1 pt⌋) = 393 columns, over the limit of 64 columns (raise it with --limit columns=N)",
        ])
        // At 180 pt: ⌊393 / 180⌋ = 2 columns; after a rotation to 10,000 pt wide, ⌊10000 / 100⌋ = 100.
        #expect(problems(Self.scenario(count: 100, stack: #""kind": "masonryColumns", "masonry": {"targetColumnWidth": 180}"#)) == [])
        let rotated = Self.scenario(count: 100, stack: #""kind": "masonryColumns", "masonry": {"targetColumnWidth": 100}"#,
                                    script: #"[{"at": 0.5, "rotate": {"width": 10000, "height": 393}}]"#)
        #expect(problems(rotated) == [
            "c.json: stack.masonry.targetColumnWidth: max(2, ⌊10000 pt (script[0].rotate.width) / 100 pt⌋) = 100 columns, over the limit of 64 columns (raise it with --limit columns=N)",
        ])
        // A grid's adaptive minimum of 1 pt: ⌊(393 + 8) / (1 + 8)⌋ = 44 columns, within; at 10,000 pt, ⌊10008 / 9⌋ = 1,112.
        #expect(problems(Self.scenario(count: 100, stack: #""kind": "lazyVGrid", "grid": {"adaptiveMinimum": 1}"#)) == [])
        #expect(problems(Self.scenario(count: 100, stack: #""kind": "lazyVGrid", "grid": {"adaptiveMinimum": 1}"#,
                                       script: #"[{"at": 0.5, "rotate": {"width": 10000, "height": 393}}]"#)).first?
            .contains("= 1,112 columns, over the limit of 64 columns") == true)
    }

    @Test func rowsOfNoHeightWithNoSpacingWouldAllBeBuiltAtOnce() {
        // Height 0 + spacing 0: every one of 1,000,000 rows fits in (2 + 1) × 852 = 2556 pt.
        #expect(problems(Self.scenario(count: 1_000_000, stack: #""kind": "lazyVStack", "spacing": 0"#, height: #"{"fixed": 0}"#)) == [
            "c.json: content.types[0].height: rows of 0 pt (content.types[0].height) + 0 pt (stack.spacing) in 2556 pt (the viewport and its prefetch window): 1,000,000 of the 1,000,000 rows built at once, over the limit of 100,000 rows built at once (raise it with --limit resident-rows=N)",
        ])
        // With the default 8 pt of spacing: ⌈2556 / 8⌉ = 320 rows at once.
        #expect(problems(Self.scenario(count: 1_000_000, height: #"{"fixed": 0}"#)) == [])
        // 100,000 rows of height 0: all built at once, but no more than the limit.
        #expect(problems(Self.scenario(count: 100_000, stack: #""kind": "lazyVStack", "spacing": 0"#, height: #"{"fixed": 0}"#)) == [])
    }

    @Test func everyRotationLaysEveryRowOutAgain() {
        // 10,000,000 rows × (1 + 2 rotations) = 30,000,000 > 20,000,000.
        let twice = #"[{"at": 0.2, "rotate": {"width": 852, "height": 393}}, {"at": 0.6, "rotate": {"width": 393, "height": 852}}]"#
        #expect(problems(Self.scenario(count: 10_000_000, script: twice)) == [
            "c.json: script[0].rotate: 10,000,000 rows × (1 + 2 rotate events) = 30,000,000 rows laid out, over the limit of 20,000,000 rows laid out (raise it with --limit layout-rows=N)",
        ])
        // One rotation: 20,000,000, at the limit.
        #expect(problems(Self.scenario(count: 10_000_000, script: #"[{"at": 0.2, "rotate": {"width": 852, "height": 393}}]"#)) == [])
        var raised = ScenarioLimits.standard
        raised.layoutRows = 30_000_000
        #expect(problems(Self.scenario(count: 10_000_000, script: twice), limits: raised) == [])
    }

    @Test func boundsAreGivenExactly() {
        // The fling deceleration's range ends at 0.99999, not 1.
        #expect(problems(Self.scenario(count: 10, script: #"[{"at": 0, "fling": {"velocity": 100, "deceleration": 1}}]"#)) == [
            "c.json: script[0].fling.deceleration: 1 is outside 0.5...0.99999",
        ])
        // An integer past an Int's exactness is out of range, not "not an integer".
        #expect(problems(Self.scenario(count: 10, script: #"[{"at": 0, "append": {"count": 2000000000}}]"#)) == [
            "c.json: script[0].append.count: 2000000000 is outside 1...1000000",
        ])
        #expect(problems(Self.scenario(count: 10, script: #"[{"at": 0, "append": {"count": 1e16}}]"#)) == [
            "c.json: script[0].append.count: 10000000000000000 is outside 1...1000000",
        ])
        // 1e308 GiB is past what a double holds: "infinity", never JSON's null.
        let huge = problems(Self.scenario(count: 10, budgets: #"{"peakMemoryBytes": "1e308 GiB"}"#))
        #expect(huge.count == 1 && huge[0].contains("\"1e308 GiB\" (infinity) is outside 0...") && !huge[0].contains("null"), "\(huge)")
    }

    @Test func aTapMayNameAnElementAppendedBeforeIt() {
        // 10 elements and 5 appended: 0..<15.
        let append = #"{"at": 0.1, "append": {"count": 5}}"#
        #expect(problems(Self.scenario(count: 10, script: "[\(append), {\"at\": 0.2, \"tap\": {\"id\": 12}}]")) == [])
        #expect(problems(Self.scenario(count: 10, script: "[\(append), {\"at\": 0.2, \"tap\": {\"id\": 15}}]")) == [
            "c.json: script[1].tap.id: 15 is outside the content's 0..<15 (10 elements and 5 appended by the events before)",
        ])
        // Before the append the element does not exist yet.
        #expect(problems(Self.scenario(count: 10, script: "[{\"at\": 0, \"tap\": {\"id\": 12}}, \(append)]")) == [
            "c.json: script[0].tap.id: 12 is outside the content's 0..<10",
        ])
    }
}
