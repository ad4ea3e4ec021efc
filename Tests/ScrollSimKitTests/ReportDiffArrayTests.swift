import Testing
import ScrollSimKit

/// How the exact gate lists the differences inside an array that is not a column (its entries
/// are objects or arrays, such as a report's list of hitches): entry by entry, each at its
/// index, an entry only one side has as added or removed. No test reached this branch until
/// a generated mutant (its `i < x.count` made `i >= x.count`) was found to have no coverage.
struct ReportDiffArrayTests {
    static func report(_ hitches: [JSONValue]) -> JSONValue {
        .object(["summary": .object(["hitches": .array(hitches)])])
    }

    static func hitch(frame: Double, ms: Double) -> JSONValue {
        .object(["frame": .number(frame), "ms": .number(ms)])
    }

    /// Two hitches then three: the second moved (its ms 12 → 14), the third is new.
    @Test func aLongerArrayOfObjectsListsEachChangeAtItsIndex() {
        let baseline = Self.report([Self.hitch(frame: 3, ms: 10), Self.hitch(frame: 8, ms: 12)])
        let current = Self.report([Self.hitch(frame: 3, ms: 10), Self.hitch(frame: 8, ms: 14), Self.hitch(frame: 20, ms: 9)])
        #expect(ReportDiff.items(baseline: baseline, current: current).map(\.description) == [
            "summary.hitches[1].ms: 12 → 14",
            "summary.hitches[2]: added ({2 keys})",
        ])
    }

    /// The other way round: the baseline's third hitch is gone; equal entries say nothing.
    @Test func aShorterArrayOfObjectsListsWhatWasRemoved() {
        let baseline = Self.report([Self.hitch(frame: 3, ms: 10), Self.hitch(frame: 8, ms: 12), Self.hitch(frame: 20, ms: 9)])
        let current = Self.report([Self.hitch(frame: 3, ms: 10), Self.hitch(frame: 8, ms: 12)])
        #expect(ReportDiff.items(baseline: baseline, current: current).map(\.description) == [
            "summary.hitches[2]: removed (was {2 keys})",
        ])
    }

    /// A report without hitches, then one with a hitch: an empty array is a column of nothing,
    /// yet next to an array of objects it is compared entry by entry, not as a column.
    @Test func anEmptyArrayThatGainsAnObjectListsItAtItsIndex() {
        let baseline = Self.report([]), current = Self.report([Self.hitch(frame: 3, ms: 10)])
        #expect(ReportDiff.items(baseline: baseline, current: current).map(\.description) == ["summary.hitches[0]: added ({2 keys})"])
        #expect(ReportDiff.items(baseline: current, current: baseline).map(\.description) == ["summary.hitches[0]: removed (was {2 keys})"])
    }
}
