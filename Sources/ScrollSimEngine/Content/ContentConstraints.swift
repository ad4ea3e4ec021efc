/// What the viewport tells content when it lays it out (Flutter's `SliverConstraints`, cut down
/// to what a one-axis viewport with one content needs).
///
/// The offset itself is the `layout(at:constraints:_:)` argument. Besides the room to paint in,
/// the constraints carry the one thing content placed by estimates must learn before it lays
/// out again: that the viewport applied the correction its last layout asked for. The content
/// re-bases its anchor by it (and books it) at the start of this layout, so a content that
/// never asks for a correction never receives one and has nothing to implement for it.
struct ContentConstraints: Equatable, Sendable {
    /// The viewport's extent along the scroll axis (its height): the most the content can paint.
    var viewportExtent: Double
    /// The scroll-offset correction the viewport applied since this content's last layout, at
    /// that layout's request (0 for none). The viewport applies every correction a settle pass
    /// asks for, so this is that request or 0 (`Viewport+Corrections.swift`).
    var appliedCorrection = 0.0
    /// The viewport is placing its content for `defaultScrollAnchor` (the initial anchor, or the
    /// bottom kept as content grows): a move of the anchor found while placing is part of the
    /// placement, not an offset correction, and is not booked as one (the anchor is re-based
    /// all the same).
    var placingAnchor = false

    /// The same constraints without the correction, for the parts of a content that took it
    /// already (masonry columns: the one the offset follows takes it before any lays out).
    var withoutCorrection: ContentConstraints {
        ContentConstraints(viewportExtent: viewportExtent, placingAnchor: placingAnchor)
    }
}
