import Testing
@testable import ScrollSimPresentation
import ScrollSimKit

/// How the text comparison lists a group of items after a label (`Comparison.group`): joined by
/// the separator and a space, wrapped at 100 columns under the first item.
@Suite struct CompareTextGroupTests {
    /// Lead "  ", label "changed:" (8 wide): items start after column 11. Twelve items of 8
    /// characters with their separator ("item-NN;", the last without) take 9 columns each with
    /// the space: the tenth ends exactly at column 100, which a line may reach; the eleventh
    /// would end at 109, so it starts the second line, under the first item.
    @Test func itemsWrapAtOneHundredColumnsUnderTheFirst() {
        let items = (1...12).map { "item-" + ($0 < 10 ? "0" : "") + String($0) }
        let text = Comparison.group("changed:", 8, items)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 3 && lines[2] == "")
        #expect(lines[0] == "  changed: " + items[0..<10].map { $0 + ";" }.joined(separator: " "))
        #expect(lines[1] == String(repeating: " ", count: 11) + "item-11; item-12")
        #expect(lines[0].count == 100)
    }

    /// One column past: nine items end at column 91, and a last item of 9 characters would end
    /// at 101, so it starts the second line. Found by a generated mutant that wrapped at 101
    /// columns and passed the test above, whose next item overshoots by 9.
    @Test func anItemThatWouldEndAtColumnOneHundredAndOneWraps() {
        let items = (1...9).map { "item-0" + String($0) } + ["item-0010"]
        let lines = Comparison.group("changed:", 8, items).split(separator: "\n").map(String.init)
        #expect(lines == ["  changed: " + items[0..<9].map { $0 + ";" }.joined(separator: " "), String(repeating: " ", count: 11) + "item-0010"])
        #expect(lines[0].count == 91)
    }

    /// Items that fit stay on one line; a group of one item has no separator.
    @Test func aShortGroupIsOneLine() {
        #expect(Comparison.group("new:", 4, ["feed"]) == "  new: feed\n")
        #expect(Comparison.group("new:", 4, ["a", "b"], separator: ",") == "  new: a, b\n")
    }
}
