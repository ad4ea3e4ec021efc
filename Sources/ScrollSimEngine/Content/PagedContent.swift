/// What an app's paging loader sees of the content and does to it (`Paginator`), and the
/// `append` script event: elements arriving at the end of the data, and a footer row (a paging
/// spinner) while a page loads.
protocol PagedContent: ScrollContent {
    /// What the content saw this frame that an app's paging loader reacts to.
    var signals: ContentSignals { get }

    /// Elements in the list now.
    var liveElementCount: Int { get }

    /// `k` elements are appended at the end of the data.
    mutating func append(elements k: Int, _ context: inout FrameContext)

    /// A footer row at the end (a paging spinner) of this height, or none (0).
    mutating func setFooter(height: Double)

    /// Whether the footer is on screen.
    var footerVisible: Bool { get }
}

/// What happened to elements this frame, for an app's paging loader.
struct ContentSignals: Equatable, Sendable {
    /// The highest element whose onAppear fired this frame, and the highest whose view was
    /// built (in the frame or ahead of need), or -1.
    var maxAppeared = -1
    var maxBuilt = -1
}
