/// One frame's values: one per `FrameColumn`, and the frame's work by phase.
///
/// The simulation starts a blank record with each frame (`FrameContext.record`); each stage of
/// the frame sets the columns it computes (`context.record[.visibleJumps] = 1`), and the
/// simulation appends the record whole to the run's `FrameSeries` when the frame closes. A
/// column nobody sets in a frame is 0.
///
/// The values are `Double`s in a fixed-size inline array, so setting one is a store and a record
/// is copied with one move: counts, flags (0 or 1) and element indexes are held exactly (below
/// 2^53).
public struct FrameRecord: Sendable {
    /// Where the phases' work starts among the slots; the columns come first, at their
    /// `rawValue`, so there is room for `phaseBase` columns.
    @usableFromInline static let phaseBase = 32
    /// The slots: the columns, then the 8 phases.
    @usableFromInline var slots: InlineArray<40, Double>
    /// How many slots a record has.
    static let slotCount = 40

    public init() {
        slots = InlineArray(repeating: 0)
    }

    /// A column's value in this frame.
    /// - Complexity: O(1)
    @inlinable
    public subscript(column: FrameColumn) -> Double {
        get { slots[column.rawValue] }
        set { slots[column.rawValue] = newValue }
    }

    /// The frame's work in one phase (`phaseMs.<phase>`).
    @inlinable
    public subscript(phase phase: PhaseWork.Phase) -> Double {
        get { slots[FrameRecord.slot(of: phase)] }
        set { slots[FrameRecord.slot(of: phase)] = newValue }
    }

    /// The frame's work by phase; setting it sets `workMs` to its total too.
    public var work: PhaseWork {
        get {
            var work = PhaseWork()
            for phase in PhaseWork.Phase.allCases { work[phase] = self[phase: phase] }
            return work
        }
        set {
            self[phase: .input] = newValue.input
            self[phase: .initialize] = newValue.initialize
            self[phase: .body] = newValue.body
            self[phase: .layout] = newValue.layout
            self[phase: .appear] = newValue.appear
            self[phase: .render] = newValue.render
            self[phase: .prefetch] = newValue.prefetch
            self[phase: .overhead] = newValue.overhead
            self[.workMs] = newValue.total
        }
    }

    /// Whether every column and phase holds the same value (`==` on `Double`s).
    func sameValues(as other: FrameRecord) -> Bool {
        for slot in slots.indices where slots[slot] != other.slots[slot] { return false }
        return true
    }
}
