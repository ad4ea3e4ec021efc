import Foundation

/// A report as a Chrome trace-event JSON file (the "JSON Object Format" that Perfetto and
/// chrome://tracing open), so a run can be scrubbed through on a timeline.
///
/// Layout of the trace (one process, named after the scenario):
/// - thread 1 "Main thread": a complete event (`"ph": "X"`) per frame, `Frame N`, from the
///   frame's vsync tick for its work; inside it, one complete event per non-zero phase, laid
///   end to end in `Report.phases` order. Args carry the work, budget and dropped frames.
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
    /// A part of a run to trace: the frames that start at or after `startMs` and before
    /// `endMs` (`--trace-range START:END`, in seconds).
    public struct Range: Equatable, Sendable {
        public var startMs: Double
        public var endMs: Double

        public init(startMs: Double = 0, endMs: Double = .infinity) {
            self.startMs = startMs
            self.endMs = endMs
        }

        /// `START:END` in seconds; either side may be left out (`5:` from 5 s to the end, `:10`
        /// the first 10 s).
        /// - Throws: `Range.Invalid` with the reason.
        public init(argument: String) throws {
            let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw ScrollSimError("'\(argument)' is not START:END in seconds (e.g. 9.5:12)") }
            func seconds(_ part: Substring, default value: Double) throws -> Double {
                let text = part.trimmingCharacters(in: .whitespaces)
                if text.isEmpty { return value }
                guard let number = Double(text), number.isFinite, number >= 0 else {
                    throw ScrollSimError("'\(text)' in '\(argument)' is not a time in seconds (a number ≥ 0)")
                }
                return number * 1000
            }
            startMs = try seconds(parts[0], default: 0)
            endMs = try seconds(parts[1], default: .infinity)
            guard endMs > startMs else { throw ScrollSimError("'\(argument)' ends before it starts") }
        }

        /// The frames of `frames` the range covers.
        /// - Complexity: O(log n).
        func frames(in frames: Report.Frames) -> Swift.Range<Int> {
            func firstFrame(atOrAfter ms: Double) -> Int {
                var lo = 0, hi = frames.count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if frames.timeMs[mid] < ms { lo = mid + 1 } else { hi = mid }
                }
                return lo
            }
            return firstFrame(atOrAfter: startMs)..<max(firstFrame(atOrAfter: startMs), firstFrame(atOrAfter: endMs))
        }
    }

    /// The trace of `report` as JSON text: the whole run, or the frames of `range`.
    /// - Throws: `ScrollSimError` if the report's frames or events cannot be read.
    public static func trace(_ report: Report, range: Range? = nil) throws -> String {
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
    public static func estimatedBytes(_ report: Report, range: Range? = nil) throws -> Int {
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

    static func trace(name: String, frames: Report.Frames, events: [Report.Event], range: Swift.Range<Int>? = nil, builds: [BuildSlice] = []) -> String {
        let covered = range ?? 0..<frames.count
        var out = "{\"displayTimeUnit\":\"ms\",\"otherData\":{\"generator\":\"ScrollSim\",\"scenario\":\(quoted(name)),\"budgetMs\":\(SVG.number(frames.budgetMs, decimals: 4))},\"traceEvents\":[\n"
        var first = true
        func emit(_ line: String) {
            if !first { out += ",\n" }
            first = false
            out += line
        }
        emit("{\"ph\":\"M\",\"pid\":1,\"tid\":0,\"name\":\"process_name\",\"args\":{\"name\":\(quoted("ScrollSim: \(name)"))}}")
        let threads = [(mainThread, "Main thread"), (displayThread, "Display"), (scriptThread, "Script and events")] + (builds.isEmpty ? [] : [(buildThread, "View builds")])
        for (tid, thread) in threads {
            emit("{\"ph\":\"M\",\"pid\":1,\"tid\":\(tid),\"name\":\"thread_name\",\"args\":{\"name\":\(quoted(thread))}}")
            emit("{\"ph\":\"M\",\"pid\":1,\"tid\":\(tid),\"name\":\"thread_sort_index\",\"args\":{\"sort_index\":\(tid)}}")
        }

        // Events by frame, so each frame's instants follow its slice in time order.
        var eventsByFrame: [Int: [Report.Event]] = [:]
        for event in events where covered.contains(event.frame) && (event.kind == "hitch" || instantKinds.contains(event.kind)) {
            eventsByFrame[event.frame, default: []].append(event)
        }
        var lastCounters: [String: String] = [:]
        // Build slices by frame (they are recorded in frame order).
        var buildIndex = builds.startIndex
        var buildCursor: Int64 = 0
        let budgetNs = nanoseconds(frames.budgetMs)
        for i in covered {
            let start = nanoseconds(frames.timeMs[i])
            // The frame may not run into the next frame's tick (rounding of the report's
            // figures could otherwise make the slices overlap by a few nanoseconds).
            let limit = i + 1 < frames.count ? nanoseconds(frames.timeMs[i + 1]) - start : Int64.max
            var phases: [(String, Int64)] = []
            var total: Int64 = 0
            for (p, phase) in Report.phases.enumerated() {
                let dur = min(nanoseconds(frames.phaseMs[p][i]), limit - total)
                guard dur > 0 else { continue }
                phases.append((phase, dur))
                total += dur
            }
            let work = min(max(total, nanoseconds(frames.workMs[i])), limit)
            let dropped = frames.dropped[i]
            // The frame's events, emitted in timestamp order at the end (stable: counters and
            // instants at the tick, then the frame slice, its phases, and the dropped span,
            // which starts at the first missed tick, possibly inside the frame's phases).
            var pending: [(ts: Int64, line: String)] = []
            func later(_ line: String, at ts: Int64) { pending.append((ts, line)) }
            for event in eventsByFrame[i] ?? [] {
                let tid = event.kind == "hitch" ? displayThread : scriptThread
                later("{\"ph\":\"i\",\"pid\":1,\"tid\":\(tid),\"ts\":\(micros(start)),\"s\":\"t\",\"name\":\(quoted(Chart.describe(event))),\"cat\":\(quoted(event.kind)),\"args\":{\"frame\":\(i),\"kind\":\(quoted(event.kind)),\"element\":\(quoted(event.element)),\"value\":\(SVG.number(event.value, decimals: 4))}}", at: start)
            }
            let counters: [(String, String)] = [
                ("Modeled memory (MiB)", "{\"MiB\":\(SVG.number(frames.memoryBytes[i] / 1_048_576, decimals: 3))}"),
                ("Resident views", "{\"visible\":\(SVG.number(frames.visible[i], decimals: 0)),\"prefetched\":\(SVG.number(frames.prefetched[i], decimals: 0)),\"cached\":\(SVG.number(frames.cached[i], decimals: 0))}"),
                ("Content height (pt)", "{\"estimated\":\(SVG.number(frames.estimatedHeight[i], decimals: 1)),\"true\":\(SVG.number(frames.trueHeight[i], decimals: 1))}"),
            ]
            for (counter, args) in counters where lastCounters[counter] != args {
                lastCounters[counter] = args
                later("{\"ph\":\"C\",\"pid\":1,\"tid\":\(mainThread),\"ts\":\(micros(start)),\"name\":\(quoted(counter)),\"args\":\(args)}", at: start)
            }
            later("{\"ph\":\"X\",\"pid\":1,\"tid\":\(mainThread),\"ts\":\(micros(start)),\"dur\":\(micros(work)),\"name\":\"Frame \(i)\",\"cat\":\"frame\",\"args\":{\"frame\":\(i),\"workMs\":\(SVG.number(frames.workMs[i], decimals: 4)),\"budgetMs\":\(SVG.number(frames.budgetMs, decimals: 4)),\"dropped\":\(dropped)}}", at: start)
            var at = start
            for (phase, dur) in phases {
                later("{\"ph\":\"X\",\"pid\":1,\"tid\":\(mainThread),\"ts\":\(micros(at)),\"dur\":\(micros(dur)),\"name\":\(quoted(phase)),\"cat\":\"phase\"}", at: at)
                at += dur
            }
            if dropped > 0 {
                later("{\"ph\":\"X\",\"pid\":1,\"tid\":\(displayThread),\"ts\":\(micros(start + budgetNs)),\"dur\":\(micros(budgetNs * min(Int64(max(dropped, 0)), longestSpanNs / max(budgetNs, 1)))),\"name\":\"Dropped ×\(dropped)\",\"cat\":\"hitch\",\"args\":{\"frame\":\(i),\"dropped\":\(dropped),\"hitchMs\":\(SVG.number(Double(dropped) * frames.budgetMs, decimals: 4))}}", at: start + budgetNs)
            }
            while buildIndex < builds.endIndex, builds[buildIndex].frame < i { buildIndex += 1 }
            var buildEnd = buildIndex
            while buildEnd < builds.endIndex, builds[buildEnd].frame == i { buildEnd += 1 }
            for (ts, line) in buildEvents(builds[buildIndex..<buildEnd], start: start, cursor: &buildCursor) { later(line, at: ts) }
            buildIndex = buildEnd
            for (_, event) in pending.enumerated().sorted(by: { ($0.element.ts, $0.offset) < ($1.element.ts, $1.offset) }) {
                emit(event.line)
            }
        }
        return out + "\n]}\n"
    }

    /// The longest span a trace holds, in nanoseconds (about three years). A report read from
    /// disk may hold any figure (a corrupt or hand-edited one: `7.7e15` ms in a phase); clamping
    /// here keeps every sum and product of the writer inside `Int64`.
    static let longestSpanNs: Int64 = 100_000_000_000_000_000

    /// Milliseconds to whole nanoseconds, clamped to `0...longestSpanNs`.
    static func nanoseconds(_ ms: Double) -> Int64 {
        guard ms.isFinite, ms > 0 else { return 0 }
        let ns = (ms * 1_000_000).rounded()
        return ns >= Double(longestSpanNs) ? longestSpanNs : Int64(ns)
    }

    /// Nanoseconds as microseconds with exactly three decimals (`1234.500`).
    static func micros(_ ns: Int64) -> String {
        let ns = max(ns, 0)
        let fraction = String(ns % 1000)
        return "\(ns / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    static func quoted(_ string: String) -> String {
        var bytes: [UInt8] = []
        JSONWriter.appendString(string, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
