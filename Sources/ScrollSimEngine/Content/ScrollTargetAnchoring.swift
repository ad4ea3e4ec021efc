/// Content placed by estimates, which keeps a scroll target where the viewport put it by
/// anchoring its next layouts on it (a lazy stack, masonry columns). Content that places every
/// element exactly (a `Layout` that measured every child) has nothing to re-take and does not
/// adopt this: the viewport's jump to the target is all a scroll needs there.
protocol ScrollTargetAnchoring: ScrollContent {
    /// Anchors the next layout on the first view of `destination`, wherever it is now; for
    /// `.offset(y)`, on the first view shown at y (how the viewport anchors a jump to an offset
    /// or to the middle).
    mutating func anchor(on destination: ScrollTarget.Destination)
}
