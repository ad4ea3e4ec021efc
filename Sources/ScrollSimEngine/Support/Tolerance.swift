/// The one tolerance the engine uses to compare lengths and times in floating point.
///
/// Positions are sums of many heights, so exact equality is meaningless except where the engine
/// sets a value exactly (element 0 at y = 0, contentOffset clamped to 0). Everything else that
/// asks "did this move?" or "does this fit?" asks it with this tolerance.
enum Tolerance {
    /// Points: differences smaller than this are not movement (a thousandth of a point).
    static let points: Double = 1e-3
    /// Milliseconds: work within this of the budget still fits the frame.
    static let milliseconds: Double = 1e-9
}
