/// The list's data: how many elements, of which view types, grouped how.
public struct ContentConfig: Equatable, Sendable {
    public var count: Int
    public var types: [ViewTypeSpec]
    public var sections: SectionsConfig?
    /// Per-element data (from `content.data`): a type and size per element, overriding the draws.
    public var items: [ElementData]?

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
