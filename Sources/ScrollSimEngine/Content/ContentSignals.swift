/// What happened to elements this frame, for an app's paging loader.
struct ContentSignals: Equatable, Sendable {
    /// The highest element whose onAppear fired this frame, and the highest whose view was
    /// built (in the frame or ahead of need), or -1.
    var maxAppeared = -1
    var maxBuilt = -1
}
