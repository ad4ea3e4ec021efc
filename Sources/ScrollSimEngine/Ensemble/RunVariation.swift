/// What varies from one run of an ensemble to the next, beyond the cost draws (which always
/// do): where each script event falls against the display's vsync, and, when the scenario
/// declares it, the user's own variation.
///
/// Each source is a real one:
/// - **Touch phase.** Touches, network replies and rotation notifications are not aligned with
///   the display: an event arrives at some moment of a frame interval, and the first frame
///   after that moment is the one that sees it. A drag or fling is timed from the touch, so the
///   first frame that shows it has already moved by the part of the interval since. A run draws,
///   for each distinct instant of the script, a moment uniformly within the frame interval that
///   starts at the written time (`u · period`, u in [0, 1)). Events the script lists at one
///   instant share the draw, so they stay together and in the order given.
/// - **The user's start time** (`startMs`, off by default): each instant moves by a uniform draw
///   in `±startMs` (never before 0 and never before the previous event: the script keeps its
///   order).
/// - **The user's speed** (`velocity`, off by default): each drag's and fling's velocity is
///   multiplied by a uniform draw in `1 ± velocity`.
///
/// The content — each element's type and height — is the list's data, and is the same in every
/// run: an ensemble asks how this list behaves, not how a different list would.
public struct RunVariation: Equatable, Sendable {
    /// Whether each instant of the script is drawn within its frame interval.
    public var touchPhase: Bool
    /// The relative spread of a drag's or fling's velocity: 0.1 draws within ±10 %.
    public var velocity: Double
    /// The spread of each instant of the script, ms: 50 draws within ±50 ms.
    public var startMs: Double

    public init(touchPhase: Bool = true, velocity: Double = 0, startMs: Double = 0) {
        self.touchPhase = touchPhase
        self.velocity = velocity
        self.startMs = startMs
    }

    /// What an ensemble varies unless the scenario says otherwise: the touch phase alone.
    public static let standard = RunVariation()

    /// Nothing moves: the written script, exactly.
    public static let none = RunVariation(touchPhase: false)

    /// Whether any event can move or change speed.
    public var movesScript: Bool { touchPhase || velocity > 0 || startMs > 0 }
}
