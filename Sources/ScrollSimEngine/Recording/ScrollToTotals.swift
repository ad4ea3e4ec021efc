/// Programmatic scrolls (`scrollTo` in the script) and how they landed.
public struct ScrollToTotals: Equatable, Sendable {
    /// Scrolls requested, landed, interrupted or missed alike.
    public var count = 0
    /// Frames from the requests to their landings.
    public var frames = 0
    /// The worst distance between where a target should be and where it is once the content
    /// has settled after the landing.
    public var landingErrorPx = 0.0
    /// Main-thread work spent finding targets among views (0 when every element has one child:
    /// the index comes from the data).
    public var lookupMs = 0.0
    /// The largest settle of an animated scroll: how far the content moved in the frame the
    /// animation ended, onto the target re-resolved after the views around it were measured.
    public var settlePx = 0.0
    /// Scrolls a gesture or another scroll took over before they landed (not landings).
    public var interrupted = 0
    /// Scrolls to an element that shows no view (a conditional body that returned nothing).
    public var missed = 0

    public init() {}

    /// A landing judged, `errorPx` off its target.
    /// - Complexity: O(1)
    mutating func recordLanding(errorPx: Double) {
        landingErrorPx = max(landingErrorPx, errorPx)
    }

    /// An animated scroll settled by `px` in the frame its animation ended.
    /// - Complexity: O(1)
    mutating func recordSettle(_ px: Double) {
        settlePx = max(settlePx, px)
    }
}
