/// A column of the per-frame record, the report's `frames`: one value per frame, declared here
/// once for everything that carries it — the frame's record (`FrameRecord`), the run's series
/// (`FrameSeries`), the report's writer, reader and JSON Schema, and the report reference.
///
/// A column's value is set where it is computed, during the frame, on the frame's record
/// (`context.record[.poppedViews] += n` in the stack, `record[.memoryBytes] = …` when the
/// simulation closes the frame); the record is appended whole to the series, and the report
/// writes every column of the series. Adding a column is a case here with its definition, and
/// the line that sets its value.
///
/// Besides these, `frames` holds `count` (the number of frames) and `phaseMs`, an object with a
/// column per phase of the frame's work (`PhaseWork.Phase.allCases`).
public enum FrameColumn: Int, CaseIterable, Sendable {
    case timeMs
    case offset
    case workMs
    case dropped
    case renderDropped
    case renderServerMs
    case prefetchOverrunMs
    case launch
    case memoryBytes
    case visible
    case prefetched
    case cached
    case estimatedHeight
    case trueHeight
    case estimateErrorPx
    case corrections
    case correctionPx
    case visibleJumps
    case blankFraction
    case viewID
    case positionedByUser
    case atEdge
    case poppedViews
    case moving

    /// Everything the schema says about one column.
    public struct Definition: Sendable {
        /// The unit of its values ("" for counts, fractions, identifiers and flags).
        public var unit: String
        /// Whether a reader refuses a report without it. Charts read the others as zeros when
        /// they are absent, so an older or trimmed report still renders.
        public var required: Bool
        public var meaning: String
        /// The column holds element indexes (or -1 for none), which a report writes as the data
        /// file's ids when the scenario has them (and none as `null`); the others hold numbers.
        public var elements: Bool

        init(_ unit: String, required: Bool = false, elements: Bool = false, _ meaning: String) {
            self.unit = unit
            self.required = required
            self.elements = elements
            self.meaning = meaning
        }
    }

    public var definition: Definition {
        switch self {
        case .timeMs:
            return .init("ms", required: true, "when the frame started (a vsync tick)")
        case .offset:
            return .init("pt", "the content offset the frame showed")
        case .workMs:
            return .init("ms", required: true, "main-thread work of the frame: the sum of its phases")
        case .dropped:
            return .init("", required: true, "vsync intervals the frame missed (it was presented that many ticks late): the commit's overrun plus the render server's")
        case .renderDropped:
            return .init("", "of `dropped`, the intervals lost to the render server")
        case .renderServerMs:
            return .init("ms", "render-server work for the frame, in the interval after its commit")
        case .prefetchOverrunMs:
            return .init("ms", "prefetch work past the deadline the frame's required work would have met (0 unless prefetch made the frame late)")
        case .launch:
            return .init("", "1 for the frames until the first screen was complete, else 0")
        case .memoryBytes:
            return .init("B", required: true, "modeled memory held at the end of the frame")
        case .visible:
            return .init("", "views on screen")
        case .prefetched:
            return .init("", "views built ahead of need and not yet shown")
        case .cached:
            return .init("", "views kept alive after leaving (in an eager stack, every built view off screen)")
        case .estimatedHeight:
            return .init("pt", "the stack's content height: measured rows plus estimates for the rest")
        case .trueHeight:
            return .init("pt", "the content's true height at the current width")
        case .estimateErrorPx:
            return .init("pt", "estimatedHeight − trueHeight")
        case .corrections:
            return .init("", "offset corrections made in the frame")
        case .correctionPx:
            return .init("pt", "their total size")
        case .visibleJumps:
            return .init("", "1 when a view visible before and after moved by other than the scroll")
        case .blankFraction:
            return .init("", "the fraction of the viewport showing placeholders")
        case .viewID:
            return .init("", elements: true, "ScrollPosition.viewID: the element at the position's anchor (`stack.scrollPosition.anchor`; the topmost visible one by default), its data-file id when the data gives ids, else its index; null or -1 when none")
        case .positionedByUser:
            return .init("", "ScrollPosition.isPositionedByUser: 1 once a gesture set the position, 0 after a programmatic scroll (and at launch)")
        case .atEdge:
            return .init("", "ScrollPosition.edge: the edge a programmatic scroll put the position at, 1 top, 2 bottom, 0 none (dropped once the user scrolls)")
        case .poppedViews:
            return .init("", "views unloaded in the frame while their scroll transition still showed them")
        case .moving:
            return .init("", "1 for the frames of the scroll interaction (after launch, a gesture, fling or animated scroll moving content that can move), else 0")
        }
    }

    /// The key in `frames`: the case's name.
    public var key: String { FrameColumn.keys[rawValue] }

    private static let keys: [String] = allCases.map { String(describing: $0) }

    /// What each phase's column holds.
    public static func meaning(of phase: PhaseWork.Phase) -> String {
        switch phase {
        case .input: return "touch handling and scroll physics, on frames where the content moves"
        case .initialize: return "view initializers"
        case .body: return "body evaluations"
        case .layout: return "layout passes"
        case .appear: return "onAppear handlers"
        case .render: return "rendering the visible views"
        case .overhead: return "the fixed per-frame cost (`device.frameOverheadMs`)"
        case .prefetch: return "idle-time prefetch: init, body and layout of views built ahead of need"
        }
    }
}
