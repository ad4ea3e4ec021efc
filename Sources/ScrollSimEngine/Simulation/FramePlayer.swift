/// A run's frame loop as `Simulation` drives it, whatever content it scrolls: `Playback` over
/// one kind of content. `Simulation` holds it as `any FramePlayer`, so the kit and the harness
/// need not name the content; the one dynamic call a frame is `step()`, and everything it does
/// is static (<doc:ContentContract>).
protocol FramePlayer: Sendable {
    var clock: FrameClock { get }
    var frames: FrameSeries { get }
    var events: EventLog { get }
    var typeNames: [String] { get }

    /// Where the run is: frames played, the clock, events logged.
    var status: FrameStatus { get }

    /// Whether an event logged from index `start` on is of a kind `matches` accepts, read in
    /// the log itself (`events` copies it: a retain and a release).
    func logged(since start: Int, _ matches: (SimulationEvent.Kind) -> Bool) -> Bool

    /// Plays one frame and says where the run now is (what the caller would otherwise ask
    /// for through the existential, property by property, every frame).
    mutating func step() -> FrameStatus

    /// Ends the run and summarizes it.
    mutating func finish() -> SimulationResult
}

/// A `FramePlayer` that is a `Playback` over one named kind of content (`StackPlayback`,
/// `MasonryColumnsPlayback`, `MasonryLayoutPlayback`: `Simulation+Content.swift`).
///
/// Why a wrapper per kind, and not `Playback<Content>: FramePlayer`: a generic type's conformance
/// has one set of witnesses for every `Content`, and they run the *unspecialised* loop, which
/// looks up type metadata and copies the viewport through value witnesses every frame (a
/// profile of the 10,000-row feed showed `swift_getGenericMetadata` and a `memmove` of the
/// playback under `step()`, a quarter of the frame). A wrapper's conformance is concrete, so its
/// witnesses call `Playback<LazyStack>.step()` and the rest specialised.
protocol KindPlayback: FramePlayer {
    associatedtype Content: PlayedContent
    var playback: Playback<Content> { get set }
}

extension KindPlayback {
    var clock: FrameClock { playback.clock }
    var frames: FrameSeries { playback.frames }
    var events: EventLog { playback.events }
    var typeNames: [String] { playback.typeNames }
    /// The event count is read without copying the log (a copy retains and releases its buffer).
    var status: FrameStatus {
        FrameStatus(frameIndex: playback.frameIndex, nowMs: playback.clock.nowMs, eventCount: playback.context.events.events.count)
    }
    /// Inlined into each kind's witness: called, the witness copied the whole playback (3.6 KB
    /// for a stack) to pass it, a `memmove` on every frame that logged an event (2 % of the
    /// 10,000-row feed's profile, under `Simulation.logged`).
    @inline(__always)
    func logged(since start: Int, _ matches: (SimulationEvent.Kind) -> Bool) -> Bool {
        // Read through the property each time: a local copy of the array would retain it.
        let count = playback.context.events.events.count
        guard start < count else { return false }
        for i in start..<count where matches(playback.context.events.events[i].kind) { return true }
        return false
    }
    mutating func step() -> FrameStatus {
        playback.step()
        return status
    }
    mutating func finish() -> SimulationResult { playback.finish() }
}

/// Where a run is after a frame, as `Simulation` keeps it between frames: the harness and the
/// run loop ask for these every frame.
struct FrameStatus: Equatable, Sendable {
    var frameIndex: Int
    var nowMs: Double
    var eventCount: Int
}
