/// Content whose views keep view state a tap mutates, and can lose (a lazy stack evicts views
/// with their state): the `tap` script event. Content that keeps every child resident
/// (`masonryLayout`) does not adopt this: no view state of it can be lost, and a tap changes
/// nothing there (<doc:ContentContract>).
protocol TapTarget: ScrollContent {
    /// A tap on an element (mutates its view state).
    mutating func tap(element: Int, _ context: inout FrameContext)
}
