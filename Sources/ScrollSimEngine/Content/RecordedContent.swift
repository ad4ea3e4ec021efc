/// What the frame record and the result read from the content at the end of every frame
/// (`Playback.recordFrame`), in one value.
protocol RecordedContent: ScrollContent {
    /// The content's figures now: memory, views by state, the true extent.
    var readings: ContentReadings { get }

    /// Rows the content holds (a grid row holds several elements): the result's `rowCount`.
    var rowCount: Int { get }
}

/// The content's figures at the end of a frame.
struct ContentReadings: Equatable, Sendable {
    var memoryBytes: Int
    var visibleCount: Int
    var prefetchedCount: Int
    var cachedCount: Int
    /// The content's true extent at the current width (what a device would eventually measure).
    var trueExtent: Double
}
