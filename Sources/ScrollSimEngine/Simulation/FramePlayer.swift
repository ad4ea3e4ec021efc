/// A run's frame loop as `Simulation` drives it, whatever content it scrolls: `Playback` over
/// one kind of content. `Simulation` holds it as `any FramePlayer`, so the kit and the harness
/// need not name the content; the one dynamic call a frame is `step()`, and everything it does
/// is static (<doc:ContentContract>).
protocol FramePlayer: Sendable {
    var clock: FrameClock { get }
    var frames: FrameSeries { get }
    var frameIndex: Int { get }
    var events: EventLog { get }
    /// How many events the run has logged: read without copying the log (the harness asks
    /// every frame, and a copy retains and releases the log's buffer).
    var eventCount: Int { get }
    var typeNames: [String] { get }

    /// Plays one frame.
    mutating func step()

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
    var frameIndex: Int { playback.frameIndex }
    var events: EventLog { playback.events }
    var eventCount: Int { playback.context.events.events.count }
    var typeNames: [String] { playback.typeNames }
    mutating func step() { playback.step() }
    mutating func finish() -> SimulationResult { playback.finish() }
}
