import Testing
@testable import ScrollSimEngine

/// ScrollPosition read-back, defaultScrollAnchor, chats anchored at the bottom, scroll effects
/// and scroll-position observers.
@Suite struct ScrollPositionTests {
    /// A chat of 5,000 wrapped messages that opens at its last message, is scrolled up by the
    /// user, receives a message, and jumps to the latest (animated), with the position's anchor
    /// at the bottom.
    func chat(script: [ScriptEvent], count: Int = 5000) -> SimulationConfig {
        let message = Fixtures.cell("message", height: .text(.init(chars: .uniform(min: 10, max: 500), lineHeight: 20, base: 24)))
        var config = Fixtures.config(count: count, types: [message], spacing: 6, duration: 4, script: script)
        config.stack.scrollPosition = ScrollPositionConfig(anchor: .bottom, defaultAnchor: .init(all: .bottom))
        return config
    }

    static let session: [ScriptEvent] = [
        ScriptEvent(at: 0.5, action: .drag(velocity: -2500, duration: 0.8, flingOnRelease: false)),
        ScriptEvent(at: 1.6, action: .append(count: 1)),
        ScriptEvent(at: 2.2, action: .scrollTo(ScrollTarget(destination: .element(5000), anchor: .bottom, animationDuration: 0.4))),
    ]

    @Test func aChatOpensAtItsLastMessageAndJumpsBackToTheLatest() {
        let result = Simulation.run(chat(script: Self.session))
        let f = result.frames
        // First frame: the last message, at the bottom, not placed by the user.
        #expect(f.viewID[0] == 4999)
        #expect(!f.positionedByUser[0])
        #expect(result.summary.launch.frames == 1)
        // While scrolled up: another message at the bottom anchor, positioned by the user.
        let scrolledUp = f.timeMs.firstIndex { $0 >= 1500 } ?? 0
        #expect(f.viewID[scrolledUp] < 4990)
        #expect(f.positionedByUser[scrolledUp])
        // The appended message (element 5000) did not move the user's position.
        let afterAppend = f.timeMs.firstIndex { $0 >= 1700 } ?? 0
        #expect(f.viewID[afterAppend] == f.viewID[scrolledUp])
        // After jump to latest: the new last message, positioned by the app.
        #expect(f.viewID.last == 5000)
        #expect(f.positionedByUser.last == false)
        #expect(result.summary.totals.scrollTo.landingErrorPx < 0.5)
    }

    /// Opening at the bottom places the content: the 4,999 estimated messages above the last one
    /// move its position as the bottom is measured, but nothing was on screen to keep in place,
    /// so none of it is an offset correction — with no script at all, the run books none, in
    /// frame 0 or after, and the first frame shows the last message.
    @Test func placingTheInitialAnchorIsNotACorrection() {
        let result = Simulation.run(chat(script: []))
        #expect(result.frames.viewID[0] == 4999)
        #expect(result.summary.totals.scrolling.offsetCorrections == 0)
        #expect(result.summary.totals.scrolling.correctionPx == 0)
        #expect(result.frames.correctionPx.allSatisfy { $0 == 0 })
        #expect(!result.events.contains { $0.kind == .correction })
    }

    @Test func aMessageArrivingAtTheBottomKeepsTheChatAtTheBottom() {
        let result = Simulation.run(chat(script: [ScriptEvent(at: 0.5, action: .append(count: 3))]))
        // Still at the bottom after the append: the newest message is at the anchor.
        #expect(result.frames.viewID.last == 5002)
        #expect(result.summary.totals.scrollTo.count == 0, "the scroll view's own placement is not a scrollTo")
    }

    @Test func smallContentIsAlignedAsAsked() {
        // 3 messages in an 852 pt viewport, centered: the content sits (852 − height)/2 down.
        var config = chat(script: [], count: 3)
        config.stack.scrollPosition.defaultAnchor = .init(alignment: .center)
        var simulation = Simulation(config: config)
        while !simulation.isFinished { simulation.step() }
        let stack = simulation.stack
        let height = stack.index.totalHeight
        #expect(abs(-stack.offset - (852 - height) / 2) < 1e-9)
    }

    @Test func theProgrammaticEdgeIsDroppedOnceTheUserScrolls() {
        let script = [ScriptEvent(at: 0.2, action: .scrollTo(ScrollTarget(destination: .top))),
                      ScriptEvent(at: 0.6, action: .drag(velocity: 1000, duration: 0.2, flingOnRelease: false))]
        let result = Simulation.run(chat(script: script))
        let afterScroll = result.frames.timeMs.firstIndex { $0 >= 300 } ?? 0
        #expect(result.frames.atEdge[afterScroll] == 1)
        #expect(result.frames.atEdge.last == 0)
        #expect(result.frames.positionedByUser.last == true)
    }

    // MARK: Scroll effects

    func cards(_ transition: ViewTypeSpec.Transition) -> SimulationResult {
        var card = Fixtures.cell("card", height: .absolute(.fixed(240)))
        card.transition = transition
        return Simulation.run(Fixtures.config(count: 400, types: [card], spacing: 12, duration: 3,
                                              script: [Fixtures.fling(at: 0.2, 4000), Fixtures.fling(at: 1.8, -3000)]))
    }

    @Test func anOffsetTransitionPopsViewsAndAScaleDoesNot() {
        let scale = cards(.scale)
        let offset = cards(.offset(points: 80))
        #expect(scale.summary.totals.memory.poppedViews == 0)
        #expect(offset.summary.totals.memory.poppedViews > 10)
        #expect(offset.frames.poppedViews.reduce(0, +) == offset.summary.totals.memory.poppedViews)
        // Each popped view was at most 80 pt on screen when unloaded.
        #expect(offset.events.filter { $0.kind == .popped }.allSatisfy { $0.value > 0 && $0.value <= 80 })
        #expect(cards(.rotation(degrees: 25)).summary.totals.memory.poppedViews > 0)
    }

    /// A view counts as popped only when more than the 0.001 pt tolerance of it still shows: rows
    /// of 100 pt with no spacing, an instant `scrollTo` offset 100 puts row 0's bottom exactly on
    /// the screen's top, so an offset transition of `points` leaves exactly `points` of it on
    /// screen as it is unloaded. At 0.001 (the tolerance) that is nothing; at 0.002 it is one
    /// popped view, 0.002 pt of it showing. Found by a generated mutant that counted a view
    /// showing exactly the tolerance and passed every test.
    @Test func aViewShowingNoMoreThanTheTolerancePopsNothing() throws {
        func popped(_ points: Double) -> SimulationResult {
            var card = Fixtures.cell("card", height: .absolute(.fixed(100)))
            card.transition = .offset(points: points)
            let jump = ScriptEvent(at: 0.1, action: .scrollTo(ScrollTarget(destination: .offset(100), anchor: .top, animationDuration: nil)))
            return Simulation.run(Fixtures.config(count: 40, types: [card], spacing: 0, duration: 0.2, script: [jump]))
        }
        let atTolerance = popped(0.001), above = popped(0.002)
        #expect(atTolerance.frames.offset.last == 100 && above.frames.offset.last == 100)
        #expect(atTolerance.summary.totals.memory.poppedViews == 0)
        #expect(above.summary.totals.memory.poppedViews == 1)
        let event = try #require(above.events.first { $0.kind == .popped })
        #expect(event.row == 0 && abs(event.value - 0.002) < 1e-12)
    }

    /// A row that leaves at the bottom pops when its transition reaches back up into view: rows
    /// of 100 pt, no spacing, a 20 pt offset transition, the viewport 852 pt high. A jump to 100
    /// shows rows 1…9 (row 9's top at 900), and row 0, its bottom on the top edge, pops with all
    /// 20 pt showing. A jump back to 40 puts row 9's top 8 pt below the screen's bottom: 12 pt of
    /// it show as it is unloaded. Back to 48 instead, its top is exactly on the bottom edge (out
    /// of the range): all 20 pt show. Found by generated mutants that left a top on the edge out,
    /// measured the reach from the wrong side, and logged the whole reach: only rows leaving at
    /// the top were worked by hand.
    @Test(arguments: [(40.0, 12.0), (48.0, 20.0)])
    func aRowLeavingAtTheBottomPopsByWhatItsTransitionShows(back: Double, showing: Double) throws {
        var card = Fixtures.cell("card", height: .absolute(.fixed(100)))
        card.transition = .offset(points: 20)
        let jumps = [100.0, back].enumerated().map { i, y in
            Oracle.scrollTo(at: 0.1 + 0.1 * Double(i), .offset(y))
        }
        let result = Simulation.run(Fixtures.config(count: 40, types: [card], spacing: 0, duration: 0.3, script: jumps))
        #expect(result.frames.offset.last == back)
        let popped = result.events.filter { $0.kind == .popped }
        #expect(popped.map(\.row) == [0, 9])
        #expect(popped.map(\.value) == [20, showing], "\(popped)")
    }

    // MARK: Observers

    /// Stale estimates after a rotation are corrected on the way back up. An observer reading the
    /// absolute offset is called every frame of the scroll; one watching an element's visibility
    /// far less often. A spurious change is a frame whose correction alone carried the offset
    /// across the boundary: worked out here independently of the observer, from the offset
    /// column and the signed correction events of each frame. A boundary placed in the middle of
    /// the largest correction is crossed by it (at least one spurious change, exactly as many as
    /// the frames say); a boundary no offset reaches gives none, with the same corrections.
    @Test func aGeometryObserverFlipsOnlyWhereACorrectionCrossesItsBoundary() throws {
        func run(_ observer: ScrollPositionConfig.Observer) -> SimulationResult {
            let step = Fixtures.cell("step", height: .text(.init(chars: .uniform(min: 120, max: 900), lineHeight: 20, base: 180)))
            var config = Fixtures.config(count: 800, types: [step], spacing: 8, duration: 8, script: [
                Fixtures.fling(at: 0.2, 6000), ScriptEvent(at: 2.5, action: .rotate(Size(width: 852, height: 393))),
                ScriptEvent(at: 3, action: .drag(velocity: -1500, duration: 4.5, flingOnRelease: false)),
            ])
            config.stack.scrollPosition.observer = observer
            return Simulation.run(config)
        }
        func corrections(_ result: SimulationResult) -> [Int: Double] {
            var byFrame: [Int: Double] = [:]
            for event in result.events where event.kind == .correction { byFrame[Int(event.frame), default: 0] += event.value }
            return byFrame
        }
        func flips(_ result: SimulationResult, boundary: Double) -> Int {
            corrections(result).filter { frame, c in
                frame > 0 && (result.frames.offset[frame] > boundary) != (result.frames.offset[frame] - c > boundary)
            }.count
        }
        let unreachable = run(.geometry(boundary: 1e9))
        #expect(unreachable.summary.totals.scrolling.offsetCorrections > 0)
        #expect(unreachable.summary.totals.observer.spuriousChanges == 0)
        let (frame, largest) = try #require(corrections(unreachable).filter { $0.key > 0 }.max { abs($0.value) < abs($1.value) })
        let boundary = unreachable.frames.offset[frame] - largest / 2
        let crossed = run(.geometry(boundary: boundary))
        #expect(crossed.summary.totals.scrolling.offsetCorrections == unreachable.summary.totals.scrolling.offsetCorrections)
        #expect(crossed.summary.totals.observer.callbacks == unreachable.summary.totals.observer.callbacks)
        #expect(crossed.summary.totals.observer.spuriousChanges >= 1)
        #expect(crossed.summary.totals.observer.spuriousChanges == flips(crossed, boundary: boundary))
        let visibility = run(.visibility(element: 8))
        #expect(unreachable.summary.totals.observer.callbacks > visibility.summary.totals.observer.callbacks)
        #expect(visibility.summary.totals.observer.spuriousChanges == 0)
    }

    /// 100 rows of 100 pt estimated at 100 (nothing to correct), an 852 pt viewport and a visibility
    /// observer on element 20. Frame 0 shows elements 0…8: a callback, answer "not past" (the
    /// first answer is not judged). At 0.1 s (frame 12) an instant scrollTo puts element 50 at
    /// the top: elements 50…58 show, element 20 is above the viewport, the answer flips — the
    /// content moved, so the flip is a true answer, not a spurious one. 2 callbacks, 0 spurious
    /// changes; and the frame is not one of scroll interaction (movingSeconds 0).
    @Test func anInstantJumpPastTheWatchedElementIsNotSpurious() {
        var config = Oracle.config(count: 100, duration: 0.2, initialEstimate: 100, script: [Oracle.scrollTo(at: 0.1, .element(50))])
        config.stack.scrollPosition.observer = .visibility(element: 20)
        let result = Simulation.run(config)
        #expect(result.frames.offset[11] == 0 && result.frames.offset[12] == 5000)
        #expect(result.summary.totals.observer.callbacks == 2)
        #expect(result.summary.totals.observer.spuriousChanges == 0)
        #expect(result.summary.movingSeconds == 0)
    }
}
