import ScrollSimKit

/// What the replay knows of each row at each frame, derived from the report alone: the state
/// of every row the event log names (on screen, prefetched, kept alive, released), changed only
/// by its events, so that the rows the replay shows as resident at a frame are exactly the rows
/// the report's events leave resident there. No new field is needed in the report.
///
/// The state machine, one row at a time, in the log's order within a frame:
/// - `build` (built inside a frame: a cold build, or an eager stack building everything at
///   launch): resident off screen until an `appear`;
/// - `prefetchStart` / `prefetchFinish`: being prefetched / prefetched (built ahead of need);
///   `prefetchAbandon`: back to not resident;
/// - `appear`: on screen; `disappear`: kept alive (off screen, still resident);
/// - `evict` (a prefetched row that left the prefetch window unseen goes to the keep-alive
///   cache): kept alive; `release` (the view destroyed): released (its height stays measured).
///
/// An eager stack (a `VStack`, or a lazy stack that does not load lazily) calls every child's
/// `onAppear` at launch, so there `appear` means built, not on screen: the rows on screen are
/// then the frame's topmost visible row (the `viewID` column) and the `visible` rows after it
/// (`Replay` adds those changes).
struct ReplayTrack: Sendable {
    /// A row's state; the raw value is what the page's data and `data-state` carry.
    enum State: Int, CaseIterable, Sendable {
        /// Never built yet: the stack knows its height only by estimate.
        case estimated = 0
        case prefetching = 1
        case prefetched = 2
        case onScreen = 3
        /// Resident off screen: kept alive after leaving, or built by an eager stack and not
        /// shown yet.
        case keptAlive = 4
        case released = 5

        /// The name the page shows and its DOM carries (`data-state`).
        var name: String {
            switch self {
            case .estimated: return "estimated"
            case .prefetching: return "prefetching"
            case .prefetched: return "prefetched"
            case .onScreen: return "on screen"
            case .keptAlive: return "kept alive"
            case .released: return "released"
            }
        }

        /// Whether a view of the row exists at this state.
        var isResident: Bool { self == .prefetching || self == .prefetched || self == .onScreen || self == .keptAlive }

        /// The state an event leaves a row in, nil for an event that does not change it.
        init?(event kind: String) {
            switch kind {
            case "build": self = .keptAlive
            case "prefetchStart": self = .prefetching
            case "prefetchFinish": self = .prefetched
            case "prefetchAbandon": self = .estimated
            case "appear": self = .onScreen
            case "disappear": self = .keptAlive
            case "evict": self = .keptAlive
            case "release": self = .released
            default: return nil
            }
        }
    }

    /// Each correction or jump: its frame, its size in points (signed: positive moves content
    /// down), and whether it was a jump of visible content (`visibleJump`) or an offset
    /// correction.
    var corrections: [(frame: Int, px: Double, jump: Bool)]

    /// The corrections and jumps of `events` (the state changes are `Replay.changes`).
    init(events: [Report.Event]) {
        var corrections: [(frame: Int, px: Double, jump: Bool)] = []
        for event in events where event.kind == "correction" || event.kind == "visibleJump" {
            corrections.append((event.frame, event.value, event.kind == "visibleJump"))
        }
        self.corrections = corrections
    }
}
