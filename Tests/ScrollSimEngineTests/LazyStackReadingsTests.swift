import Testing
@testable import ScrollSimEngine

/// What a `lazyVStack` reports of itself, worked by hand: the element at the top, bottom and
/// middle of the viewport (`ScrollPosition.viewID`, headers skipped), the visible elements,
/// whether an element has scrolled by, and the footer's share of the extent. Photos of 100 pt,
/// 10 pt of spacing, a viewport 852 pt high; with sections, a header every 5 photos. Found by
/// generated mutants in these readings that every test let pass: the scenarios that read them
/// never put a header, a row's end or the footer on the line a comparison draws.
@Suite struct LazyStackReadingsTests {
    /// The stack after a jump to `offset` (the launch frame alone at 0). With 44 pt headers the
    /// rows are: header 0 at 0, photos 1…5 at 54, 164, 274, 384, 494, header 6 at 604, photos
    /// 7…11 from 658, 110 pt apart.
    static func stack(count: Int, header: Double? = 44, at offset: Double = 0) -> LazyStack {
        let photo = Fixtures.cell("photo", height: .absolute(.fixed(100)))
        let sections = header.map { SectionsConfig(every: 5, header: Fixtures.cell("header", height: .absolute(.fixed($0)))) }
        let jump = Oracle.scrollTo(at: 0.05, .offset(offset))
        let config = Fixtures.config(count: count, types: [photo], spacing: 10, duration: 0.2, script: offset == 0 ? [] : [jump],
                                     prefetch: PrefetchConfig(enabled: false), sections: sections)
        var simulation = Simulation(config: config)
        for _ in 0..<(offset == 0 ? 1 : 15) { simulation.step() }
        #expect(simulation.stack.offset == offset)
        return simulation.stack
    }

    /// At 0 rows 0…8 show (row 8 at 768; row 9 at 878 is past 852). The top skips header 0 to
    /// photo 1, element 0; the bottom is row 8, element 6; the middle, 426, is in row 4
    /// (384…484), element 3.
    @Test func theTopBottomAndMiddleElementsSkipHeaders() {
        let stack = Self.stack(count: 100)
        #expect((stack.firstVisible, stack.lastVisible) == (0, 8))
        #expect(stack.viewID(at: .top) == 0)
        #expect(stack.viewID(at: .bottom) == 6)
        #expect(stack.viewID(at: .center) == 3)
    }

    /// At 178 the middle, 604, is exactly where photo 5's row and its spacing end and header 6
    /// begins: the middle is in the header, skipped to photo 7, element 5. The top is photo 2
    /// (164…264), element 1.
    @Test func aMiddleOnARowsEndIsInTheNextRow() {
        let stack = Self.stack(count: 100, at: 178)
        #expect(stack.viewID(at: .center) == 5)
        #expect(stack.viewID(at: .top) == 1)
    }

    /// Headers of 2,000 pt: at 0 only header 0 shows, and no element is at the top, bottom or
    /// middle.
    @Test func aScreenOfHeaderAloneHasNoElementAnywhere() {
        let stack = Self.stack(count: 100, header: 2000)
        #expect((stack.firstVisible, stack.lastVisible) == (0, 0))
        #expect(stack.viewID(at: .top) == -1)
        #expect(stack.viewID(at: .bottom) == -1)
        #expect(stack.viewID(at: .center) == -1)
    }

    /// Two photos under one header (rows 0…2, the last ending at 264): the middle, 426, is below
    /// the last row, which holds it: element 1.
    @Test func aMiddleBelowTheLastRowIsTheLastElement() {
        let stack = Self.stack(count: 2)
        #expect((stack.firstVisible, stack.lastVisible) == (0, 2))
        #expect(stack.viewID(at: .center) == 1)
        #expect(stack.viewID(at: .bottom) == 1)
    }

    /// One photo, no headers: it is the first and last visible element, at the top and bottom.
    @Test func aOneRowListIsItsOnlyElementEverywhere() {
        let stack = Self.stack(count: 1, header: nil)
        #expect(stack.visibleElements == (0, 0))
        #expect(stack.viewID(at: .bottom) == 0 && stack.viewID(at: .top) == 0)
    }

    /// The first element shows at the launch, not after a jump past it, and never in an empty
    /// list; the elements viewed are the launch screen's, element 0 first.
    @Test func theFirstElementShowsAtTheTopOnly() {
        let top = Self.stack(count: 100)
        #expect(top.showsFirstElement)
        #expect(top.viewedElements() == Array(0...6))
        #expect(Self.stack(count: 100, header: nil).viewedElements() == Array(0...7), "rows 0…7 at 0, 110, …, 770")
        #expect(Self.stack(count: 1, header: nil).showsFirstElement)
        #expect(!Self.stack(count: 100, at: 1000).showsFirstElement)
        #expect(!Self.stack(count: 0, header: nil).showsFirstElement)
    }

    /// Photo 1 (element 0) ends at 154: at offset 154 it has scrolled by, its end on the
    /// viewport's top; photo 2 (element 1, 164…264) has not.
    @Test func anElementEndingOnTheTopHasScrolledBy() {
        let stack = Self.stack(count: 100, at: 154)
        #expect(stack.isScrolledPast(element: 0))
        #expect(!stack.isScrolledPast(element: 1))
    }

    /// Three photos (320 pt with their spacing) and a footer of 0.5 pt: the extent, and the
    /// true extent, are 320 + 10 + 0.5; the footer shows. Without rows the footer is the whole
    /// extent, with no spacing before it.
    @Test func aFooterAddsItsSpacingAndHeight() {
        var stack = Self.stack(count: 3, header: nil)
        #expect(stack.extent == 320 && stack.trueExtent == 320)
        #expect(!stack.footerVisible, "no footer, none visible")
        stack.setFooter(height: 0.5)
        #expect(stack.extent == 330.5)
        #expect(stack.trueExtent == 330.5)
        #expect(stack.footerVisible)
        var one = Self.stack(count: 1, header: nil)
        one.setFooter(height: 0.5)
        #expect(one.extent == 110.5, "one row: its spacing before the footer")
        var empty = Self.stack(count: 0, header: nil)
        empty.setFooter(height: 0.5)
        #expect(empty.extent == 0.5)
        #expect(empty.trueExtent == 0.5, "no rows, no spacing: a true height of 0")
    }

    /// A footer whose top is exactly on the viewport's bottom is not visible; a point lower in
    /// the content, it is.
    @Test func aFooterOnTheViewportsBottomIsNotVisible() {
        var stack = Self.stack(count: 100, header: nil)
        stack.setFooter(height: 44)
        let footerTop = stack.index.totalHeight + 10
        stack.offset = footerTop - 852
        #expect(!stack.footerVisible)
        stack.offset += 1
        #expect(stack.footerVisible)
    }

    /// An empty list takes a jump to its bottom, a drag, jumps to an offset and to the top, and
    /// stays at 0 with nothing shown. Found by a generated mutant that let an empty list's layout
    /// walk on (`n >= 0`): placed at its bottom, it built row −1.
    @Test func anEmptyListTakesAJumpToItsBottom() {
        let photo = Fixtures.cell("photo", height: .absolute(.fixed(100)))
        let script = [Oracle.scrollTo(at: 0.02, .bottom), Oracle.drag(at: 0.05, 800, for: 0.05), Oracle.scrollTo(at: 0.11, .offset(100)),
                      Oracle.scrollTo(at: 0.12, .top)]
        var simulation = Simulation(config: Fixtures.config(count: 0, types: [photo], duration: 0.15, script: script))
        while !simulation.isFinished { simulation.step() }
        #expect(simulation.stack.offset == 0)
        #expect(simulation.stack.visibleElements == (-1, -2))
        #expect(simulation.finish().events.filter { $0.kind == .build }.isEmpty)
    }

    /// A jump to the bottom of three photos (320 pt, shorter than the screen) measures upward
    /// from the last row to the first and shows them all, at offset 0. Found by a generated
    /// mutant that stopped the upward walk at row 1.
    @Test func aJumpToTheBottomOfAShortListShowsItAll() {
        let photo = Fixtures.cell("photo", height: .absolute(.fixed(100)))
        var simulation = Simulation(config: Fixtures.config(count: 3, types: [photo], spacing: 10, duration: 0.1,
                                                            script: [Oracle.scrollTo(at: 0.02, .bottom)]))
        while !simulation.isFinished { simulation.step() }
        #expect(simulation.stack.offset == 0)
        #expect((simulation.stack.firstVisible, simulation.stack.lastVisible) == (0, 2))
        let events = simulation.finish().events
        #expect(!events.contains { $0.kind == .disappear }, "every row stays on screen through the jump")
        #expect(events.filter { $0.kind == .appear }.count == 3)
    }

    /// How many items of a nested row the 393 pt width shows: items of 100 pt, 10 apart, are
    /// ⌈(393 + 10) / 110⌉ = 4; items of no width and no spacing all show; half-point items, 786.
    /// Found by a generated mutant that divided by the empty slot (`slot >= 0`).
    @Test func aNestedRowShowsTheItemsItsWidthHolds() {
        let stack = Self.stack(count: 3, header: nil)
        let item = Fixtures.cell("item", height: .absolute(.fixed(80)))
        #expect(stack.viewportSize.width == 393)
        #expect(stack.nestedVisibleCount(NestedRowSpec(count: 12, itemWidth: 100, spacing: 10, itemTypes: [item])) == 4)
        #expect(stack.nestedVisibleCount(NestedRowSpec(count: 3, itemWidth: 100, spacing: 10, itemTypes: [item])) == 3)
        #expect(stack.nestedVisibleCount(NestedRowSpec(count: 12, itemWidth: 0, spacing: 0, itemTypes: [item])) == 12)
        // Items of 124 pt, 10 apart: the last gap counts, ⌈403 / 134⌉ = 4 (without it, 3).
        #expect(stack.nestedVisibleCount(NestedRowSpec(count: 12, itemWidth: 124, spacing: 10, itemTypes: [item])) == 4)
        // Items of half a point: ⌈393 / 0.5⌉ = 786 of 1,000.
        #expect(stack.nestedVisibleCount(NestedRowSpec(count: 1000, itemWidth: 0.5, spacing: 0, itemTypes: [item])) == 786)
    }

    /// A one-row list whose row (2,000 pt) is taller than the screen: a jump to its element with
    /// the bottom anchor puts the row's bottom on the screen's, at 2,000 − 852 = 1,148; a jump to
    /// its bottom does too. Found by a generated mutant that found no row to jump to in a list
    /// of one row.
    @Test func aOneRowListJumpsToItsRowsBottom() {
        let tall = Fixtures.cell("tall", height: .absolute(.fixed(2000)))
        for destination in [ScrollTarget.Destination.element(0), .bottom] {
            let script = [Oracle.scrollTo(at: 0.02, destination, anchor: .bottom)]
            var simulation = Simulation(config: Fixtures.config(count: 1, types: [tall], duration: 0.1, script: script))
            while !simulation.isFinished { simulation.step() }
            #expect(simulation.stack.offset == 1148, "\(destination)")
        }
    }

    /// Headers are built in full: a header row is no element's child, so its init and body run
    /// like any view's. At launch rows 0…8 show: headers 0 and 6 (init 1, body 2, layout 0.5
    /// ms) and seven photos (0.1, 0.2, 0.3): init 2.7 ms, body 5.4 ms, layout 3.1 ms. Found by
    /// a generated mutant that took a header's element for evaluated and skipped its init and body.
    @Test func aHeaderIsBuiltInFull() {
        let header = Fixtures.cell("header", height: .absolute(.fixed(44)),
                                   costs: ViewTypeSpec.Costs(initMs: 1, bodyMs: 2, layoutMs: 0.5, renderMs: 0, appearMs: 0))
        let photo = Fixtures.cell("photo", height: .absolute(.fixed(100)),
                                  costs: ViewTypeSpec.Costs(initMs: 0.1, bodyMs: 0.2, layoutMs: 0.3, renderMs: 0, appearMs: 0))
        let result = Simulation.run(Fixtures.config(count: 100, types: [photo], spacing: 10, duration: 0.02,
                                                    prefetch: PrefetchConfig(enabled: false), sections: SectionsConfig(every: 5, header: header)))
        let phases = result.frames.phaseMs
        #expect(abs(phases[.initialize][0] - 2.7) < 1e-9)
        #expect(abs(phases[.body][0] - 5.4) < 1e-9)
        #expect(abs(phases[.layout][0] - 3.1) < 1e-9)
    }

    /// A stack made from a content configuration is eager for a `vStack` and lazy otherwise.
    @Test func aStackIsEagerForAVStackOnly() {
        let content = ContentConfig(count: 10, types: [Fixtures.cell()])
        #expect(LazyStack(config: StackConfig(kind: .vStack), content: content, device: DeviceConfig(), seed: 1).isEager)
        #expect(!LazyStack(config: StackConfig(kind: .lazyVStack), content: content, device: DeviceConfig(), seed: 1).isEager)
    }
}
