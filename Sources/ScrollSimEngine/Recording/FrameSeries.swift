/// The per-frame record of a run, the report's `frames`: one `FrameRecord` a frame, each holding
/// every `FrameColumn` and the frame's work by phase.
///
/// The values are stored column by column in one buffer allocated once for the most frames the
/// run can present (`SimulationConfig.maximumFrames`): appending a frame stores each of its
/// record's slots at the end of its column, with no allocation, no capacity or uniqueness check
/// (only debug builds check the capacity). A column is read through a view over its run of
/// values (`frames[.visible]`, `frames.memoryBytes`), which copies nothing: reading the column
/// is a sequential read, as the report writer does for every column.
///
/// Copies share the buffer: the series is append-only and each copy reads only the frames it
/// had, so a copy never sees a change. Only the simulation appends, to its own series.
public struct FrameSeries: Sendable {
    @usableFromInline let storage: Storage
    public private(set) var count = 0

    /// The records' buffer, freed with the last series that shares it.
    /// Slot `s` of frame `f` is at `values[s · capacity + f]`.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        @usableFromInline let values: UnsafeMutablePointer<Double>
        @usableFromInline let capacity: Int

        init(capacity: Int) {
            self.capacity = max(1, capacity)
            values = .allocate(capacity: self.capacity * FrameRecord.slotCount)
            // Touch every page now: the run writes every frame it reserved, and a page first
            // written inside the loop is a page fault in a frame (40 columns a frame, a new
            // page every 512 frames each: a fault every 13 frames, about a tenth of the loop's
            // time in a profile of the 10,000-row feed).
            values.initialize(repeating: 0, count: self.capacity * FrameRecord.slotCount)
        }

        deinit { values.deallocate() }
    }

    public init(reserving capacity: Int) {
        precondition(FrameColumn.allCases.count <= FrameRecord.phaseBase,
                     "\(FrameColumn.allCases.count) frame columns: FrameRecord has room for \(FrameRecord.phaseBase); raise FrameRecord.phaseBase and its slots")
        storage = Storage(capacity: capacity)
    }

    /// Appends a frame's record.
    /// - Complexity: O(1), allocation-free: the run reserved its frames up front.
    @inline(__always)
    mutating func append(_ record: FrameRecord) {
        assert(count < storage.capacity, "frame \(count) beyond the \(storage.capacity) reserved")
        let capacity = storage.capacity
        var at = storage.values + count
        // Read through a span: `record.slots[slot]` in this loop copied the whole 320-byte
        // record for every slot (40 copies a frame, a third of the frame loop in a profile).
        let slots = record.slots.span
        for slot in 0..<FrameRecord.slotCount {
            at.initialize(to: slots[slot])
            at += capacity
        }
        count += 1
    }

    /// One frame's record.
    public func record(_ frame: Int) -> FrameRecord {
        precondition(frame >= 0 && frame < count, "frame \(frame) outside 0..<\(count)")
        var record = FrameRecord()
        for slot in 0..<FrameRecord.slotCount { record.slots[slot] = storage.values[slot * storage.capacity + frame] }
        return record
    }

    /// A column's values, frame by frame.
    @inlinable
    public subscript(column: FrameColumn) -> Column<Double> { Column(self, slot: column.rawValue) }

    /// A column's values as `Value` (`Int` for counts, `Bool` for flags).
    @inlinable
    public func column<Value: FrameValue>(_ column: FrameColumn, as: Value.Type = Value.self) -> Column<Value> {
        Column(self, slot: column.rawValue)
    }

    /// A phase's work, frame by frame (`phaseMs.<phase>`).
    @inlinable
    public func work(_ phase: PhaseWork.Phase) -> Column<Double> {
        Column(self, slot: FrameRecord.slot(of: phase))
    }

    /// The values of one column (or one phase's work) of a series: a view over its records.
    public struct Column<Value: FrameValue>: RandomAccessCollection, Sendable {
        public typealias Indices = Range<Int>
        @usableFromInline let storage: Storage
        @usableFromInline let slot: Int
        public let endIndex: Int
        @inlinable public var startIndex: Int { 0 }

        @inlinable
        init(_ series: FrameSeries, slot: Int) {
            storage = series.storage
            self.slot = slot
            endIndex = series.count
        }

        /// - Complexity: O(1): one load.
        @inlinable
        public subscript(frame: Int) -> Value {
            precondition(frame >= 0 && frame < endIndex, "frame \(frame) outside 0..<\(endIndex)")
            return Value.fromRecorded(storage.values[slot &* storage.capacity &+ frame])
        }
    }
}

extension FrameSeries: Equatable {
    public static func == (a: FrameSeries, b: FrameSeries) -> Bool {
        guard a.count == b.count else { return false }
        for frame in 0..<a.count where !a.record(frame).sameValues(as: b.record(frame)) { return false }
        return true
    }
}

/// A type a frame column's values can be read as: `Double`, `Int` (counts, element indexes)
/// or `Bool` (flags, 0 or 1).
public protocol FrameValue: Sendable {
    /// The value a record holds, as this type.
    static func fromRecorded(_ value: Double) -> Self
}

extension Double: FrameValue {
    @inlinable public static func fromRecorded(_ value: Double) -> Double { value }
}

extension Int: FrameValue {
    @inlinable public static func fromRecorded(_ value: Double) -> Int { Int(value) }
}

extension Bool: FrameValue {
    @inlinable public static func fromRecorded(_ value: Double) -> Bool { value != 0 }
}
