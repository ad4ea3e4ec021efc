/// How tall a child view really is, as a function of the width it is offered.
///
/// Each element draws one parameter from the spec's distribution when the content is built (a
/// height, a character count, or an aspect ratio); `height(parameter:width:)` turns it into points
/// for a width. Text and aspect heights change with the width, which is what makes a rotation
/// change every height in the list.
public enum HeightSpec: Equatable, Sendable {
    /// A height in points that does not depend on width.
    case absolute(Distribution)
    /// Wrapped text: `base + lineHeight · ceil(chars · charWidth / (width − padding))`, lines capped
    /// by `lineLimit` when given: the fix for clipped captions.
    case text(TextMetrics)
    /// An image: `width × aspect`.
    case aspect(Distribution)

    public struct TextMetrics: Equatable, Sendable {
        public var chars: Distribution
        public var lineHeight: Double
        public var base: Double
        public var charWidth: Double
        public var padding: Double
        public var lineLimit: Int?

        public static let defaultBase = 0.0
        public static let defaultCharWidth = 7.5
        public static let defaultPadding = 32.0

        public init(
            chars: Distribution, lineHeight: Double, base: Double = TextMetrics.defaultBase,
            charWidth: Double = TextMetrics.defaultCharWidth, padding: Double = TextMetrics.defaultPadding, lineLimit: Int? = nil
        ) {
            self.chars = chars
            self.lineHeight = lineHeight
            self.base = base
            self.charWidth = charWidth
            self.padding = padding
            self.lineLimit = lineLimit
        }

        /// Lines of text at a width; at least one line however narrow the width.
        public func lines(chars count: Double, width: Double) -> Int {
            let usable = Swift.max(width - padding, charWidth)
            let raw = Swift.max(1, Int((count * charWidth / usable).rounded(.up)))
            if let lineLimit { return Swift.min(raw, lineLimit) }
            return raw
        }
    }

    /// The distribution drawn once per child when the content is built.
    public var parameter: Distribution {
        switch self {
        case .absolute(let distribution): return distribution
        case .text(let metrics): return metrics.chars
        case .aspect(let distribution): return distribution
        }
    }

    /// Whether a change of width changes the height.
    public var dependsOnWidth: Bool {
        if case .absolute = self { return false }
        return true
    }

    /// - Complexity: O(1)
    public func height(parameter: Double, width: Double) -> Double {
        switch self {
        case .absolute:
            return Swift.max(0, parameter)
        case .text(let metrics):
            let lines = metrics.lines(chars: Swift.max(0, parameter), width: width)
            return metrics.base + metrics.lineHeight * Double(lines)
        case .aspect:
            return Swift.max(0, width * parameter)
        }
    }
}
