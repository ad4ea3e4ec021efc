import Testing
@testable import ScrollSimEngine

/// A pinned header's onAppear and onDisappear. While pinned it stays on screen (visible) though
/// its natural place has scrolled away, and appears once; a header that stops being pinned and
/// is off screen disappears. So, every frame of a drag across many sections: the pinned header
/// is visible, every visible row is in the visible range or is the pinned header, and over the
/// run each row's appear and disappear events alternate, starting with an appear. Found by
/// generated mutants that built the header only when it was already in the range, made it
/// appear again while visible, and kept a header visible after the next one took its place:
/// the pinned-header tests checked the formula for its place, not its appearances.
@Suite struct PinnedHeaderAppearanceTests {
    @Test(arguments: [2000.0, -2000.0])
    func aPinnedHeaderIsOnScreenAndAppearsOnce(velocity: Double) {
        let header = Fixtures.cell("header", height: .absolute(.fixed(44)))
        let photo = Fixtures.cell("photo", height: .absolute(.uniform(min: 120, max: 400)))
        var script = [Oracle.drag(at: 0.1, abs(velocity), for: 2)]
        if velocity < 0 {
            script.append(Oracle.drag(at: 2.3, velocity, for: 1.5))
        }
        let config = Fixtures.config(count: 300, types: [photo], spacing: 4, duration: 4, script: script,
                                     sections: SectionsConfig(every: 5, header: header), pinnedHeaders: true)
        var simulation = Simulation(config: config)
        var pinnedFrames = 0
        while !simulation.isFinished {
            simulation.step()
            let stack = simulation.stack
            let pinned = stack.pinnedHeader
            if pinned >= 0 {
                #expect(stack.states.phase[pinned] == .visible, "header \(pinned) pinned but \(stack.states.phase[pinned])")
                if pinned < stack.firstVisible { pinnedFrames += 1 }
            }
            for r in stack.states.residents.map(Int.init) where stack.states.phase[r] == .visible {
                #expect((stack.firstVisible...stack.lastVisible).contains(r) || r == pinned, "row \(r) visible outside \(stack.firstVisible)...\(stack.lastVisible), pinned \(pinned)")
            }
        }
        #expect(pinnedFrames > 50, "a header is pinned above the visible range")
        var shown: [Int32: Bool] = [:]
        for event in simulation.finish().events where event.kind == .appear || event.kind == .disappear {
            let appearing = event.kind == .appear
            #expect(shown[event.row, default: false] != appearing, "row \(event.row): \(event.kind) at frame \(event.frame)")
            shown[event.row] = appearing
        }
    }
}
