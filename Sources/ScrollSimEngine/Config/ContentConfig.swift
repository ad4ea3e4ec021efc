/// The list's data: how many elements, of which view types, grouped how.
public struct ContentConfig: Equatable, Sendable {
    public var count: Int
    public var types: [ViewTypeSpec]
    public var sections: SectionsConfig?
    /// Per-element data (from `content.data`): a type and size per element, overriding the draws.
    public var items: [ElementData]?
    /// Pages loaded as the user reaches the end (`count` elements are there from the start).
    public var pagination: PaginationConfig?

    public init(count: Int, types: [ViewTypeSpec], sections: SectionsConfig? = nil, items: [ElementData]? = nil) {
        self.count = count
        self.types = types
        self.sections = sections
        self.items = items
    }
}

/// Sections of `every` elements, each led by a header row.
public struct SectionsConfig: Equatable, Sendable {
    public var every: Int
    public var header: ViewTypeSpec

    public init(every: Int, header: ViewTypeSpec) {
        self.every = every
        self.header = header
    }
}

/// One element's data from a data file: its type, and the parameter its height is drawn from
/// (a height in points, a character count or an aspect ratio, per its type's height form).
public struct ElementData: Equatable, Sendable {
    public var typeIndex: Int?
    public var heightParameter: Double?

    public init(typeIndex: Int? = nil, heightParameter: Double? = nil) {
        self.typeIndex = typeIndex
        self.heightParameter = heightParameter
    }
}

/// Infinite scrolling: the next page of elements is loaded when the user nears the end of what
/// is loaded, after a latency, with a spinner row at the end while a load is in flight.
public struct PaginationConfig: Equatable, Sendable {
    /// What starts the next page's load.
    public enum Trigger: Equatable, Sendable {
        /// The last loaded element's onAppear (the common pattern: it fires only once the user
        /// is already at the end).
        case lastItemAppear
        /// The last loaded element is built ahead of need by prefetch (a loader started in init):
        /// the load begins a prefetch window before the user gets there.
        case prefetch
        /// The onAppear of any element within `k` of the end.
        case itemsFromEnd(Int)
    }

    public var pageSize: Int
    public var latencyMs: Double
    /// Every element there is; loading stops there (`hasMore` false).
    public var total: Int
    public var trigger: Trigger
    /// The spinner row's height while a load is in flight.
    public var spinnerHeight: Double

    public init(pageSize: Int, latencyMs: Double, total: Int, trigger: Trigger = .lastItemAppear, spinnerHeight: Double = 44) {
        self.pageSize = pageSize
        self.latencyMs = latencyMs
        self.total = total
        self.trigger = trigger
        self.spinnerHeight = spinnerHeight
    }
}
