/// Content that can hold work still pending when the run ends (prefetched views not shown yet,
/// grid waste accumulated per row) and books it then.
protocol PendingWorkAtEnd: ScrollContent {
    /// The run is over (count what is still pending).
    mutating func finishRun(_ context: inout FrameContext)
}
