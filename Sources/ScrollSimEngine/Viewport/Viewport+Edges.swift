/// The content's edges: arrivals at the top, and where the first element is when they happen.
///
/// When scrolling reaches the top of the content, the first element must sit exactly at the
/// viewport's top and the offset must be exactly 0: a lazy stack whose estimates above were
/// wrong has to have corrected them on the way up. Every arrival is counted and the worst
/// distance between the first element's top and the offset is kept (`topLandingErrorPx`).
extension Viewport {
    mutating func checkTopLanding(previousOffset: Double, _ context: inout FrameContext) {
        guard physics.offset == 0, previousOffset > 0, content.showsFirstElement else { return }
        context.totals.topArrivals += 1
        let error = abs(content.firstElementTop - physics.offset)
        context.totals.topLandingErrorPx = max(context.totals.topLandingErrorPx, error)
    }
}
