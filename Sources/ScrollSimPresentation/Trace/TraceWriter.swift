import Foundation
import ScrollSimKit

/// A report as a Chrome trace-event JSON file (the "JSON Object Format" that Perfetto and
/// chrome://tracing open), so a run can be scrubbed through on a timeline.
///
/// Layout of the trace (one process, named after the scenario):
/// - thread 1 "Main thread": a complete event (`"ph": "X"`) per frame, `Frame N`, from the
///   frame's vsync tick for its work; inside it, one complete event per non-zero phase, laid
///   end to end in `PhaseWork.Phase` order. Args carry the work, budget and dropped frames.
/// - thread 2 "Display": a complete event per late frame spanning the vsync intervals it made
///   the display miss (`Dropped ×N`), and instant events (`"ph": "i"`) for hitches.
/// - thread 3 "Script": instant events for script events (fling, drag, rotate, scrollTo, tap…)
///   and for state loss, visible jumps and loads.
/// - thread 4 "View builds", when the trace is written from a run: each build's drawn init, body
///   and layout (`TraceWriter+Builds.swift`).
/// - counters (`"ph": "C"`): modeled memory (MiB), resident views by state, content height
///   (estimated and true); a counter is written only when its value changes.
///
/// Invariants (checked by the tests): timestamps and durations are in microseconds, written
/// with exactly three decimals (nanoseconds), computed in integer nanoseconds so that every
/// phase lies inside its frame (`ts_frame ≤ ts_phase`, `ts_phase + dur_phase ≤ ts_frame +
/// dur_frame`) and frames on the main thread never overlap.
/// Within a frame, events are sorted by timestamp (ties in the order: counters and instants,
/// frame, phases), so timestamps never decrease. The output is a pure function of the report's deterministic sections (no harness figures).
///
/// - Complexity: O(frames + events) time; the text is about 450 bytes per frame.
public enum TraceWriter {
    /// The trace of `report` as JSON text: the whole run, or the frames of `range`.
    /// - Throws: `ScrollSimError` if the report's frames or events cannot be read.
    public static func trace(_ report: Report, range: TraceRange? = nil) throws -> String {
        let frames = try report.frames()
        let events = try report.events(frameCount: frames.count)
        return trace(name: report.scenarioName, frames: frames, events: events, range: range.map { $0.frames(in: frames) } ?? 0..<frames.count)
    }

    /// Traces above this size get a note suggesting `--trace-range` (100 MB).
    public static let largeTraceBytes = 100_000_000

    /// About how many bytes the trace of `report` (or of its `range`) will have, without
    /// writing it: about 450 bytes per frame and 250 per event shown, from the shipped
    /// scenarios' traces.
    /// - Throws: `ScrollSimError` if the report's frames cannot be read.
    public static func estimatedBytes(_ report: Report, range: TraceRange? = nil) throws -> Int {
        let frames = try report.frames()
        let covered = range.map { $0.frames(in: frames) } ?? 0..<frames.count
        let shown = (report.root["events"]?["kind"]?.arrayValue ?? []).filter { kind in
            kind.stringValue.map { $0 == "hitch" || instantKinds.contains($0) } ?? false
        }.count
        let share = frames.count > 0 ? Double(covered.count) / Double(frames.count) : 0
        return 600 + covered.count * 450 + Int(Double(shown) * share) * 250
    }

    static let mainThread = 1, displayThread = 2, scriptThread = 3

    /// Event kinds written as instants on the script thread.
    static let instantKinds: Set<String> = [
        "fling", "drag", "rotate", "scrollTo", "scrollToLanded", "tap", "environment", "append",
        "stateLoss", "visibleJump", "loadStart", "contentLoaded", "loadCancel",
    ]

    static func trace(name: String, frames: Report.Frames, events: [Report.Event], range: Range<Int>? = nil, builds: [BuildSlice] = []) -> String {
        let covered = range ?? 0..<frames.count
        var other = TraceObject()
        other.string("generator", "ScrollSim")
        other.string("scenario", name)
        other.number("budgetMs", frames.budgetMs, decimals: 4)
        var document = TraceObject()
        document.string("displayTimeUnit", "ms")
        document.object("otherData", other)
        document.key("traceEvents")
        var out = document.text + Array("[\n".utf8)
        out.reserveCapacity(600 + covered.count * 450)
        var first = true
        func emit(_ event: [UInt8]) {
            if !first { out.append(contentsOf: [0x2C, 0x0A]) }
            first = false
            out += event
        }
        func metadata(_ tid: Int, _ name: String, _ args: TraceObject) {
            var event = TraceObject.event("M", tid: tid)
            event.string("name", name)
            event.object("args", args)
            emit(event.finished)
        }
        var process = TraceObject()
        process.string("name", "ScrollSim: \(name)")
        metadata(0, "process_name", process)
        let threads = [(mainThread, "Main thread"), (displayThread, "Display"), (scriptThread, "Script and events")] + (builds.isEmpty ? [] : [(buildThread, "View builds")])
        for (tid, thread) in threads {
            var named = TraceObject()
            named.string("name", thread)
            metadata(tid, "thread_name", named)
            var sorted = TraceObject()
            sorted.integer("sort_index", tid)
            metadata(tid, "thread_sort_index", sorted)
        }

        // Events by frame, so each frame's instants follow its slice in time order.
        var eventsByFrame: [Int: [Report.Event]] = [:]
        for event in events where covered.contains(event.frame) && (event.kind == "hitch" || instantKinds.contains(event.kind)) {
            eventsByFrame[event.frame, default: []].append(event)
        }
        var lastCounters: [String: TraceObject] = [:]
        // Build slices by frame (they are recorded in frame order).
        var buildIndex = builds.startIndex
        var buildCursor: Int64 = 0
        // Frame starts, slices and missed vsyncs in ns: the clock check-model reads a run on.
        let timeline = FrameTimeline(frames)
        for i in covered {
            let start = timeline.startNs(i)
            let (phases, work) = timeline.work(i)
            let dropped = frames.dropped[i]
            // The frame's events, emitted in timestamp order at the end (stable: counters and
            // instants at the tick, then the frame slice, its phases, and the dropped span,
            // which starts at the first missed tick, possibly inside the frame's phases).
            var pending: [(ts: Int64, event: [UInt8])] = []
            func later(_ event: TraceObject, at ts: Int64) { pending.append((ts, event.finished)) }
            for event in eventsByFrame[i] ?? [] {
                var instant = TraceObject.event("i", tid: event.kind == "hitch" ? displayThread : scriptThread)
                instant.micros("ts", start)
                instant.string("s", "t")
                instant.string("name", Chart.describe(event))
                instant.string("cat", event.kind)
                var args = TraceObject()
                args.integer("frame", i)
                args.string("kind", event.kind)
                args.string("element", event.element)
                args.number("value", event.value, decimals: 4)
                instant.object("args", args)
                later(instant, at: start)
            }
            var memory = TraceObject()
            memory.number("MiB", frames.memoryBytes[i] / 1_048_576, decimals: 3)
            var resident = TraceObject()
            resident.number("visible", frames.visible[i], decimals: 0)
            resident.number("prefetched", frames.prefetched[i], decimals: 0)
            resident.number("cached", frames.cached[i], decimals: 0)
            var height = TraceObject()
            height.number("estimated", frames.estimatedHeight[i], decimals: 1)
            height.number("true", frames.trueHeight[i], decimals: 1)
            for (counter, args) in [("Modeled memory (MiB)", memory), ("Resident views", resident), ("Content height (pt)", height)] where lastCounters[counter] != args {
                lastCounters[counter] = args
                var event = TraceObject.event("C", tid: mainThread)
                event.micros("ts", start)
                event.string("name", counter)
                event.object("args", args)
                later(event, at: start)
            }
            var frame = TraceObject.event("X", tid: mainThread)
            frame.micros("ts", start)
            frame.micros("dur", work)
            frame.string("name", "Frame \(i)")
            frame.string("cat", "frame")
            var frameArgs = TraceObject()
            frameArgs.integer("frame", i)
            frameArgs.number("workMs", frames.workMs[i], decimals: 4)
            frameArgs.number("budgetMs", frames.budgetMs, decimals: 4)
            frameArgs.integer("dropped", dropped)
            frame.object("args", frameArgs)
            later(frame, at: start)
            var at = start
            for (phase, dur) in phases {
                var slice = TraceObject.event("X", tid: mainThread)
                slice.micros("ts", at)
                slice.micros("dur", dur)
                slice.string("name", phase.name)
                slice.string("cat", "phase")
                later(slice, at: at)
                at += dur
            }
            if let missed = timeline.missedSpan(i) {
                var span = TraceObject.event("X", tid: displayThread)
                span.micros("ts", missed.startNs)
                span.micros("dur", missed.durationNs)
                span.string("name", "Dropped ×\(dropped)")
                span.string("cat", "hitch")
                var args = TraceObject()
                args.integer("frame", i)
                args.integer("dropped", dropped)
                args.number("hitchMs", Double(dropped) * frames.budgetMs, decimals: 4)
                span.object("args", args)
                later(span, at: missed.startNs)
            }
            while buildIndex < builds.endIndex, builds[buildIndex].frame < i { buildIndex += 1 }
            var buildEnd = buildIndex
            while buildEnd < builds.endIndex, builds[buildEnd].frame == i { buildEnd += 1 }
            for (ts, event) in buildEvents(builds[buildIndex..<buildEnd], start: start, cursor: &buildCursor) { later(event, at: ts) }
            buildIndex = buildEnd
            for (_, event) in pending.enumerated().sorted(by: { ($0.element.ts, $0.offset) < ($1.element.ts, $1.offset) }) {
                emit(event.event)
            }
        }
        out += Array("\n]}\n".utf8)
        return String(decoding: out, as: UTF8.self)
    }

    /// The longest span a trace holds (`FrameTimeline.longestSpanNs`).
    static let longestSpanNs = FrameTimeline.longestSpanNs

    /// Milliseconds to whole nanoseconds, clamped (`FrameTimeline.nanoseconds`).
    static func nanoseconds(_ ms: Double) -> Int64 {
        FrameTimeline.nanoseconds(ms)
    }

    /// Nanoseconds as microseconds with exactly three decimals (`1234.500`).
    static func micros(_ ns: Int64) -> String {
        let ns = max(ns, 0)
        let fraction = String(ns % 1000)
        return "\(ns / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
