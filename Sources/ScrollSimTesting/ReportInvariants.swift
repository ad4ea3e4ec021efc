import ScrollSimEngine
import ScrollSimKit

/// What every report of a run must satisfy, whatever the scenario, checked from the report's
/// own columns and events against the model's documented rules (not against the engine's
/// code). The property tests check it on thousands of random scenarios (`ScenarioGenerator`);
/// a planted accounting bug breaks one of these on most of them.
///
/// - The phases of a frame (`frames.phaseMs.*`) sum to its `workMs`.
/// - Dropped frames follow the render loop of FramesAndHitches (ScrollSimEngine's docs): a
///   commit of work W occupies c = ⌈W/B⌉ vsync intervals, the render server r = ⌈S/B⌉ after it
///   (or after the previous frame's), a frame presented later than the tick after the previous
///   one dropped the ticks it missed, at most c − 1 of them commit hitches; so with a light
///   render server dropped = ⌈W/B⌉ − 1. Replayed frame by frame, with each frame's start
///   (`timeMs`) where the previous one left the clock.
/// - Summaries equal their columns: frame counts per interval, dropped frames per interval,
///   hitch times, moving seconds, launch work, prefetch overruns, frame-work percentiles (linear
///   between ranks), peak and final memory, corrections (each an event with its shift; a
///   frame's `correctionPx` is the sum of their sizes, as the summary's), jumps, blank area,
///   popped views, and the counts of appear, release, state-loss, content-arrival, scrollTo and
///   hitch events.
/// - Modeled memory is the data plus every resident view (visible, cached, and the prefetched
///   ones, those still being built included), where
///   the report lets it be told apart: a one-column stack whose types all hold the same bytes,
///   without async content, nested rows, conditional bodies or the data layer's image cache.
/// - No row is evicted or released while it is visible (appeared and not disappeared).
/// - A scroll's landing is judged after the content settled: no correction in its frame; the
///   summary's `scrollTo.landingErrorPx` is the worst judged.
/// - Every event names an element that exists (below the elements there can be by the end)
///   and a row of the stack.
///
/// Numbers in a report have four decimals, so sums are compared within the rounding of their
/// terms; a frame whose work lies within that rounding of a whole number of budgets may take
/// either count of intervals.
public enum ReportInvariants {
    /// Every broken invariant of `report`, the report of `scenario`'s run, as messages naming
    /// the frame or metric (empty when all hold).
    public static func violations(of report: Report, scenario: Scenario) -> [String] {
        var check = Check(report: report, scenario: scenario)
        check.run()
        return check.problems
    }

    struct Check {
        let report: Report
        let scenario: Scenario
        var problems: [String] = []
        let metrics: [String: Double]
        let budget: Double
        let count: Int

        init(report: Report, scenario: Scenario) {
            self.report = report
            self.scenario = scenario
            metrics = report.metrics
            // 1000 / refresh rate, exactly (the report's budgetMs has four decimals).
            budget = scenario.config.device.budgetMs
            count = report.frameColumn(FrameColumn.timeMs.key)?.count ?? 0
        }

        func column(_ key: String) -> [Double] {
            report.frameColumn(key) ?? Array(repeating: 0, count: count)
        }

        func events(_ key: String) -> [JSONValue] {
            report.root["events"]?[key]?.arrayValue ?? []
        }

        mutating func fail(_ message: String) {
            if problems.count < 20 { problems.append(message) }
        }

        /// `metric` equals `expected` within the rounding of `terms` four-decimal numbers.
        mutating func expect(_ metric: Metric, _ expected: Double, terms: Int = 1, _ what: String) {
            let value = metrics[metric.path] ?? .nan
            let tolerance = 6e-5 * Double(terms + 1) + 1e-9 * abs(expected)
            if !(abs(value - expected) <= tolerance) {
                fail("summary.\(metric.path) is \(JSONWriter.text(value)), but \(what) is \(JSONWriter(decimals: 6).compact(.number(expected)))")
            }
        }

        mutating func run() {
            guard count > 0 else {
                fail("the report has no frames")
                return
            }
            phasesSumToWork()
            let ticks = replayClock()
            summariesMatchColumns(ticks: ticks)
            memoryIsWhatIsResident()
            eventsAreConsistent()
        }

        // MARK: phases

        mutating func phasesSumToWork() {
            let work = column(FrameColumn.workMs.key)
            let phases = PhaseWork.Phase.allCases.map { phase in
                report.root["frames"]?["phaseMs"]?[phase.name]?.arrayValue?.map { $0.numberValue ?? .nan } ?? []
            }
            for phase in phases where phase.count != count {
                fail("frames.phaseMs: a column has \(phase.count) values for \(count) frames")
                return
            }
            for f in 0..<count {
                let sum = phases.reduce(0) { $0 + $1[f] }
                if !(abs(sum - work[f]) <= 6e-5 * Double(phases.count + 1) + 1e-9 * work[f]) {
                    fail("frame \(f): the phases sum to \(JSONWriter.text(sum)) ms but workMs is \(JSONWriter.text(work[f])) ms")
                }
            }
        }

        // MARK: the render loop

        /// ⌈work / B⌉ intervals (at least one) for every work within the report's rounding.
        func intervals(_ work: Double) -> ClosedRange<Int> {
            func ceil(_ w: Double) -> Int { max(1, Int((max(0, w) / budget - 1e-9).rounded(.up))) }
            return ceil(work - 6e-5)...ceil(work + 6e-5)
        }

        /// Replays the vsync clock from each frame's work and render-server work; returns the
        /// intervals each frame held the main thread (nil where the replay could not tell).
        mutating func replayClock() -> [Int?] {
            let work = column(FrameColumn.workMs.key), server = column(FrameColumn.renderServerMs.key)
            let time = column(FrameColumn.timeMs.key)
            let dropped = column(FrameColumn.dropped.key).map { Int($0) }
            let renderDropped = column(FrameColumn.renderDropped.key).map { Int($0) }
            // A view measuring itself forces a second commit: extra commit intervals.
            let extra = scenario.config.content.types.contains { $0.measureWithGeometryReader } ? 2 : 0
            var tick = 0, serverFree = 0, lastPresent = 1
            var ticks: [Int?] = []
            for f in 0..<count {
                if abs(time[f] - Double(tick) * budget) > 1e-3 {
                    fail("frame \(f) starts at \(JSONWriter.text(time[f])) ms, but the clock is at tick \(tick) (\(JSONWriter.text(Double(tick) * budget)) ms)")
                    return ticks
                }
                let commits = intervals(work[f]), renders = intervals(server[f])
                var outcomes: [(start: Int, present: Int)] = []
                for c in commits.lowerBound...(commits.upperBound + extra) {
                    for r in renders {
                        let renderStart = max(tick + c, serverFree)
                        let present = renderStart + r
                        let drop = max(0, present - lastPresent - 1)
                        let commitDrop = min(c - 1, drop)
                        guard drop == dropped[f], drop - commitDrop == renderDropped[f] else { continue }
                        if f + 1 < count, abs(time[f + 1] - Double(renderStart) * budget) > 1e-3 { continue }
                        outcomes.append((renderStart, present))
                    }
                }
                guard let outcome = outcomes.first else {
                    let c = commits.lowerBound
                    fail("frame \(f): workMs \(JSONWriter.text(work[f])) (\(c) interval\(c == 1 ? "" : "s") of \(JSONWriter.text(budget)) ms) and renderServerMs \(JSONWriter.text(server[f])) give \(max(0, max(tick + c, serverFree) + renders.lowerBound - lastPresent - 1)) dropped, the report says \(dropped[f]) (\(renderDropped[f]) by the render server)")
                    return ticks
                }
                let sameTicks = outcomes.allSatisfy { $0.start == outcome.start }
                ticks.append(sameTicks ? outcome.start - tick : nil)
                tick = outcome.start
                serverFree = outcome.present
                lastPresent = outcome.present
            }
            return ticks
        }

        // MARK: summaries

        mutating func summariesMatchColumns(ticks: [Int?]) {
            let dropped = column(FrameColumn.dropped.key), renderDropped = column(FrameColumn.renderDropped.key)
            let launch = column(FrameColumn.launch.key), moving = column(FrameColumn.moving.key)
            let work = column(FrameColumn.workMs.key)
            func sum(_ values: [Double], where keep: (Int) -> Bool) -> Double {
                values.indices.reduce(0) { keep($1) ? $0 + values[$1] : $0 }
            }
            let isLaunch = { (f: Int) in launch[f] == 1 }
            let isScroll = { (f: Int) in moving[f] == 1 }
            let isRest = { (f: Int) in launch[f] == 0 && moving[f] == 0 }
            if let f = (0..<count).first(where: { launch[$0] == 1 && moving[$0] == 1 }) {
                fail("frame \(f) is both a launch and a scroll frame")
            }
            if let f = (1..<max(1, count)).first(where: { launch[$0] == 1 && launch[$0 - 1] == 0 }) {
                fail("frame \(f) is a launch frame after launch ended")
            }
            expect(.frames, Double(count), "the frame count")
            expect(.launchFrames, sum(launch, where: { _ in true }), "the launch frames")
            expect(.launchWorkMs, sum(work, where: isLaunch), terms: count, "their work")
            expect(.launchDroppedFrames, sum(dropped, where: isLaunch), "their dropped frames")
            expect(.droppedFrames, sum(dropped, where: isScroll), "the scroll frames' dropped frames")
            expect(.otherDroppedFrames, sum(dropped, where: isRest), "the resting frames' dropped frames")
            let scrollDropped = sum(dropped, where: isScroll)
            let scrollRender = sum(renderDropped, where: isScroll)
            expect(.hitchTimeMs, scrollDropped * budget, terms: 2, "droppedFrames × B")
            expect(.renderHitchTimeMs, scrollRender * budget, terms: 2, "the scroll frames' render-server drops × B")
            expect(.commitHitchTimeMs, (scrollDropped - scrollRender) * budget, terms: 2, "the scroll frames' commit drops × B")
            if ticks.count == count, ticks.allSatisfy({ $0 != nil }) {
                let seconds = sum(ticks.map { Double($0 ?? 0) * budget / 1000 }, where: isScroll)
                expect(.movingSeconds, seconds, terms: 2, "the scroll frames' vsync intervals")
                let ratio = seconds > 0 ? scrollDropped * budget / seconds : 0
                let value = metrics[Metric.hitchRatio.path] ?? .nan
                if !(abs(value - ratio) <= 1e-3 * max(1, ratio)) {
                    fail("summary.hitchRatio is \(JSONWriter.text(value)), but hitch ms per moving second is \(JSONWriter.text(ratio))")
                }
            }
            let overrun = column(FrameColumn.prefetchOverrunMs.key)
            expect(.prefetchOverrunFrames, Double(overrun.filter { $0 > 0 }.count), "the frames with prefetch overrun")
            expect(.prefetchOverrunMs, overrun.reduce(0, +), terms: count, "their overrun")
            let sorted = work.sorted()
            expect(.frameWorkMax, sorted.last ?? 0, "the largest workMs")
            expect(.frameWorkMean, work.reduce(0, +) / Double(count), terms: 2, "the mean workMs")
            for (metric, q) in [(Metric.frameWorkP50, 0.5), (.frameWorkP90, 0.9), (.frameWorkP95, 0.95), (.frameWorkP99, 0.99)] {
                let rank = q * Double(count - 1)
                let lower = Int(rank), upper = min(count - 1, lower + 1)
                expect(metric, sorted[lower] + (sorted[upper] - sorted[lower]) * (rank - Double(lower)), terms: 2, "the \(Int(q * 100))th percentile of workMs (linear between ranks)")
            }
            let memory = column(FrameColumn.memoryBytes.key)
            expect(.peakMemoryBytes, memory.max() ?? 0, "the largest memoryBytes")
            expect(.finalMemoryBytes, memory.last ?? 0, "the last memoryBytes")
            expect(.offsetCorrections, column(FrameColumn.corrections.key).reduce(0, +), "the frames' corrections")
            expect(.visibleJumps, column(FrameColumn.visibleJumps.key).reduce(0, +), "the frames' visibleJumps")
            expect(.poppedViews, column(FrameColumn.poppedViews.key).reduce(0, +), "the frames' poppedViews")
            let blank = column(FrameColumn.blankFraction.key)
            // A fraction under 0.00005 is written 0 and is not counted either.
            expect(.blankAreaFrames, Double(blank.filter { $0 > 0 }.count), "the frames whose blankFraction is not 0")
            expect(.blankAreaFractionMax, blank.max() ?? 0, "the largest blankFraction")
            expect(.blankAreaFractionSum, blank.reduce(0, +), terms: count, "the frames' blankFraction")
            let residents = (0..<count).map { column(FrameColumn.visible.key)[$0] + column(FrameColumn.prefetched.key)[$0] + column(FrameColumn.cached.key)[$0] }
            if let most = residents.max(), (metrics[Metric.peakResidentViews.path] ?? 0) < most {
                fail("summary.peakResidentViews is \(JSONWriter.text(metrics[Metric.peakResidentViews.path] ?? 0)), below a frame's visible + prefetched + cached \(JSONWriter.text(most))")
            }
            let kinds = events("kind").map { $0.stringValue ?? "" }
            func eventCount(_ kind: String) -> Double { Double(kinds.filter { $0 == kind }.count) }
            expect(.appears, eventCount("appear"), "the appear events")
            expect(.releases, eventCount("release"), "the release events")
            expect(.stateLossEvents, eventCount("stateLoss"), "the stateLoss events")
            expect(.contentLoads, eventCount("contentLoaded"), "the contentLoaded events")
            expect(.unsettledFrames, eventCount(SimulationEvent.Kind.unsettled.name), "the unsettled events")
            expect(.scrollToCount, eventCount("scrollTo"), "the scrollTo events")
            let late = dropped.filter { $0 > 0 }
            if Double(late.count) != eventCount("hitch") {
                fail("\(late.count) frames dropped frames but there are \(Int(eventCount("hitch"))) hitch events")
            }
        }

        // MARK: memory

        /// Where every row holds the same bytes and the data is fixed, memoryBytes =
        /// data + bytes per view × (visible + prefetched + cached).
        mutating func memoryIsWhatIsResident() {
            let config = scenario.config
            let content = config.content
            var types = content.types
            if let header = content.sections?.header { types.append(header) }
            guard [.lazyVStack, .vStack].contains(config.stack.kind), config.stack.imagePrefetchPt == 0,
                  content.pagination == nil, !config.script.contains(where: { if case .append = $0.action { return true } else { return false } }),
                  let first = types.first,
                  types.allSatisfy({ $0.memory == first.memory && $0.asyncContent == nil && $0.row == nil && !$0.children.isDynamic }) else { return }
            let data = content.count * first.memory.data
            let perView = first.memory.view + first.memory.state + first.memory.content
            let memory = column(FrameColumn.memoryBytes.key)
            let visible = column(FrameColumn.visible.key), prefetched = column(FrameColumn.prefetched.key), cached = column(FrameColumn.cached.key)
            // A view holds its bytes from the moment it exists: a view prefetch has started but
            // not finished is resident and holds them (CostAndMemory).
            for f in 0..<count {
                let expected = Double(data) + Double(perView) * (visible[f] + prefetched[f] + cached[f])
                if abs(memory[f] - expected) > 1e-6 * expected {
                    fail("frame \(f): memoryBytes is \(JSONWriter.text(memory[f])), but \(content.count) elements × \(first.memory.data) B of data + (\(JSONWriter.text(visible[f])) visible + \(JSONWriter.text(prefetched[f])) prefetched + \(JSONWriter.text(cached[f])) cached views) × \(perView) B is \(JSONWriter.text(expected))")
                    return
                }
            }
        }

        // MARK: events

        mutating func eventsAreConsistent() {
            let frames = events("frame"), kinds = events("kind"), rows = events("row"), elements = events("element"), values = events("value")
            guard kinds.count == frames.count, rows.count == frames.count, elements.count == frames.count, values.count == frames.count else {
                fail("events: columns of different lengths")
                return
            }
            let content = scenario.config.content
            var most = content.count
            for event in scenario.config.script { if case .append(let n) = event.action { most += n } }
            if let total = content.pagination?.total { most = max(most, total + (most - content.count)) }
            let rowCount = Int(report.root["scenario"]?["rows"]?.numberValue ?? 0)
            let corrections = column(FrameColumn.corrections.key)
            let correctionPx = column(FrameColumn.correctionPx.key)
            var correctionEvents = [Int](repeating: 0, count: count)
            var correctionSizes = [Double](repeating: 0, count: count)
            // Keyed by row and element: a masonry column's rows are numbered within the column,
            // so row 0 of every column is row 0; a data file's ids are strings (property-test
            // seed 2705: e2, built in column 2's row 0 and evicted, is not e0, visible there).
            var visible = Set<String>()
            var worstLanding = 0.0
            for i in kinds.indices {
                let kind = kinds[i].stringValue ?? ""
                let frame = Int(frames[i].numberValue ?? -1)
                let row = Int(rows[i].numberValue ?? -1)
                guard frame >= 0, frame < count else {
                    fail("event \(i) (\(kind)) names frame \(frame) of \(count)")
                    continue
                }
                // Data-file ids are strings; without a data file elements are indexes.
                if let element = elements[i].numberValue, element < -1 || element >= Double(most) || element != element.rounded() {
                    fail("event \(i) (\(kind), frame \(frame)) names element \(JSONWriter.text(element)); there are at most \(most)")
                }
                if row < -1 || (rowCount > 0 && row >= max(rowCount, most * 64 + 1)) {
                    fail("event \(i) (\(kind), frame \(frame)) names row \(row); the stack has \(rowCount)")
                }
                let key = "\(row) \(elements[i].stringValue ?? elements[i].numberValue.map { JSONWriter.text($0) } ?? "-")"
                switch kind {
                case "appear": visible.insert(key)
                case "disappear": visible.remove(key)
                case "evict", "release":
                    if visible.contains(key) { fail("frame \(frame): row \(row) is evicted (\(kind)) while visible") }
                case "correction":
                    correctionEvents[frame] += 1
                    correctionSizes[frame] += abs(values[i].numberValue ?? 0)
                case "scrollToLanded":
                    worstLanding = max(worstLanding, values[i].numberValue ?? 0)
                    // A landing not yet judged is judged where the user found it when a gesture
                    // or another scroll takes over: at the script event, before the frame's
                    // layout, so the frame's corrections come after it (property-test seed 3611:
                    // a masonry landing whose content was still correcting when a fling took
                    // over in frame 8; its scrollToLanded is followed by the fling). Otherwise
                    // it is judged once a frame settled.
                    var next = i + 1
                    while next < kinds.count, Int(frames[next].numberValue ?? -1) == frame, kinds[next].stringValue == "scrollToInterrupted" { next += 1 }
                    let takenOver = next < kinds.count && Int(frames[next].numberValue ?? -1) == frame
                        && ["drag", "fling", "scrollTo"].contains(kinds[next].stringValue ?? "")
                    if corrections[frame] > 0, frame < count - 1, !takenOver {
                        fail("frame \(frame): a landing judged in a frame with \(Int(corrections[frame])) offset correction(s); it is judged once the content settled")
                    }
                default: break
                }
            }
            expect(.scrollToLandingErrorPx, worstLanding, "the worst scrollToLanded error")
            // Each correction is an event with its shift; the frame's column and the summary
            // are the sum of their sizes.
            expect(.correctionPx, correctionSizes.reduce(0, +), terms: correctionEvents.reduce(0, +), "the correction events' sizes")
            expect(.correctionPx, correctionPx.reduce(0, +), terms: count, "the frames' correctionPx")
            for f in 0..<count {
                if Int(corrections[f]) != correctionEvents[f] {
                    fail("frame \(f): corrections is \(Int(corrections[f])), but the frame has \(correctionEvents[f]) correction events")
                    break
                }
                if abs(correctionPx[f] - correctionSizes[f]) > 1e-4 * Double(correctionEvents[f] + 1) {
                    fail("frame \(f): correctionPx is \(JSONWriter.text(correctionPx[f])), but its correction events' sizes add up to \(JSONWriter.text(correctionSizes[f]))")
                    break
                }
            }
        }
    }
}
