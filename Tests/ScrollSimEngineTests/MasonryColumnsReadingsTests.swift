import Testing
@testable import ScrollSimEngine

/// What the lazy masonry columns read as a whole, from columns that differ, worked by hand: the
/// tallest column's height, the footer below it, the primary column after a width change. (One
/// column is checked against a stack frame by frame in `OneColumnIsAStackTests`; these
/// need two columns that are not alike.) Each was found by a generated mutant that passed every
/// engine test.
@Suite struct MasonryColumnsReadingsTests {
    /// `count` elements of 100 pt in two fixed columns 8 pt apart, laid out and shown at `offset`
    /// on the 393 × 852 screen, with a footer of `footer` pt. Element k is in column k mod 2 at
    /// ⌊k/2⌋ × 108: with 41 elements column 0 holds 21 (21 × 100 + 20 × 8 = 2,260 pt) and
    /// column 1 holds 20 (2,152 pt).
    static func columns(count: Int = 41, footer: Double = 0, at offset: Double = 0) -> MasonryColumns<LazyStack> {
        let config = MasonryAndGridTests.twoColumns(.masonryColumns, count: count, duration: 0.1)
        var masonry = MasonryColumns<LazyStack>(config: config.stack, content: config.content, device: config.device, seed: 7, capacity: count)
        masonry.setFooter(height: footer)
        var context = FrameContext(eventCapacity: 0, typeCount: 1)
        masonry.prepare(&context)
        // A second pass builds nothing new: the columns are laid out at the offset.
        for _ in 0..<2 { _ = masonry.layout(at: offset, constraints: ContentConstraints(viewportExtent: 852), &context) }
        masonry.present(at: offset, scrollDelta: 0, &context)
        return masonry
    }

    /// The content is as tall as its tallest column, 2,260 pt (column 0's, not column 1's
    /// 2,152), by estimate and truly (every height is known: 100 pt); a 44 pt footer adds one
    /// spacing and itself.
    @Test func theContentIsItsTallestColumnAndTheFooterBelowIt() {
        let bare = Self.columns()
        #expect(bare.columns.map(\.trueExtent) == [2260, 2152])
        #expect(bare.extent == 2260 && bare.trueExtent == 2260)
        let footed = Self.columns(footer: 44)
        #expect(footed.extent == 2312 && footed.trueExtent == 2312)
        // Over columns whose tallest is 1 pt the footer still takes its spacing (only empty
        // columns give none).
        #expect(footed.footerExtent(after: 1) == 52 && footed.footerExtent(after: 0) == 44)
        // A footer of half a point is a footer.
        #expect(Self.columns(footer: 0.5).extent == 2268.5)
    }

    /// The elements laid out are every column's together: at offset 0 elements 0…15 (0…14 in
    /// column 0, 1…15 in column 1); a single element is laid out alone (0…0).
    @Test func theElementsLaidOutAreEveryColumns() {
        #expect(Self.layout(count: 41) == 0...15)
        #expect(Self.layout(count: 1) == 0...0)
    }

    /// The elements a layout at `offset` says it laid out.
    static func layout(count: Int, at offset: Double = 0) -> ClosedRange<Int>? {
        var masonry = Self.columns(count: count)
        var context = FrameContext(eventCapacity: 0, typeCount: 1)
        return masonry.layout(at: offset, constraints: ContentConstraints(viewportExtent: 852), &context).laidOutElements
    }

    /// What shows at offset 0: rows 0…7 of each column (row 7 spans 756…856), elements 0…15,
    /// 8 views a column; the whole reads as the sum of its columns.
    @Test func theReadingsAreTheColumnsSummed() {
        let masonry = Self.columns()
        let readings = masonry.readings
        #expect(readings.visibleCount == 16)
        #expect(masonry.visibleElements == (0, 15))
        #expect(readings.memoryBytes == masonry.columns.map(\.readings.memoryBytes).reduce(0, +))
        #expect(readings.memoryBytes > masonry.columns[0].readings.memoryBytes)
        #expect(readings.cachedCount == masonry.columns.map(\.readings.cachedCount).reduce(0, +))
        #expect(readings.prefetchedCount == masonry.columns.map(\.readings.prefetchedCount).reduce(0, +))
        #expect(masonry.isLaidOut(at: 0) && !masonry.isLaidOut(at: 1))
    }

    /// The footer (44 pt, its top at 2,312 − 44 = 2,268) shows once its top is above the
    /// screen's bottom: at offset 1,417 (bottom 2,269), not at 1,416 (bottom 2,268, the footer
    /// just below). Without a footer nothing shows, even under content shorter than the screen;
    /// a footer of half a point does.
    @Test func theFooterShowsOnceItsTopIsAboveTheScreensBottom() {
        #expect(!Self.columns(footer: 44, at: 1416).footerVisible)
        #expect(Self.columns(footer: 44, at: 1417).footerVisible)
        #expect(!Self.columns(count: 4).footerVisible)
        #expect(Self.columns(count: 4, footer: 0.5).footerVisible)
    }

    /// A width change with nothing on screen yet (before the first layout) keeps the primary
    /// column if it still exists, and otherwise takes the last column there is: four columns
    /// (852 pt at 180 pt a column) with the last one primary, narrowed to two (393 pt).
    @Test func aWidthChangeKeepsAPrimaryColumnThatExists() {
        var config = Fixtures.config(count: 40, types: [Fixtures.cell()], kind: .masonryColumns, spacing: 8, script: [])
        config.device.viewport = Size(width: 852, height: 393)
        config.stack.masonry.columns = .targetWidth(180)
        var masonry = MasonryColumns<LazyStack>(config: config.stack, content: config.content, device: config.device, seed: 7, capacity: 40)
        #expect(masonry.columns.count == 4)
        masonry.primary = 3
        var context = FrameContext(eventCapacity: 0)
        _ = masonry.resize(to: Size(width: 393, height: 852), &context)
        #expect(masonry.columns.count == 2)
        #expect(masonry.primary == 1)
    }

    /// A `scrollTo` the bottom lands the tallest column's last element at the screen's bottom:
    /// 41 elements, column 0 the tallest (2,260 pt), so the offset ends at 2,260 − 852 = 1,408,
    /// instant or animated, where row 13 (1,404…1,504) tops the screen: the scroll position
    /// reads element 26.
    @Test(arguments: [nil, 0.3] as [Double?]) func aScrollToTheBottomLandsOnTheTallestColumnsEnd(animation: Double?) {
        let jump = ScriptEvent(at: 0.05, action: .scrollTo(ScrollTarget(destination: .bottom, anchor: .bottom, animationDuration: animation)))
        let config = MasonryAndGridTests.twoColumns(.masonryColumns, count: 41, duration: 0.6, script: [jump])
        let result = Simulation.run(config)
        #expect(result.frames.offset.last == 1408)
        #expect(result.frames.viewID.last == 26)
    }

    /// A stable redistribution keeps only what was viewed: 200 elements of 100 pt in two columns
    /// of a 393 pt screen (180 pt a column), elements 0…15 on screen, turned to 852 pt (four
    /// columns). Elements 0…15 stay in column k mod 2; the 184 never seen are distributed again,
    /// so the two new columns fill up.
    @Test func aStableWidthChangeKeepsOnlyTheViewedElementsColumns() throws {
        var config = MasonryAndGridTests.twoColumns(.masonryColumns, count: 200, duration: 0.3,
                                                    script: [ScriptEvent(at: 0.1, action: .rotate(Size(width: 852, height: 393)))])
        config.stack.masonry.columns = .targetWidth(180)
        config.stack.masonry.redistribution = .stable
        let simulation = MasonryAndGridTests.played(config, frames: 20)
        let masonry = try #require(simulation.player as? MasonryColumnsPlayback).playback.viewport.content
        #expect(masonry.columns.count == 4)
        #expect((0..<16).allSatisfy { Int(masonry.column[$0]) == $0 % 2 })
        let perColumn = (0..<4).map { c in (0..<200).filter { Int(masonry.column[$0]) == c }.count }
        #expect(perColumn[2] > 40 && perColumn[3] > 40, "elements per column \(perColumn)")
    }

    /// A page of one element goes to the shortest column, the leftmost of equal ones, and that
    /// column grows by it: 40 elements of 100 pt in two columns of 2,152 pt, one appended
    /// (element 40 to column 0, 2,260 pt).
    @Test func aPageOfOneElementGrowsItsColumn() throws {
        let page = ScriptEvent(at: 0.05, action: .append(count: 1))
        let config = MasonryAndGridTests.twoColumns(.masonryColumns, count: 40, duration: 0.2, script: [page])
        let simulation = MasonryAndGridTests.played(config, frames: 20)
        let masonry = try #require(simulation.player as? MasonryColumnsPlayback).playback.viewport.content
        #expect(masonry.liveElementCount == 41 && masonry.column[40] == 0)
        #expect(masonry.columns.map(\.trueExtent) == [2260, 2152])
        #expect(masonry.trueExtent == 2260)
    }
}
