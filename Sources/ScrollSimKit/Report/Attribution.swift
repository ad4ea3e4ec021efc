import ScrollSimEngine

/// Where a run's over-budget work came from: the report's `summary.byType` (per view type) and
/// `summary.worstFrames` (the ten slowest frames, with what was built in them and the script
/// event in effect). The answer to "which view do I fix?" that the metrics alone do not give.
///
/// Built from a run by `Attribution(result:ids:)` (`Attribution+Build.swift`), written into the
/// report by `ReportBuilder`, and read back from a report by `Attribution(report:)` for the
/// pages and the terminal, so every reader shows what the report holds. Neither section is a
/// metric: their keys differ from one variant of a list to another (type names, frame numbers),
/// so `Report.flatten` skips them and compare never judges them; the pages show them.
public struct Attribution: Equatable, Sendable {
    /// What one view type cost over the run.
    public struct TypeRow: Equatable, Sendable {
        public var name: String
        /// Views of this type built from nothing inside a frame, finished ahead of need by
        /// prefetch, and shown again from the keep-alive cache.
        public var coldBuilds: Int
        public var prefetchedBuilds: Int
        public var fromCache: Int
        /// Main-thread work on behalf of views of this type, by phase name (`PhaseWork.Phase`).
        public var workMs: [String: Double]
        /// Of that work, the part done in frames whose commit overran the budget.
        public var lateWorkMs: Double
        /// The late work by phase name: what the type was doing in the frames that overran.
        public var lateWorkByPhaseMs: [String: Double]
        /// `lateWorkMs` as a fraction of every type's late work (0 when no type has any).
        public var overBudgetShare: Double

        public init(name: String, coldBuilds: Int, prefetchedBuilds: Int, fromCache: Int, workMs: [String: Double],
                    lateWorkMs: Double, lateWorkByPhaseMs: [String: Double] = [:], overBudgetShare: Double) {
            self.name = name
            self.coldBuilds = coldBuilds
            self.prefetchedBuilds = prefetchedBuilds
            self.fromCache = fromCache
            self.workMs = workMs
            self.lateWorkMs = lateWorkMs
            self.lateWorkByPhaseMs = lateWorkByPhaseMs
            self.overBudgetShare = overBudgetShare
        }

        /// All of the type's work, summed in the order of the phase names: a dictionary's order
        /// changes from one process to the next (Swift seeds its hashing per process), and a
        /// sum of doubles in another order can differ in the last bit, which is enough to turn
        /// 93.75 ms into "93.7" on one page and "93.8" on another.
        public var totalWorkMs: Double { workMs.keys.sorted().reduce(0) { $0 + workMs[$1]! } }

        /// The phase this type spent most on, and its ms (nil when it did no work). Phases
        /// within 1e-9 ms of each other tie, and a tie goes to the phase that comes first in a
        /// frame.
        public var dominantPhase: (name: String, ms: Double)? { Self.dominant(workMs) }

        /// The phase that took most of the type's over-budget work (nil when none was late): the
        /// phase to fix. It can differ from `dominantPhase` — a card rendered in every frame
        /// spends most on render over a run, while the frames it made late were prefetching it.
        public var dominantLatePhase: (name: String, ms: Double)? { Self.dominant(lateWorkByPhaseMs) }

        static func dominant(_ byPhase: [String: Double]) -> (name: String, ms: Double)? {
            var best: (name: String, ms: Double)?
            for phase in PhaseWork.Phase.names {
                let ms = byPhase[phase] ?? 0
                if ms > (best?.ms ?? 0) + 1e-9 { best = (phase, ms) }
            }
            return best
        }
    }

    /// One of the slowest frames and what was going on in it.
    public struct WorstFrame: Equatable, Sendable {
        public var frame: Int
        /// When the frame started, ms from the start of the run.
        public var timeMs: Double
        /// Main-thread work (the commit), and the render server's work after it.
        public var workMs: Double
        public var renderServerMs: Double
        /// Vsync intervals it missed.
        public var dropped: Int
        /// The main-thread phase it spent most on (`PhaseWork.Phase`), or `renderServer` when the
        /// render server's work was the longer stage; and that phase's ms.
        public var dominantPhase: String
        public var dominantPhaseMs: Double
        /// Offset corrections made in the frame.
        public var corrections: Int
        /// Views built or laid out in the frame (cold builds, prefetch units, re-layouts, nested
        /// items), counted once per row, by type name.
        public var types: [String: Int]
        /// The elements of those views, in the order of their first event (at most
        /// `Attribution.elementLimit`; `elementCount` is the full number).
        public var elements: [String]
        public var elementCount: Int
        /// The script events in effect: the last one at or before the frame, after the one
        /// before it ("rotate at 9 s, then drag at 9.5 s"); "" before the first.
        public var script: String

        public init(frame: Int, timeMs: Double, workMs: Double, renderServerMs: Double, dropped: Int, dominantPhase: String,
                    dominantPhaseMs: Double, corrections: Int, types: [String: Int], elements: [String], elementCount: Int, script: String) {
            self.frame = frame
            self.timeMs = timeMs
            self.workMs = workMs
            self.renderServerMs = renderServerMs
            self.dropped = dropped
            self.dominantPhase = dominantPhase
            self.dominantPhaseMs = dominantPhaseMs
            self.corrections = corrections
            self.types = types
            self.elements = elements
            self.elementCount = elementCount
            self.script = script
        }

        /// The types built in the frame, most first (ties by name): `[("reel", 2), ("post", 1)]`.
        public var typesByCount: [(name: String, count: Int)] {
            types.map { ($0.key, $0.value) }.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
        }
    }

    /// Types in the order the scenario declares them (section headers last).
    public var types: [TypeRow]
    /// The slowest frames, slowest first.
    public var worstFrames: [WorstFrame]

    public init(types: [TypeRow], worstFrames: [WorstFrame]) {
        self.types = types
        self.worstFrames = worstFrames
    }

    /// How many frames `worstFrames` lists.
    public static let worstFrameCount = 10
    /// How many elements a worst frame lists.
    public static let elementLimit = 8

    /// Event kinds that mean a view was built or laid out in the frame.
    public static let buildKinds: Set<String> = ["build", "prefetchStart", "prefetchFinish", "relayout", "nestedBuild"]
    /// Event kinds that come from the scenario's script.
    public static let scriptKinds: Set<String> = ["fling", "drag", "rotate", "scrollTo", "tap", "environment", "append"]

    /// What an event of a kind means to attribution, by `SimulationEvent.Kind.rawValue`: read
    /// from the two sets above once, so that a run's events (tens of thousands in a long run)
    /// are classified by an index rather than by hashing their names.
    enum Role { case build, script, other }
    static let roles: [Role] = {
        var roles = [Role](repeating: .other, count: Int(SimulationEvent.Kind.allCases.map(\.rawValue).max() ?? 0) + 1)
        for kind in SimulationEvent.Kind.allCases {
            roles[Int(kind.rawValue)] = buildKinds.contains(kind.name) ? .build : scriptKinds.contains(kind.name) ? .script : .other
        }
        return roles
    }()

    /// Types by their share of over-budget work, largest first (types without any left out).
    public var typesByOverBudgetShare: [TypeRow] {
        types.filter { $0.lateWorkMs > 0 }.sorted { $0.lateWorkMs != $1.lateWorkMs ? $0.lateWorkMs > $1.lateWorkMs : $0.name < $1.name }
    }

    /// "rotate at 9 s, then drag at 9.5 s": the last two script events up to a frame, oldest
    /// first, each with the time of the frame that applied it.
    static func scriptText(_ recent: [(kind: String, timeMs: Double)]) -> String {
        recent.map { "\($0.kind) at \(DisplayFormat.seconds($0.timeMs))" }.joined(separator: ", then ")
    }
}
