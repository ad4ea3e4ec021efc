import ScrollSimEngine

/// The stack's scroll position: `scrollPosition` (the anchor `viewID` reads, and the app's
/// observer of the position) and `defaultScrollAnchor` (where the content starts, where small
/// content sits, what stays put when the content's size changes).
extension ScenarioKeys {
    /// The stack's keys of scroll position (after its other keys).
    static let scrollingKeys: [KeyDeclaration<StackConfig>] = [
        .object("scrollPosition", \.scrollPosition, scrollPosition,
                "`scrollPosition(_:anchor:)`: the viewport point whose element the `viewID` frame column reports, and how the app observes the position"),
        .custom("defaultScrollAnchor", shape: .anyOf([.choice(anchorNames), .object(defaultScrollAnchor.shape)]),
                defaultNote: "none (the content starts at its top; small content sits at the top; the offset stays put when the size changes)",
                """
                `defaultScrollAnchor`: `"top"`, `"center"` or `"bottom"` for every role (a chat with `"bottom"` opens on its last message, its rows above built lazily as they come into view, and stays at the bottom as messages are appended), or per role `{"initialOffset": …, "alignment": …, "sizeChanges": …}`
                """,
                decode: decodeDefaultAnchor, store: { $0.scrollPosition.defaultAnchor = $1 }),
    ]

    static let anchorNames = ScrollTarget.Anchor.allCases.map(\.rawValue)

    static let scrollPosition = ObjectDeclaration<ScrollPositionConfig>(
        "scrollPosition", "`scrollPosition(_:anchor:)`, and how the app observes the scroll position.", defaults: ScrollPositionConfig(),
        keys: [
            .choice("anchor", \.anchor,
                    "the point of the viewport whose element `viewID` reports: `\"top\"` (the topmost visible element), `\"center\"` (the element across the viewport's middle line, its spacing below counted as its own; in a masonry the lowest-numbered such element, in lazy columns the primary column's) or `\"bottom\"` (a chat's newest visible message)"),
            .custom("observer", shape: .object(observer.shape), defaultNote: "none",
                    "how the app tells where the user has scrolled (a \"back to top\" button): `{\"geometry\": {\"boundary\": 3000}}` (`onScrollGeometryChange` comparing the absolute offset with a boundary in points: called on every geometry change, and drifts as estimates are corrected) or `{\"visibility\": {\"element\": 8}}` (`onScrollTargetVisibilityChange`: called only when the visible elements change; \"scrolled past element 8\"). Counted in `observer.callbacks` and `observer.spuriousChanges`",
                    decode: decodeObserver, store: { $0.observer = $1 }),
        ]
    )

    struct ObserverDraft {
        var observer = ScrollPositionConfig.Observer.geometry(boundary: 0)
    }

    static let geometryObserver = ObjectDeclaration<Double>(
        "geometryObserver", "`onScrollGeometryChange` reading the absolute content offset.",
        keys: [.custom("boundary", shape: .number(0...1e9, unit: "pt"), presence: .required, "the content offset past which the app's answer (\"scrolled past?\") is yes, in points",
                       decode: { json, _, _ in json.numberValue }, store: { $0 = $1 })]
    )

    static let visibilityObserver = ObjectDeclaration<Int>(
        "visibilityObserver", "`onScrollTargetVisibilityChange` on an element.",
        keys: [.custom("element", shape: .integer(0...2_000_000_000), presence: .required, "the element index whose scrolling past is the app's answer (below `content.count`)",
                       decode: { json, _, _ in json.numberValue.map { Int($0) } }, store: { $0 = $1 })]
    )

    static let observerChoice = ExactlyOneOf(["geometry", "visibility"], lead: "an object with ", several: .giveOne(noun: "observer"))

    static let observer = ObjectDeclaration<ObserverDraft>(
        "observer", "The app's observer of the scroll position: \(observerChoice.list).", oneOf: observerChoice,
        keys: [
            .object("geometry", geometryObserver, initial: 0, defaultNote: "—", "`{\"boundary\": 3000}`: `onScrollGeometryChange` reading the absolute offset",
                    apply: { $0.observer = .geometry(boundary: $1) }),
            .object("visibility", visibilityObserver, initial: 0, defaultNote: "—", "`{\"element\": 8}`: `onScrollTargetVisibilityChange` on that element",
                    apply: { $0.observer = .visibility(element: $1) }),
        ]
    )

    static func decodeObserver(_ json: JSONValue, _ path: String, _ context: DecodingContext) -> ScrollPositionConfig.Observer? {
        var draft = ObserverDraft()
        return context.clean({ observer.decode(json, at: path, into: &draft, context) }) ? draft.observer : nil
    }

    static func anchorRole(_ key: String, _ target: WritableKeyPath<ScrollPositionConfig.DefaultAnchor, ScrollTarget.Anchor?>,
                           _ meaning: String) -> KeyDeclaration<ScrollPositionConfig.DefaultAnchor> {
        .custom(key, shape: .choice(anchorNames), defaultNote: "none", meaning,
                decode: { json, _, _ in json.stringValue.flatMap(ScrollTarget.Anchor.init(rawValue:)) },
                store: { $0[keyPath: target] = $1 })
    }

    static let defaultScrollAnchor = ObjectDeclaration<ScrollPositionConfig.DefaultAnchor>(
        "defaultScrollAnchor", "`defaultScrollAnchor(_:for:)`, per role.",
        keys: [
            anchorRole("initialOffset", \.initialOffset, "where the content starts: `\"bottom\"` opens on the last element (none: the top)"),
            anchorRole("alignment", \.alignment, "where content smaller than the viewport sits: `\"center\"` centers it (none: the top)"),
            anchorRole("sizeChanges", \.sizeChanges, "what stays put when the content's size changes: with `\"bottom\"`, a position at the bottom stays at the bottom when elements are appended (none: the offset)"),
        ]
    )

    static func decodeDefaultAnchor(_ json: JSONValue, _ path: String, _ context: DecodingContext) -> ScrollPositionConfig.DefaultAnchor? {
        if let name = json.stringValue {
            return ScrollTarget.Anchor(rawValue: name).map { ScrollPositionConfig.DefaultAnchor(all: $0) }
        }
        var anchor = ScrollPositionConfig.DefaultAnchor()
        return context.clean({ defaultScrollAnchor.decode(json, at: path, into: &anchor, context) }) ? anchor : nil
    }

    /// `stack.scrollPosition.observer.visibility.element` names an element of the content.
    /// Checked once the content decoded without problems (its count is known then).
    static let observerElementInContent = KeyRule<ScenarioDraft>.check("an observed element is one of the content's") { draft, input, context in
        guard case .visibility(let element) = draft.stack.scrollPosition.observer, let count = context.elementCount, element >= count else { return }
        context.problem("stack.scrollPosition.observer.visibility.element", "\(element) is outside the content's 0..<\(count)")
    }
}
