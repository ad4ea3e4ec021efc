/// The per-frame record of a run, one column per quantity (the report's `frames`).
///
/// Columns are reserved for the most frames the duration allows, so recording a frame appends to
/// existing storage and never allocates.
public struct FrameSeries: Equatable, Sendable {
    public private(set) var timeMs: [Double] = []
    public private(set) var offset: [Double] = []
    public private(set) var workMs: [Double] = []
    /// Work by phase: `phaseMs[phase.rawValue][frame]`.
    public private(set) var phaseMs: [[Double]] = []
    public private(set) var dropped: [Int] = []
    /// Of `dropped`, the frames lost to the render server.
    public private(set) var renderDropped: [Int] = []
    /// Render-server work of the frame, ms (the stage after the commit).
    public private(set) var renderServerMs: [Double] = []
    /// Prefetch work past the deadline the frame's required work would have met, ms (0 unless
    /// prefetch made the frame late).
    public private(set) var prefetchOverrunMs: [Double] = []
    /// Which interval the frame belongs to: launch, scroll or rest.
    public private(set) var interval: [FrameAccounting.Interval] = []
    public private(set) var memoryBytes: [Int] = []
    public private(set) var visible: [Int] = []
    public private(set) var prefetched: [Int] = []
    public private(set) var cached: [Int] = []
    public private(set) var estimatedHeight: [Double] = []
    public private(set) var trueHeight: [Double] = []
    public private(set) var corrections: [Int] = []
    public private(set) var correctionPx: [Double] = []
    public private(set) var visibleJumps: [Int] = []
    public private(set) var blankFraction: [Double] = []
    /// ScrollPosition.viewID: the element at the position's anchor, or -1.
    public private(set) var viewID: [Int] = []
    /// ScrollPosition.isPositionedByUser (a gesture set the position last).
    public private(set) var positionedByUser: [Bool] = []
    /// The edge a programmatic scroll put the position at: 0 none, 1 top, 2 bottom.
    public private(set) var atEdge: [Int] = []
    /// Views unloaded in the frame while their scroll transition still showed them.
    public private(set) var poppedViews: [Int] = []

    public init(reserving capacity: Int) {
        timeMs.reserveCapacity(capacity)
        offset.reserveCapacity(capacity)
        workMs.reserveCapacity(capacity)
        phaseMs = PhaseWork.Phase.allCases.map { _ in
            var column: [Double] = []
            column.reserveCapacity(capacity)
            return column
        }
        dropped.reserveCapacity(capacity)
        renderDropped.reserveCapacity(capacity)
        renderServerMs.reserveCapacity(capacity)
        prefetchOverrunMs.reserveCapacity(capacity)
        interval.reserveCapacity(capacity)
        memoryBytes.reserveCapacity(capacity)
        visible.reserveCapacity(capacity)
        prefetched.reserveCapacity(capacity)
        cached.reserveCapacity(capacity)
        estimatedHeight.reserveCapacity(capacity)
        trueHeight.reserveCapacity(capacity)
        corrections.reserveCapacity(capacity)
        correctionPx.reserveCapacity(capacity)
        visibleJumps.reserveCapacity(capacity)
        blankFraction.reserveCapacity(capacity)
        viewID.reserveCapacity(capacity)
        positionedByUser.reserveCapacity(capacity)
        atEdge.reserveCapacity(capacity)
        poppedViews.reserveCapacity(capacity)
    }

    public var count: Int { timeMs.count }

    /// - Complexity: O(1), allocation-free within the reserved capacity.
    public mutating func append(_ frame: FrameRecord) {
        timeMs.append(frame.timeMs)
        offset.append(frame.offset)
        workMs.append(frame.work.total)
        for phase in PhaseWork.Phase.allCases {
            phaseMs[phase.rawValue].append(frame.work[phase])
        }
        dropped.append(frame.dropped)
        renderDropped.append(frame.renderDropped)
        renderServerMs.append(frame.renderServerMs)
        prefetchOverrunMs.append(frame.prefetchOverrunMs)
        interval.append(frame.interval)
        memoryBytes.append(frame.memoryBytes)
        visible.append(frame.visible)
        prefetched.append(frame.prefetched)
        cached.append(frame.cached)
        estimatedHeight.append(frame.estimatedHeight)
        trueHeight.append(frame.trueHeight)
        corrections.append(frame.corrections)
        correctionPx.append(frame.correctionPx)
        visibleJumps.append(frame.visibleJumps)
        blankFraction.append(frame.blankFraction)
        viewID.append(frame.viewID)
        positionedByUser.append(frame.positionedByUser)
        atEdge.append(frame.atEdge)
        poppedViews.append(frame.poppedViews)
    }
}

/// One frame's numbers, as the stack and the clock produced them.
public struct FrameRecord: Equatable, Sendable {
    public var timeMs = 0.0
    public var offset = 0.0
    public var work = PhaseWork()
    public var dropped = 0
    public var renderDropped = 0
    public var renderServerMs = 0.0
    public var prefetchOverrunMs = 0.0
    public var interval = FrameAccounting.Interval.launch
    public var memoryBytes = 0
    public var visible = 0
    public var prefetched = 0
    public var cached = 0
    public var estimatedHeight = 0.0
    public var trueHeight = 0.0
    public var corrections = 0
    public var correctionPx = 0.0
    public var visibleJumps = 0
    public var blankFraction = 0.0
    public var viewID = -1
    public var positionedByUser = false
    public var atEdge = 0
    public var poppedViews = 0

    public init() {}
}
