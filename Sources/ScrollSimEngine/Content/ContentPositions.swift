/// Where elements are and what is on screen: the questions the viewport's programmatic scrolls,
/// `ScrollPosition` and the scroll observers ask of every content (`Viewport+ScrollTo.swift`,
/// `Viewport+ScrollPosition.swift`, `Viewport+Observer.swift`).
protocol ContentPositions: ScrollContent {
    /// Where the element is (its top and height), from what the content knows now.
    func frame(ofElement element: Int) -> (y: Double, height: Double)

    /// The index (reported in events) of the first view of a scroll destination, or nil for an
    /// offset, the middle, or an element that shows no view.
    func row(for destination: ScrollTarget.Destination) -> Int?

    /// ScrollPosition.viewID: the element at the position's anchor point of the viewport, or -1.
    func viewID(at anchor: ScrollTarget.Anchor) -> Int

    /// The first and last visible elements ((-1, -2) when none).
    var visibleElements: (Int, Int) { get }

    /// Whether every view of `element` is above the viewport's top.
    func isScrolledPast(element: Int) -> Bool
}
