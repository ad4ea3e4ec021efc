/// The content's figures at the end of a frame.
struct ContentReadings: Equatable, Sendable {
    var memoryBytes: Int
    var visibleCount: Int
    var prefetchedCount: Int
    var cachedCount: Int
    /// The content's true extent at the current width (what a device would eventually measure).
    var trueExtent: Double
}
