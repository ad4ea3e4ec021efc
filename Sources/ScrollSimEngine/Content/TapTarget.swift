/// Content whose views keep view state a tap mutates: the `tap` script event, logged with the
/// element and its type. A lazy stack can lose that state (it evicts views with their state);
/// content that keeps every child resident (`masonryLayout`) takes the tap and never loses it
/// (<doc:ContentContract>).
protocol TapTarget: ScrollContent {
    /// A tap on an element (mutates its view state).
    mutating func tap(element: Int, _ context: inout FrameContext)
}
