import Testing
@testable import ScrollSimEngine

/// What the Layout-protocol masonry pays for its children and what it holds, worked by hand:
/// every child is built at launch (init and body once each), measured once per invalidation,
/// and its memory held for the whole run. Each was found by a generated mutant that passed
/// every engine test.
@Suite struct MasonryLayoutChildrenTests {
    /// A photo of 100 pt whose view holds 1,000 bytes, its state 500, its content 2,000 and its
    /// data 64; init 0.05 ms, body 0.1, layout 0.1, with `jitter`.
    static func photo(jitter: Double = 0) -> ViewTypeSpec {
        Fixtures.cell("photo", costs: ViewTypeSpec.Costs(initMs: 0.05, bodyMs: 0.1, layoutMs: 0.1, renderMs: 0.02, appearMs: 0.01, jitter: jitter),
                      memory: ViewTypeSpec.Memory(view: 1000, state: 500, content: 2000, data: 64))
    }

    /// `count` photos in `columns` (two fixed by default: element k in column k mod 2 at
    /// ⌊k/2⌋ × 108), 8 pt apart, after the launch's `prepare`, with the work it charged.
    static func launched(count: Int = 40, jitter: Double = 0, columns: StackConfig.MasonryConfig.Columns = .fixed(2))
        -> (content: MasonryLayoutContent, work: PhaseWork) {
        var config = Fixtures.config(count: count, types: [photo(jitter: jitter)], kind: .masonryLayout, spacing: 8, script: [])
        config.stack.masonry.columns = columns
        var content = MasonryLayoutContent(config: config.stack, content: config.content, device: config.device, seed: 3, capacity: count)
        var context = FrameContext(eventCapacity: 0, typeCount: 1)
        content.prepare(&context)
        return (content, context.work)
    }

    /// 40 children at launch: 40 × 0.05 ms of init, 40 × 0.1 of body, 40 × 0.1 of layout (one
    /// measuring pass with the cache), and 40 × (1,000 + 500 + 2,000) bytes of views with
    /// 40 × 64 of data: 142,560 bytes, every child off screen until the first frame shows some.
    /// A second `prepare` builds and measures nothing.
    @Test func everyChildIsPaidOnceAtLaunchAndHeld() {
        var (content, work) = Self.launched()
        #expect(abs(work.initialize - 2) < 1e-9 && abs(work.body - 4) < 1e-9 && abs(work.layout - 4) < 1e-9)
        #expect(content.viewBytes == 140_000 && content.dataBytes == 2_560)
        #expect(content.readings.memoryBytes == 142_560 && content.readings.cachedCount == 40)
        var context = FrameContext(eventCapacity: 0, typeCount: 1)
        content.prepare(&context)
        #expect(context.work.initialize == 0 && context.work.body == 0 && context.work.layout == 0)
    }

    /// A jitter of 0.9 draws each charge in base × (1 ± 0.9): over 2,000 children the init
    /// charged stays within a tenth of 2,000 × 0.05 ms (its sum's standard deviation is
    /// about 0.05 × 0.52 × √2,000 = 1.2 ms of 100; a charge divided by its factor instead
    /// would average 1.64 times the base), and the sum is not the unjittered one.
    @Test func aJitteredChargeStaysWithinItsBoundsAroundTheBase() {
        let (_, work) = Self.launched(count: 2000, jitter: 0.9)
        #expect(abs(work.initialize - 100) < 10, "init \(work.initialize) ms")
        #expect(abs(work.layout - 200) < 20, "layout \(work.layout) ms")
        #expect(work.initialize != 100)
    }

    /// Laid out at offset 250 (rows 2…10 of 108 pt on the 852 pt screen: elements 4…21), the
    /// masonry says those are the elements it laid out, and that it is laid out there and only
    /// there; past the content nothing is laid out.
    @Test func layoutSaysWhichElementsItLaidOut() {
        var (content, _) = Self.launched()
        var context = FrameContext(eventCapacity: 0, typeCount: 1)
        let geometry = content.layout(at: 250, constraints: ContentConstraints(viewportExtent: 852), &context)
        #expect(geometry.laidOutElements == 4...21)
        #expect(content.isLaidOut(at: 250) && !content.isLaidOut(at: 251))
        let past = content.layout(at: 5000, constraints: ContentConstraints(viewportExtent: 852), &context)
        #expect(past.laidOutElements == nil)
    }

    /// The footer takes a spacing above it over any content, however short: one element of
    /// 0.5 pt with a 44 pt footer is 0.5 + 8 + 44 = 52.5 pt; over no element it is the footer.
    @Test func theFooterTakesASpacingAboveAnyContent() {
        var config = Fixtures.config(count: 1, types: [Fixtures.cell(height: .absolute(.fixed(0.5)))], kind: .masonryLayout, spacing: 8, script: [])
        config.stack.masonry.columns = .fixed(2)
        var content = MasonryLayoutContent(config: config.stack, content: config.content, device: config.device, seed: 3, capacity: 1)
        content.setFooter(height: 44)
        #expect(content.extent == 44)
        var context = FrameContext(eventCapacity: 0, typeCount: 1)
        content.prepare(&context)
        #expect(content.extent == 52.5)
    }

    /// A width change lays every child out again in the new column count; a change of height
    /// alone measures nothing. 40 photos of 100 pt, 180 pt a column: two columns on the
    /// 393 pt screen (element 5 in column 1 at row 2, y 216), four on 852 pt (column 1, row 1:
    /// y 108), 40 measuring passes of 0.1 ms; then 852 × 500, the same width: no pass.
    @Test func aWidthChangeLaysOutAgainAndAHeightChangeDoesNot() {
        var (content, _) = Self.launched(columns: .targetWidth(180))
        #expect(content.columnCount == 2 && content.frame(ofElement: 5) == (216, 100))
        var turned = FrameContext(eventCapacity: 0, typeCount: 1)
        _ = content.resize(to: Size(width: 852, height: 393), &turned)
        #expect(content.columnCount == 4 && content.frame(ofElement: 5) == (108, 100))
        #expect(abs(turned.work.layout - 4) < 1e-9)
        var taller = FrameContext(eventCapacity: 0, typeCount: 1)
        _ = content.resize(to: Size(width: 852, height: 500), &taller)
        #expect(taller.work.layout == 0 && content.frame(ofElement: 5) == (108, 100))
    }
}
