/// A run: the frame clock, the scroll physics, the content and the script, advanced one frame
/// at a time.
///
/// ```swift
/// var simulation = Simulation(config: config)
/// while !simulation.isFinished { simulation.step() }
/// let result = simulation.finish()
/// ```
///
/// The frame loop itself is `Playback`, generic over the kind of content the configuration's
/// `stack.kind` asks for and specialised for each (`Simulation+Content.swift` is the one place
/// that names the kinds). A `Simulation` holds it behind `FramePlayer`, so callers need not
/// name the content: one dynamic call a frame enters the loop, and every call inside it is
/// static. `step()` allocates nothing once the run has started: every buffer is sized for the
/// whole run up front.
public struct Simulation: Sendable {
    public let config: SimulationConfig
    /// The run's frame loop over its content.
    private(set) var player: any FramePlayer

    /// A scenario's run carries on when the layout loop runs out of passes, in a debug build
    /// too, and records the frame (`unsettledFrames`, an `unsettled` event): bad luck in a
    /// user's list is not a crash. The two valid cases that reached it settle now: reference
    /// seed 392, a jump to a far offset that kept the stack anchored on a row of the previous
    /// screen (the stack anchors on the row at the offset), and property-test seed 415, an
    /// initial estimate of 0 and the list placed at its bottom with rows of up to 100,000 pt
    /// (a stack placed at its bottom measures from the last row upward).
    /// - Complexity: O(n) to build the rows and index.
    /// - Parameter recordingCostDraws: record every build cost drawn (`CostDraw`, for ScrollSim's
    ///   own trace); the run is otherwise the same.
    public init(config: SimulationConfig, recordingCostDraws: Bool = false) {
        self.init(config: config, recordingCostDraws: recordingCostDraws, stopsWhenUnsettled: false)
    }

    /// A run whose debug build stops when the layout loop runs out of passes
    /// (`stopsWhenUnsettled` true: `Viewport.stopsWhenUnsettled`), for looking into one.
    init(config: SimulationConfig, recordingCostDraws: Bool, stopsWhenUnsettled: Bool) {
        precondition(config.duration > 0, "duration \(config.duration) must be positive")
        self.config = config
        player = Simulation.makePlayer(config, recordingCostDraws: recordingCostDraws, stopsWhenUnsettled: stopsWhenUnsettled)
        status = player.status
        endMs = config.duration * 1000 - Tolerance.milliseconds
    }

    /// Where the run is, as the last frame left it: the run loop and the harness ask for the
    /// frame index, the clock and the event count every frame, and each question through the
    /// player would be a dynamic call.
    private var status: FrameStatus
    /// When the run ends (`isFinished` once the clock reaches it).
    private let endMs: Double

    /// The names of the view types work is attributed to: the content's types, then the section
    /// header's.
    public var typeNames: [String] { player.typeNames }

    /// The frames played so far.
    public var frames: FrameSeries { player.frames }

    /// How many frames have been played.
    public var frameIndex: Int { status.frameIndex }

    /// The run's events so far.
    public var events: EventLog { player.events }

    /// How many events the run has logged so far (`events.events.count`, without copying the log).
    public var eventCount: Int { status.eventCount }

    /// Whether an event logged from index `start` on is of a kind `matches` accepts: a look at
    /// the frame's new events without copying the log (what `events` does).
    /// - Complexity: O(events since `start`).
    public func logged(since start: Int, _ matches: (SimulationEvent.Kind) -> Bool) -> Bool {
        player.logged(since: start, matches)
    }

    /// The frame clock (for tests that follow the vsync ticks).
    var clock: FrameClock { player.clock }

    /// When the next frame starts, in ms from the start of the run.
    public var nowMs: Double { status.nowMs }

    public var isFinished: Bool { status.nowMs >= endMs }

    /// Plays one frame.
    /// - Complexity: O(v log n) for v resident rows.
    public mutating func step() {
        precondition(!isFinished, "step() after the run finished")
        status = player.step()
    }

    /// Ends the run and summarizes it.
    public mutating func finish() -> SimulationResult {
        let result = player.finish()
        status = player.status
        return result
    }

    /// Runs a configuration to the end.
    public static func run(_ config: SimulationConfig, recordingCostDraws: Bool = false) -> SimulationResult {
        run(config, recordingCostDraws: recordingCostDraws, stopsWhenUnsettled: false)
    }

    /// Runs a configuration to the end (`init(config:recordingCostDraws:stopsWhenUnsettled:)`).
    static func run(_ config: SimulationConfig, recordingCostDraws: Bool = false, stopsWhenUnsettled: Bool) -> SimulationResult {
        var simulation = Simulation(config: config, recordingCostDraws: recordingCostDraws, stopsWhenUnsettled: stopsWhenUnsettled)
        while !simulation.isFinished { simulation.step() }
        return simulation.finish()
    }
}
