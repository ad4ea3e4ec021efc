/// Content that must construct views to find an element for `scrollTo(id:)` (a lazy stack whose
/// elements have several or conditional children). Content that finds every element from the
/// data alone — one child per element, or every child resident — does not adopt this: finding
/// costs it nothing (`scrollTo.lookupMs` stays 0).
protocol ElementLookUp: ScrollContent {
    /// The main-thread work of finding an element for `scrollTo(id:)` (charged to the frame).
    mutating func lookUp(element: Int, _ context: inout FrameContext) -> Double
}
