/// The content's edges: arrivals at the top, and where the first element is when scrolling
/// stops there.
///
/// When scrolling reaches the top of the content, the first element must sit exactly at the
/// viewport's top and the offset must be exactly at the range's lower bound (0, or the space
/// above content smaller than the viewport): a lazy stack whose estimates above were wrong has
/// to have corrected them on the way up. Arrivals at the top are counted (`topArrivals`).
/// Whenever the top edge stops a motion, and on every arrival, the distance between the first
/// element's top and where it should be on screen is measured after the frame's layout, and
/// the worst is kept (`topLandingErrorPx`). An engine that stopped a fling on an edge estimated
/// before layout, then found the rows above taller, would leave the first element hundreds of
/// points above the viewport here.
extension Viewport {
    mutating func checkTopLanding(previousOffset: Double, _ context: inout FrameContext) {
        let top = offsetRange.lowerBound
        let arrived = physics.offset == top && previousOffset > top && content.showsFirstElement
        guard arrived || stoppedAtTop else { return }
        stoppedAtTop = false
        // On screen the first element's top is at (its y − offset); at the top edge it belongs
        // at −lowerBound (0 unless small content is aligned lower).
        let error = abs((content.firstElementTop - physics.offset) - (-top))
        context.totals.scrolling.recordTopLanding(errorPx: error, arrived: arrived)
    }
}
