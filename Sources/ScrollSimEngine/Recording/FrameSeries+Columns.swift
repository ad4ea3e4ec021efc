/// The columns by name, typed, for code that reads a few of them (the summary, attribution,
/// tests). A column needs no property here: `frames[.poppedViews]` reads any column, and
/// `frames.column(.poppedViews, as: Int.self)` as a type.
extension FrameSeries {
    @inlinable public var timeMs: Column<Double> { self[.timeMs] }
    @inlinable public var offset: Column<Double> { self[.offset] }
    @inlinable public var workMs: Column<Double> { self[.workMs] }
    /// Work by phase: `phaseMs[.body][frame]`.
    @inlinable public var phaseMs: ByPhase<Column<Double>> { ByPhase(work) }
    @inlinable public var dropped: Column<Int> { column(.dropped) }
    /// Of `dropped`, the frames lost to the render server.
    @inlinable public var renderDropped: Column<Int> { column(.renderDropped) }
    @inlinable public var renderServerMs: Column<Double> { self[.renderServerMs] }
    @inlinable public var prefetchOverrunMs: Column<Double> { self[.prefetchOverrunMs] }
    @inlinable public var memoryBytes: Column<Int> { column(.memoryBytes) }
    @inlinable public var visible: Column<Int> { column(.visible) }
    @inlinable public var prefetched: Column<Int> { column(.prefetched) }
    @inlinable public var cached: Column<Int> { column(.cached) }
    @inlinable public var estimatedHeight: Column<Double> { self[.estimatedHeight] }
    @inlinable public var trueHeight: Column<Double> { self[.trueHeight] }
    @inlinable public var corrections: Column<Int> { column(.corrections) }
    @inlinable public var correctionPx: Column<Double> { self[.correctionPx] }
    @inlinable public var visibleJumps: Column<Int> { column(.visibleJumps) }
    @inlinable public var blankFraction: Column<Double> { self[.blankFraction] }
    /// ScrollPosition.viewID: the element at the position's anchor, or -1.
    @inlinable public var viewID: Column<Int> { column(.viewID) }
    /// ScrollPosition.isPositionedByUser (a gesture set the position last).
    @inlinable public var positionedByUser: Column<Bool> { column(.positionedByUser) }
    /// The edge a programmatic scroll put the position at: 0 none, 1 top, 2 bottom.
    @inlinable public var atEdge: Column<Int> { column(.atEdge) }
    /// Views unloaded in the frame while their scroll transition still showed them.
    @inlinable public var poppedViews: Column<Int> { column(.poppedViews) }

    /// Which interval each frame belongs to: launch, scroll or rest (from `launch` and `moving`).
    /// - Complexity: O(frames): an array is made on each call.
    public var interval: [FrameAccounting.Interval] {
        zip(self[.launch], self[.moving]).map { launch, moving in launch != 0 ? .launch : moving != 0 ? .scroll : .rest }
    }
}
