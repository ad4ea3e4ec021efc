import ScrollSimEngine

/// The keys of layouts of several columns (grids, masonry), of a stack nested in another scroll
/// view, and of the platform whose behaviour that depends on.
///
/// A key that only one stack kind reads is an error with another kind (`stack.grid` with a
/// `masonryColumns` stack), naming the key and the kind: the engine would ignore it, and a value
/// that silently changes nothing is a mistake a reader of the file cannot see.
extension ScenarioKeys {
    /// The kinds that lay out rows of grid cells.
    package static let gridKinds = StackConfig.Kind.allCases.filter { $0.family == .grid }
    /// The masonry kinds.
    package static let masonryKinds = StackConfig.Kind.allCases.filter { $0.family == .masonry }

    // MARK: device

    static let platform: KeyDeclaration<DeviceConfig> = .choice(
        "platform", \.platform,
        "the iOS version, where SwiftUI's behaviour differs by version: before `\"ios26\"` a LazyVStack in a nested ScrollView (`stack.nestedIn`) does not load lazily")

    // MARK: stack

    static let stackLayoutKeys: [KeyDeclaration<StackConfig>] = [
        .object("grid", \.grid, grid, "`lazyVGrid` and `pairedRows`: the columns (`columns` or `adaptiveMinimum`) and the space between cells"),
        .object("masonry", \.masonry, masonry, "`masonryLayout` and `masonryColumns`: the columns and how items are distributed among them"),
        .number("imagePrefetchPt", \.imagePrefetchPt, lengthRange, unit: "pt",
                "the data layer loads the async content of every element within this many points of the viewport, whether or not its view exists, so images are there when cells are built (the build plan's ±500 pt); 0: off. Not with `masonryLayout` (every child is resident)"),
        .choice("nestedIn", \.nestedIn,
                "`\"scrollView\"`: the stack sits in another ScrollView; a `lazyVStack` there builds every child up front, like a VStack, on `device.platform` before `\"ios26\"`. Only with `vStack` and `lazyVStack`"),
    ]

    static let grid = ObjectDeclaration<StackConfig.GridConfig>(
        "grid", "A grid's columns, fixed or adaptive, and the space between the cells of a row (rows are `stack.spacing` apart).",
        defaults: StackConfig.GridConfig(),
        keys: [
            .custom("columns", shape: .integer(1...64),
                    "`GridItem(.flexible())` × k: k columns of equal width (give `columns` or `adaptiveMinimum`)",
                    decode: { json, _, _ in json.numberValue.map { Int($0) } }, store: { $0.columns = .fixed($1) },
                    encode: { if case .fixed(let k) = $0.columns { return .number(Double(k)) } else { return nil } }),
            .custom("adaptiveMinimum", shape: .number(1...10_000, unit: "pt"), defaultNote: "none",
                    "`GridItem(.adaptive(minimum:))`: as many columns of at least this width as fit, ⌊(width + spacing) / (minimum + spacing)⌋ (at least 1), again after every width change",
                    decode: { json, _, _ in json.numberValue }, store: { $0.columns = .adaptive(minimum: $1) },
                    encode: { if case .adaptive(let minimum) = $0.columns { return .number(minimum) } else { return nil } }),
            .number("spacing", \.spacing, 0...10_000, unit: "pt", "points between the cells of a row"),
        ],
        rules: [.atMostOne("columns", "adaptiveMinimum")]
    )

    static let masonry = ObjectDeclaration<StackConfig.MasonryConfig>(
        "masonry", "Masonry: each item goes to the shortest column by its precomputed height (column width × aspect); columns are `stack.spacing` apart.",
        defaults: StackConfig.MasonryConfig(),
        keys: [
            .custom("columns", shape: .integer(1...64), defaultNote: "from `targetColumnWidth`",
                    "a fixed column count (give `columns` or `targetColumnWidth`)",
                    decode: { json, _, _ in json.numberValue.map { Int($0) } }, store: { $0.columns = .fixed($1) },
                    encode: { if case .fixed(let k) = $0.columns { return .number(Double(k)) } else { return nil } }),
            .custom("targetColumnWidth", shape: .number(1...10_000, unit: "pt"),
                    "the column count follows the width: max(2, ⌊width / targetColumnWidth⌋), again after every width change (rotation, Split View)",
                    decode: { json, _, _ in json.numberValue }, store: { $0.columns = .targetWidth($1) },
                    encode: { if case .targetWidth(let target) = $0.columns { return .number(target) } else { return nil } }),
            .choice("redistribution", \.redistribution,
                    "`masonryColumns`, after a width change: `\"stable\"` keeps every item already viewed in its column (if that column still exists) and distributes only the rest; `\"full\"` distributes everything again, and viewed items that change column are counted (`reshuffledItems`)"),
            .bool("rebalance", \.rebalance, "`masonryColumns`: pad columns that trail the tallest by more than 1.5× the average item height with a spacer"),
            .bool("cache", \.cache, "`masonryLayout`: the Layout's cache keeps placements between layout requests; without it every invalidation measures every child three times instead of once"),
            .bool("distributeInBody", \.distributeInBody, "`masonryColumns`: the anti-pattern of recomputing the distribution in the container's body, every frame: O(n) main-thread work per frame, growing with the feed"),
            .number("distributeMsPerItem", \.distributeMsPerItem, costRange, unit: "ms", warn: [costWarning],
                    "`masonryColumns` with `distributeInBody`: main-thread ms per item per distribution"),
        ],
        rules: [.atMostOne("columns", "targetColumnWidth")]
    )

    static let masonryColumnsOnly = ["redistribution", "rebalance", "distributeInBody", "distributeMsPerItem"]

    /// Each stack key read by only some kinds, given with another kind, is an error.
    static let stackKeysFitKind = KeyRule<StackConfig>.check(
        "`grid` only with `lazyVGrid` or `pairedRows`; `masonry` only with `masonryLayout` or `masonryColumns` (`cache` only with `masonryLayout`; `redistribution`, `rebalance`, `distributeInBody`, `distributeMsPerItem` only with `masonryColumns`); `nestedIn` only with `vStack` or `lazyVStack`; `imagePrefetchPt` not with `masonryLayout`"
    ) { stack, input, context in
        let kind = stack.kind
        func wrongKind(_ key: String, _ readers: String) {
            context.problem(input.keyPath(key), "applies only to \(readers), not to stack.kind \"\(kind.rawValue)\"; remove it or change the kind")
        }
        if input.present.contains("grid"), !gridKinds.contains(kind) {
            wrongKind("grid", gridKinds.map(\.rawValue).joined(separator: " and "))
        }
        if input.present.contains("masonry") {
            let given = Set(input.members["masonry"]?.objectValue?.keys.map { $0 } ?? [])
            if !masonryKinds.contains(kind) {
                wrongKind("masonry", masonryKinds.map(\.rawValue).joined(separator: " and "))
            } else if kind == .masonryColumns, given.contains("cache") {
                wrongKind("masonry.cache", StackConfig.Kind.masonryLayout.rawValue)
            } else if kind == .masonryLayout {
                for key in masonryColumnsOnly where given.contains(key) { wrongKind("masonry.\(key)", StackConfig.Kind.masonryColumns.rawValue) }
            }
        }
        if input.present.contains("nestedIn"), kind.family != .list {
            wrongKind("nestedIn", StackConfig.Kind.allCases.filter { $0.family == .list }.map(\.rawValue).joined(separator: " and "))
        }
        if input.present.contains("imagePrefetchPt"), kind == .masonryLayout {
            wrongKind("imagePrefetchPt", "lazy kinds (masonryLayout builds every child at launch)")
        }
    }

    /// `content.sections` is modelled for the one-column stacks and `masonryLayout` (whose
    /// headers are children like any other). SwiftUI's LazyVGrid does take `Section`s — each
    /// header a full-width row above its cells, pinnable with `pinnedViews` — but the grid rows
    /// here are drawn from a plain list, so a grid, a paired row or a masonry column with
    /// sections is refused rather than run wrongly.
    static let sectionsFitKind = KeyRule<ScenarioDraft>.check("`content.sections` not with stack.kind `lazyVGrid`, `pairedRows` or `masonryColumns`") { draft, input, context in
        let kind = draft.stack.kind
        guard draft.content.sections != nil, gridKinds.contains(kind) || kind == .masonryColumns else { return }
        context.problem("content.sections",
                        "sections are not modelled with stack.kind \"\(kind.rawValue)\" (a grid's or a column's rows are drawn from a plain list); remove \"sections\" or use lazyVStack, vStack or masonryLayout")
    }

    // MARK: view types

    static let measureWithGeometryReader: KeyDeclaration<ViewTypeSpec> = .bool(
        "measureWithGeometryReader", \.measureWithGeometryReader,
        "the anti-pattern of a cell measuring itself with a GeometryReader and re-laying out its column: it first lays out at `unconfiguredHeight`, then at its real height the frame after it appears (a visible jump), and while such cells are on screen during a scroll every frame lays them out twice and needs a second commit. Not with `masonryLayout`")

    /// `measureWithGeometryReader` is read by the lazy stacks, not by `masonryLayout`. A
    /// conditional body is not modelled in masonry columns: the distributor places every element
    /// by its precomputed height, and an element whose body shows nothing has none (it is
    /// refused rather than run wrongly, as sections are with grids).
    static let typesFitKind = KeyRule<ScenarioDraft>.check("`measureWithGeometryReader` not with stack.kind `masonryLayout`; `children: \"conditional\"` not with `masonryColumns`") { draft, input, context in
        for (i, type) in draft.content.types.enumerated() {
            if draft.stack.kind == .masonryLayout, type.measureWithGeometryReader {
                context.problem("content.types[\(i)].measureWithGeometryReader",
                                "applies only to lazy kinds, not to stack.kind \"masonryLayout\" (a Layout measures every child itself); remove it or change the kind")
            }
            if draft.stack.kind == .masonryColumns, type.children.isDynamic {
                context.problem("content.types[\(i)].children",
                                "a conditional body is not modelled with stack.kind \"masonryColumns\" (each column item is an element placed by its height); filter the elements in the data instead, or use masonryLayout")
            }
        }
    }
}
