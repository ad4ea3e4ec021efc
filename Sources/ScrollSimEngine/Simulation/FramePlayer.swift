/// A run's frame loop as `Simulation` drives it, whatever content it scrolls: `Playback` over
/// one kind of content. `Simulation` holds it as `any FramePlayer`, so the kit and the harness
/// need not name the content; the one dynamic call a frame is `step()`, and everything it does
/// is static (<doc:ContentContract>).
protocol FramePlayer: Sendable {
    var clock: FrameClock { get }
    var frames: FrameSeries { get }
    var frameIndex: Int { get }
    var events: EventLog { get }
    var typeNames: [String] { get }

    /// Plays one frame.
    mutating func step()

    /// Ends the run and summarizes it.
    mutating func finish() -> SimulationResult
}
