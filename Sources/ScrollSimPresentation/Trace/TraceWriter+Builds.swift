import ScrollSimEngine
import ScrollSimKit

/// The build lane of ScrollSim's own trace: each view build's init, body and layout as drawn,
/// one complete event each on thread 4 ("View builds"), named `TYPE.PHASE` (`photo.body`),
/// category `build` (a cold build inside the frame) or `prefetch` (drawn when a prefetch
/// started), with `args` `{type, element, phase, frame}`. Laid end to end from the frame's tick
/// (after the previous frame's, when those ran past it): the lane shows what each build cost,
/// not when within the frame it ran. `scrollsim calibrate` reads these slices back (a name
/// `TYPE.PHASE` maps itself), which is how the round trip checks the fit.
///
/// Reports know nothing of it: the lane comes from a second run that records the draws
/// (`Simulation(config:recordingCostDraws:)`), made only when a trace is written from a run.
extension TraceWriter {
    public struct BuildSlice: Equatable, Sendable {
        public var frame: Int
        public var type: String
        /// The element as reports name it (an index or a data file's id), or "" for a header.
        public var element: String
        /// `init`, `body` or `layout`.
        public var phase: String
        public var ms: Double
        public var prefetch: Bool
    }

    static let buildThread = 4

    /// The build slices of a run that recorded its cost draws.
    static func buildSlices(_ result: SimulationResult, ids: [String]?) -> [BuildSlice] {
        result.costDraws.map { draw in
            let type = Int(draw.type) < result.typeNames.count && draw.type >= 0 ? result.typeNames[Int(draw.type)] : ""
            let element = draw.element < 0 ? "" : ids.map { ReportBuilder.elementID(Int(draw.element), $0) } ?? String(draw.element)
            return BuildSlice(frame: Int(draw.frame), type: type, element: element, phase: draw.phase.name, ms: draw.ms, prefetch: draw.prefetch)
        }
    }

    /// The trace of `report` with its build lane.
    /// - Throws: `ScrollSimError` if the report's frames or events cannot be read.
    public static func trace(_ report: Report, range: TraceRange? = nil, builds: [BuildSlice]) throws -> String {
        let frames = try report.frames()
        let events = try report.events(frameCount: frames.count)
        return trace(name: report.scenarioName, frames: frames, events: events, range: range.map { $0.frames(in: frames) } ?? 0..<frames.count, builds: builds)
    }

    /// The build lane's events of frame `frame` starting at `start` (ns), laid from `cursor`.
    static func buildEvents(_ slices: ArraySlice<BuildSlice>, start: Int64, cursor: inout Int64) -> [(ts: Int64, event: TraceObject)] {
        var out: [(ts: Int64, event: TraceObject)] = []
        var at = max(start, cursor)
        for slice in slices {
            let dur = nanoseconds(slice.ms)
            var event = TraceObject.event("X", tid: buildThread)
            event.micros("ts", at)
            event.micros("dur", dur)
            event.string("name", "\(slice.type).\(slice.phase)")
            event.string("cat", slice.prefetch ? "prefetch" : "build")
            var args = TraceObject()
            args.string("type", slice.type)
            args.string("element", slice.element)
            args.string("phase", slice.phase)
            args.integer("frame", slice.frame)
            event.object("args", args)
            out.append((at, event))
            at += dur
        }
        cursor = at
        return out
    }
}

extension Scenario {
    /// Plays the scenario again recording its cost draws: the build lane of its trace. For an
    /// ensemble's report, `run` is the representative run (`EnsembleReport.representativeRun`),
    /// whose frames the report holds, and that run is played again.
    public func buildSlices(run: Int? = nil) -> [TraceWriter.BuildSlice] {
        let played = run.map { config.forRun(EnsembleRun(index: $0, scenarioSeed: config.seed), variation: ensemble.variation) } ?? config
        return TraceWriter.buildSlices(Simulation.run(played, recordingCostDraws: true), ids: elementIDs)
    }
}
