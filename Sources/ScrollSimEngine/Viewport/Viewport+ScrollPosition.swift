/// What `ScrollPosition` reads back each frame (`scrollPosition(_:anchor:)`).
///
/// - `viewID`: the element at the position's anchor — the topmost visible element for `.top`,
///   the bottommost for `.bottom`, the one at the middle of the viewport for `.center` (section
///   headers are not elements). It is the only reading that follows the user's scrolling.
/// - `isPositionedByUser`: true once a gesture moved the content, false after a programmatic
///   scroll (and at launch).
/// - `edge`: the edge a programmatic `scrollTo(edge:)` put the position at, dropped as soon as
///   the user scrolls.
extension Viewport {
    /// The element at the position's anchor, or -1.
    @inline(__always)
    var viewID: Int { content.viewID(at: position.anchor) }

    /// `edge` as a frame column: 0 none, 1 top, 2 bottom.
    var atEdgeCode: Int {
        switch positionEdge {
        case .top: return 1
        case .bottom: return 2
        default: return 0
        }
    }
}
