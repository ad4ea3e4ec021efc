/// Placeholder area on screen (the blank area of FlashList and React Native), over frames.
public struct BlankAreaTotals: Equatable, Sendable {
    /// Frames with any blank area, and with more than half the viewport blank.
    public var frames = 0
    public var mostlyBlankFrames = 0
    /// The blank fraction of the viewport, summed over frames, and its largest in one frame.
    public var fractionSum = 0.0
    public var fractionMax = 0.0

    public init() {}

    /// A frame showed `fraction` (0…1) of the viewport blank.
    /// - Complexity: O(1)
    mutating func recordFrame(blankFraction fraction: Double) {
        guard fraction > 0 else { return }
        frames += 1
        if fraction > 0.5 { mostlyBlankFrames += 1 }
        fractionSum += fraction
        fractionMax = max(fractionMax, fraction)
    }
}
