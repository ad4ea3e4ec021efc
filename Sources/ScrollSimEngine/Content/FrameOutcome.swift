/// What content answers as a frame finishes (`ScrollContent.finish(_:_:)`): the figures of the
/// frame that only rendering finds, as `ContentGeometry` is the answer of layout. The viewport
/// records the blank fraction (in the frame's column and the run's blank-area totals, once for
/// the whole content); the clock takes the render server's work and the extra ticks.
struct FrameOutcome: Equatable, Sendable {
    /// The fraction of the viewport showing placeholders (0…1).
    var blankFraction = 0.0
    /// Vsync intervals the commit needs beyond its work: 1 when a layout feedback loop (a
    /// GeometryReader's sizes read during a scroll) waits for a second transaction.
    var extraCommitTicks = 0
    /// The render server's work for the frame (the stage after the commit), ms: compositing
    /// each visible view and its effects' offscreen passes (`ViewTypeSpec.Rendering`).
    var renderServerMs = 0.0
}
