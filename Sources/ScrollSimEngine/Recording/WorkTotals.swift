/// The views a run built, evaluated, laid out and showed (prefetch and re-layouts included).
public struct WorkTotals: Equatable, Sendable {
    public var bodyEvaluations = 0
    public var layoutPasses = 0
    /// Views built from nothing inside a frame (no prefetch had finished them).
    public var coldBuilds = 0
    /// onAppear calls.
    public var appears = 0
    /// Items built in nested rows.
    public var nestedItemsBuilt = 0
    /// Async content arrivals.
    public var contentLoads = 0

    public init() {}

    /// A view's body evaluated again (`bodies` evaluations, one per cell of a grid row, else
    /// one) and the view laid out again (a layout pass per cell too).
    /// - Complexity: O(1)
    mutating func recordReevaluation(bodies: Int) {
        bodyEvaluations += bodies
        layoutPasses += bodies
    }

    /// An item of a nested row built: one body and one layout.
    /// - Complexity: O(1)
    mutating func recordNestedItem() {
        nestedItemsBuilt += 1
        recordReevaluation(bodies: 1)
    }
}
