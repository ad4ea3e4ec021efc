import ScrollSimEngine

/// `content.pagination`: pages loaded as the user reaches the end of what is loaded.
extension ScenarioKeys {
    static let paginationKey: KeyDeclaration<ContentConfig> = .optionalObject(
        "pagination", \.pagination, pagination, initial: PaginationConfig(pageSize: 1, latencyMs: 0, total: 0),
        "infinite scrolling: `count` elements are there at the start; the app loads `pageSize` more after `latencyMs` whenever `trigger` fires, with a spinner row at the end while a load is in flight, until `total`")

    static let triggers = ["lastItemAppear", "prefetch"]

    static let pagination = ObjectDeclaration<PaginationConfig>(
        "pagination", "The app's paging loader: what starts a load, how long it takes and how much it brings.",
        defaults: PaginationConfig(pageSize: 1, latencyMs: 0, total: 0),
        keys: [
            .integer("pageSize", \.pageSize, 1...1_000_000, presence: .required, "elements per page"),
            .number("latencyMs", \.latencyMs, 0...600_000, unit: "ms", presence: .required, warn: [latencyWarning],
                    "how long the repository takes to return a page"),
            .integer("total", \.total, 0...2_000_000_000, presence: .required,
                     "every element there is (`hasMore` turns false there); at least `content.count`"),
            .custom("trigger", shape: .anyOf([.choice(triggers), .object(itemsFromEnd.shape)]),
                    "what starts a load: `\"lastItemAppear\"` (the last loaded element's onAppear: the user is already at the end), `\"prefetch\"` (the last loaded element built ahead of need by prefetch: a loader started in init) or `{\"itemsFromEnd\": k}` (the onAppear of any element within k of the end). Triggers while a load is in flight are suppressed and counted (`pagination.duplicateTriggers`)",
                    decode: { json, path, context in
                        if let name = json.stringValue {
                            return name == "prefetch" ? .prefetch : .lastItemAppear
                        }
                        var k = 0
                        return context.clean({ itemsFromEnd.decode(json, at: path, into: &k, context) }) ? .itemsFromEnd(k) : nil
                    },
                    store: { $0.trigger = $1 },
                    encode: { config in
                        switch config.trigger {
                        case .lastItemAppear: return .string("lastItemAppear")
                        case .prefetch: return .string("prefetch")
                        case .itemsFromEnd(let k): return .object(["itemsFromEnd": .number(Double(k))])
                        }
                    },
                    check: { json in
                        let expected = "expected \"lastItemAppear\", \"prefetch\" or {\"itemsFromEnd\": k}"
                        switch json {
                        case .object: return nil
                        case .string(let name): return triggers.contains(name) ? nil : "\"\(KeyShape.clipped(name))\" is not a trigger; \(expected)"
                        default: return "\(expected), found \(json.kindDescription)"
                        }
                    }),
            .number("spinnerHeight", \.spinnerHeight, lengthRange, unit: "pt", "the spinner row's height while a load is in flight"),
        ]
    )

    static let itemsFromEnd = ObjectDeclaration<Int>(
        "itemsFromEnd", "A load starts at the onAppear of any element within `itemsFromEnd` of the end.",
        keys: [
            .integer("itemsFromEnd", \.self, 1...1_000_000, presence: .required, "how close to the end, in elements (1: the last)"),
        ]
    )

    /// `pagination.total` is not below `count`.
    static let paginationCoversCount = KeyRule<ContentConfig>.check("`pagination.total` is at least `count`") { content, input, context in
        guard let pagination = content.pagination, input.clean.contains("pagination"), input.clean.contains("count") || input.clean.contains("data"),
              pagination.total < content.count else { return }
        context.problem(input.keyPath("pagination.total"), "is \(pagination.total), below the \(content.count) elements loaded at the start (content.count); total counts them too")
    }
}
