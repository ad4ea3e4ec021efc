extension StackConfig.Kind {
    /// What a kind of stack lays out, for the readers that treat kinds alike: the metrics that
    /// apply to a report, the replay's lanes. Decided here once, by an exhaustive switch, so a
    /// new kind cannot be missed by a reader that names kinds by hand.
    public enum Family: Sendable {
        /// One column of rows (`vStack`, `lazyVStack`).
        case list
        /// Rows of cells side by side (`lazyVGrid`, `pairedRows`).
        case grid
        /// Columns of items placed by height (`masonryLayout`, `masonryColumns`).
        case masonry
    }

    public var family: Family {
        switch self {
        case .vStack, .lazyVStack: return .list
        case .lazyVGrid, .pairedRows: return .grid
        case .masonryLayout, .masonryColumns: return .masonry
        }
    }

    /// Whether the kind builds its children on demand. A `lazyVStack` can still be played
    /// eagerly (nested in a plain scroll view before iOS 26): that is the engine's decision at
    /// set-up, not the kind's.
    public var isLazy: Bool {
        switch self {
        case .vStack, .masonryLayout: return false
        case .lazyVStack, .lazyVGrid, .pairedRows, .masonryColumns: return true
        }
    }
}
