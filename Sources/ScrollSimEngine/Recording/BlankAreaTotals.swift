/// Placeholder area on screen (the blank area of FlashList and React Native), over frames.
public struct BlankAreaTotals: Equatable, Sendable {
    /// Frames with any blank area, and with more than half the viewport blank.
    public var frames = 0
    public var mostlyBlankFrames = 0
    /// The blank fraction of the viewport, summed over frames, and its largest in one frame.
    public var fractionSum = 0.0
    public var fractionMax = 0.0

    public init() {}

    /// The least fraction of the viewport that counts as blank: half of 1/10,000, under a
    /// twentieth of a point of an 852 pt screen, less than a pixel at any display scale. A
    /// frame's `blankFraction` column is written to 1/10,000, so a frame counted here reads as
    /// blank in its column and one not counted reads 0.
    static let leastCounted = 0.5

    /// A frame showed `fraction` (0…1) of the viewport blank; less than `leastCounted`
    /// ten-thousandths shows nothing and is not recorded.
    /// - Complexity: O(1)
    mutating func recordFrame(blankFraction fraction: Double) {
        // The same product the report's writer rounds (half away from zero) to its 4 decimals.
        guard fraction * 10_000 >= Self.leastCounted else { return }
        frames += 1
        if fraction > 0.5 { mostlyBlankFrames += 1 }
        fractionSum += fraction
        fractionMax = max(fractionMax, fraction)
    }
}
