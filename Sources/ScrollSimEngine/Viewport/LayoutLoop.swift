/// The viewport's layout loop as seen from outside the engine: the bound on its passes.
///
/// The loop lays the content out, applies the scroll-offset correction it asks for, and lays it
/// out again until a pass asks for none (<doc:HeightsEstimatesAndCorrections>). It runs at most
/// `maximumPasses` passes; a frame whose last pass still asks for a correction did not settle
/// (`ScrollingTotals.unsettledFrames`, the `unsettled` event). The report's texts that name the
/// bound take it from here, so they cannot say another number than the engine uses.
public enum LayoutLoop {
    /// The most layout passes one run of the loop makes before it gives up settling.
    public static let maximumPasses = 8
}
