import ScrollSimEngine

/// The per-frame columns and the event log of a report, read once and checked, for charts and
/// traces.
///
/// `Report` itself reads leniently; drawing needs every column it uses to be present, numeric
/// and of the frame count, so `frames()` checks that and names the first column that is not
/// (the command line turns the error into exit status 2). Columns the schema does not mark
/// required (`FrameColumn.Definition.required`: content heights, corrections, resident counts,
/// phases) are read as zeros when absent, so an older or trimmed report still renders.
extension Report {
    public struct Frames: Sendable {
        public var count: Int
        /// The frame budget B = 1000 / refresh rate, ms.
        public var budgetMs: Double
        /// Every numeric column, at its `FrameColumn.rawValue` (zeros for one the report leaves
        /// out and the schema does not require); a column of element ids (`viewID`) is not read
        /// and is empty.
        public var columns: [[Double]]
        /// Work by phase: `phaseMs[.body][frame]`.
        public var phaseMs: ByPhase<[Double]>
        /// `dropped`, checked to be whole numbers.
        public var dropped: [Int]
        /// Of `dropped`, the intervals lost to the render server.
        public var renderDropped: [Int]

        /// A column's values, frame by frame.
        public subscript(column: FrameColumn) -> [Double] { columns[column.rawValue] }

        public var timeMs: [Double] { self[.timeMs] }
        public var workMs: [Double] { self[.workMs] }
        public var memoryBytes: [Double] { self[.memoryBytes] }
        public var visible: [Double] { self[.visible] }
        public var prefetched: [Double] { self[.prefetched] }
        public var cached: [Double] { self[.cached] }
        public var estimatedHeight: [Double] { self[.estimatedHeight] }
        public var trueHeight: [Double] { self[.trueHeight] }
        public var corrections: [Double] { self[.corrections] }
        public var correctionPx: [Double] { self[.correctionPx] }
        public var offset: [Double] { self[.offset] }
        /// The render server's work for the frame (the stage after the commit), ms.
        public var renderServerMs: [Double] { self[.renderServerMs] }
        /// Prefetch work past the deadline the frame's required work would have met, ms.
        public var prefetchOverrunMs: [Double] { self[.prefetchOverrunMs] }
        /// 1 for launch frames, 1 for frames of the scroll interaction (`moving`), else 0.
        public var launch: [Double] { self[.launch] }
        public var moving: [Double] { self[.moving] }

        /// Where a frame's span ends: a late frame occupies `dropped + 1` vsync intervals.
        /// - Complexity: O(1).
        public func endMs(_ frame: Int) -> Double {
            self[.timeMs][frame] + Double(dropped[frame] + 1) * budgetMs
        }

        /// The end of the last frame's span (0 for an empty run): the time axis' extent.
        public var durationMs: Double { count == 0 ? 0 : endMs(count - 1) }
    }

    /// One event of the report's `events` columns.
    public struct Event: Equatable, Sendable {
        public var frame: Int
        public var kind: String
        /// The element identifier as written in the report (an index or a data file's id), or "".
        public var element: String
        public var value: Double
        /// The view type of the row concerned, or "" (a report without a `type` column).
        public var type: String

        public init(frame: Int, kind: String, element: String, value: Double, type: String = "") {
            self.frame = frame
            self.kind = kind
            self.element = element
            self.value = value
            self.type = type
        }
    }

    /// The frames columns, checked.
    /// - Complexity: O(frames × columns).
    /// - Throws: `ScrollSimError` naming the first required column that is missing, not
    ///   numeric, or not of `frames.count` values.
    public func frames() throws -> Frames {
        guard case .object = root["frames"] ?? .null else {
            throw ScrollSimError(file: path, message: "not a ScrollSim report (no frames object)")
        }
        guard let budgetMs = root["scenario"]?["budgetMs"]?.numberValue, budgetMs > 0, budgetMs.isFinite else {
            throw ScrollSimError(file: path, message: "scenario.budgetMs: expected a positive number")
        }
        let times = try column(FrameColumn.timeMs.key, required: true)!
        let count = times.count
        func read(_ key: String, required: Bool) throws -> [Double] {
            guard let values = try column(key, required: required) else { return Array(repeating: 0, count: count) }
            guard values.count == count else {
                throw ScrollSimError(file: path, message: "frames.\(key): \(values.count) values for \(count) frames")
            }
            return values
        }
        func read(_ column: FrameColumn) throws -> [Double] {
            try read(column.key, required: column.definition.required)
        }
        for i in 1..<max(1, count) where !(times[i] > times[i - 1]) {
            throw ScrollSimError(file: path, message: "frames.timeMs: not increasing at frame \(i)")
        }
        let dropped = try read(.dropped)
        if let bad = dropped.firstIndex(where: { $0 < 0 || $0 >= Report.largestMetric || $0 != $0.rounded() }) {
            throw ScrollSimError(file: path, message: "frames.dropped[\(bad)]: expected a whole number of frames")
        }
        return Frames(
            count: count,
            budgetMs: budgetMs,
            columns: try FrameColumn.allCases.map { column in
                column == .timeMs ? times : column == .dropped ? dropped : column.definition.elements ? [] : try read(column)
            },
            phaseMs: try ByPhase { try read("phaseMs.\($0.name)", required: false) },
            dropped: dropped.map { Int($0) },
            renderDropped: try read(.renderDropped).map { Int(min(max($0, 0), Report.largestMetric)) }
        )
    }

    /// The events columns (empty if the report has none).
    /// - Complexity: O(events).
    /// - Throws: `ScrollSimError` if the columns disagree in length or name frames that do not exist.
    public func events(frameCount: Int) throws -> [Event] {
        guard let events = root["events"], case .object = events else { return [] }
        guard let frames = events["frame"]?.arrayValue, let kinds = events["kind"]?.arrayValue else { return [] }
        let elements = events["element"]?.arrayValue ?? []
        let values = events["value"]?.arrayValue ?? []
        let types = events["type"]?.arrayValue ?? []
        guard kinds.count == frames.count, elements.isEmpty || elements.count == frames.count,
              values.isEmpty || values.count == frames.count, types.isEmpty || types.count == frames.count else {
            throw ScrollSimError(file: path, message: "events: columns of different lengths")
        }
        var out: [Event] = []
        out.reserveCapacity(frames.count)
        for i in frames.indices {
            guard let frame = frames[i].numberValue, frame >= 0, frame < Double(frameCount), let kind = kinds[i].stringValue else {
                throw ScrollSimError(file: path, message: "events[\(i)]: expected a frame below \(frameCount) and a kind")
            }
            var element = ""
            if !elements.isEmpty {
                switch elements[i] {
                case .string(let id): element = id
                case .number(let n) where n >= 0:
                    guard n < Report.largestMetric, n == n.rounded() else {
                        throw ScrollSimError(file: path, message: "events.element[\(i)]: \(JSONWriter.text(n)) is not an element index (a whole number below 2^53)")
                    }
                    element = String(Int(n))
                default: break
                }
            }
            out.append(Event(frame: Int(frame), kind: kind, element: element, value: values.isEmpty ? 0 : values[i].numberValue ?? 0,
                             type: types.isEmpty ? "" : types[i].stringValue ?? ""))
        }
        return out
    }

    /// A frames column by dotted key (`phaseMs.body`); nil when absent and not required.
    private func column(_ key: String, required: Bool) throws -> [Double]? {
        var value: JSONValue? = root["frames"]
        for part in key.split(separator: ".") { value = value?[String(part)] }
        guard let value else {
            if required { throw ScrollSimError(file: path, message: "frames.\(key): missing") }
            return nil
        }
        guard let items = value.arrayValue else { throw ScrollSimError(file: path, message: "frames.\(key): expected an array") }
        var out: [Double] = []
        out.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            guard let number = item.numberValue, number.isFinite else {
                throw ScrollSimError(file: path, message: "frames.\(key)[\(i)]: expected a number, found \(item.kindDescription)")
            }
            guard abs(number) < Report.largestMetric else {
                throw ScrollSimError(file: path, message: "frames.\(key)[\(i)]: \(JSONWriter.text(number)) is outside what a report can hold (\(Report.largestMetricWords))")
            }
            out.append(number)
        }
        return out
    }
}
