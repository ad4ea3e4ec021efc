/// What a run asks of its content beyond the viewport's contract (`ContentPositions`): an app's
/// paging loader and the `append` event, the `environment` event, and the frame record. Every
/// kind of content a run plays adopts all of it, so it is one protocol; it is apart from
/// `ContentPositions` because a viewport alone (its tests' content) needs none of it. What only
/// some content can do stays in protocols of its own (`ScrollTargetAnchoring`, `ElementLookUp`,
/// `TapTarget`, `PendingWorkAtEnd`).
protocol PlayedContent: ContentPositions {
    // MARK: Paging: what an app's paging loader sees and does (`Paginator`), and `append`

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

    // MARK: Environment: the `environment` script event

    /// An environment value changed: resident bodies that read it are evaluated again. Returns
    /// how many.
    @discardableResult
    mutating func environmentChanged(key: String, _ context: inout FrameContext) -> Int

    // MARK: The frame record (`Playback.recordFrame`) and the result

    /// The content's figures now: memory, views by state, the true extent.
    var readings: ContentReadings { get }

    /// Rows the content holds (a grid row holds several elements): the result's `rowCount`.
    var rowCount: Int { get }
}
