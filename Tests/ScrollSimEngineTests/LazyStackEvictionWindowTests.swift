import Testing
@testable import ScrollSimEngine

/// Eviction spares what prefetch still wants: a cached row inside the prefetch window is kept
/// past its keep-alive, and only destroyed once it is outside the window.
@Suite struct LazyStackEvictionWindowTests {
    /// 100 rows of 100 pt that cost nothing, a keep-alive of 30 frames, prefetch one viewport
    /// (852 pt) ahead. A drag toward the end at 1140 pt/s moves 9.5 pt a frame, so row k leaves
    /// at the top in frame f(k) = ceil(100·(k+1)/9.5) — 11, 22, 32, 43, 53, 64, 74, 85, 95, 106,
    /// 116 — is cached, and (the window being below the viewport) destroyed in frame f(k) + 30:
    /// rows 0…7 by frame 115. At 1 s (frame 120, offset 1140) the drag reverses at −114 pt/s
    /// (0.95 pt a frame): the window is now the 852 pt above the viewport, rows 2…10, which
    /// holds rows 8, 9 and 10, cached in frames 95, 106 and 116. Row 8's keep-alive runs out in
    /// frame 125 and row 9's in frame 136 counted from leaving the screen, while the slow drag
    /// (about 29 pt by then) has not brought them back into view: they must stay, every frame the
    /// window holds them — their keep-alive clocks are held there and start only when the window
    /// leaves them (PrefetchKeepAliveAndState).
    @Test func aCachedRowInThePrefetchWindowOutlivesItsKeepAlive() throws {
        let config = Oracle.config(
            count: 100, types: [Oracle.type(view: 1000)], duration: 1.5,
            prefetch: PrefetchConfig(enabled: true, distance: 1, policy: .chunked, marginMs: 1),
            keepAlive: KeepAliveConfig(duration: .frames(30), maxViews: 64),
            script: [Oracle.drag(at: 0, 1140, for: 1), Oracle.drag(at: 1, -114, for: 0.5)]
        )
        var simulation = Simulation(config: config)
        var windows: [LazyStack.RowSpan] = []
        var expiredButKept = 0
        // The frame each row last left the screen.
        var leftAt: [Int: Int] = [:]
        var seen = 0
        while !simulation.isFinished {
            simulation.step()
            let events = simulation.events.events
            for event in events[seen...] where event.kind == .disappear { leftAt[Int(event.row)] = Int(event.frame) }
            seen = events.count
            let stack = simulation.stack
            let window = stack.prefetcher.window
            windows.append(window)
            if !window.isEmpty {
                for row in window.first...window.last where stack.states.phase[row] == .cached {
                    #expect(stack.states.keepAliveClock(of: row).isHeld, "row \(row) in the window has a running clock")
                    if let left = leftAt[row], simulation.frameIndex - 1 - left >= 30 { expiredButKept += 1 }
                }
            }
        }
        let result = simulation.finish()
        let releases = result.events.filter { $0.kind == .release }
        // The forward drag destroys rows 0…7 (the keep-alive is exercised at all) …
        #expect(Array(releases.map(\.row).prefix(8)) == Array(0..<8))
        // … and after the reversal some cached row sits in the window past its keep-alive.
        #expect(expiredButKept > 0, "no cached row outlived its keep-alive inside the window")
        for release in releases {
            let window = try #require(windows.indices.contains(Int(release.frame)) ? windows[Int(release.frame)] : nil)
            #expect(!window.contains(Int(release.row)), "row \(release.row) destroyed in frame \(release.frame) inside the window \(window)")
        }
    }
}
