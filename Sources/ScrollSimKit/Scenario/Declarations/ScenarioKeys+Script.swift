import ScrollSimEngine

/// The script's events: `{"at": seconds, "<event>": {…}}`, one action each.
extension ScenarioKeys {
    static let actions = ["drag", "fling", "rotate", "scrollTo", "tap", "environment", "append"]

    static let actionChoice = ExactlyOneOf(actions, tail: " beside \"at\"", several: .found)

    static let event = ObjectDeclaration<ScriptEvent>(
        "event", "Something the user or the app does at a moment of the run: `at` and exactly one action.",
        oneOf: actionChoice, unknownNoun: "event",
        unknownKey: { key in
            var message = "unknown event \"\(KeyShape.clipped(key))\"; expected one of \(actions.joined(separator: ", "))"
            if let near = Spelling.closest(to: key, in: actions) { message += " (did you mean \"\(near)\"?)" }
            return message
        },
        keys: [
            .number("at", \.at, 0...86_400, unit: "s", presence: .required, "seconds from the start of the run"),
            .object("drag", drag, initial: DragDraft(), defaultNote: "—",
                    "`velocity` (pt/s), `duration` (s), `release`: `\"stop\"` (default) or `\"fling\"`: the finger moves the content at a constant velocity; on `\"fling\"` it is released into a normal-rate fling at that velocity",
                    apply: { $0.action = .drag(velocity: $1.velocity, duration: $1.duration, flingOnRelease: $1.fling) }),
            .object("fling", fling, initial: FlingDraft(), defaultNote: "—",
                    "`velocity` (pt/s), `deceleration`: `\"normal\"` (0.998/ms, default), `\"fast\"` (0.99/ms) or a number: UIScrollView deceleration, v(t) = v0·dᵗ; stops below 0.5 pt/s or at a content edge",
                    apply: { $0.action = .fling(velocity: $1.velocity, deceleration: $1.deceleration) }),
            .object("rotate", viewport, initial: Size(width: 1, height: 1), defaultNote: "—", "`width`, `height`: a new viewport size",
                    apply: { $0.action = .rotate($1) }),
            .object("scrollTo", scrollTo, initial: ScrollToDraft(), defaultNote: "—",
                    "`ScrollPosition.scrollTo`: one of `id`, `edge`, `offset`, with `anchor`, `animated`, `duration`. Instant: jumps, builds the target and lands exactly. Animated: ease-in-out toward a target re-resolved every frame; the landing error is measured",
                    apply: { $0.action = .scrollTo($1.target) }),
            .object("tap", tap, initial: 0, defaultNote: "—", "`id`: mutates the element's view state (e.g. a highlight)",
                    apply: { $0.action = .tap(element: $1) }),
            .object("environment", environmentEvent, initial: "", defaultNote: "—",
                    "`key`: an environment value changes (`\\.writingStyle` → `\"writingStyle\"`): every resident body of a type that `readsEnvironment` it is evaluated again, and with a conditional body every element's",
                    apply: { $0.action = .environment(key: $1) }),
            .object("append", appendEvent, initial: 0, defaultNote: "—",
                    "`count`: elements added at the end of the data (a message arrives, a page loads), drawn like the others; with `defaultScrollAnchor` `sizeChanges: \"bottom\"` a position at the bottom stays there",
                    apply: { $0.action = .append(count: $1) }),
        ]
    )

    struct DragDraft {
        var velocity = 0.0
        var duration = 0.0
        var fling = false
    }

    static let drag = ObjectDeclaration<DragDraft>(
        "drag", "The finger moves the content at a constant velocity.", defaults: DragDraft(),
        keys: [
            .number("velocity", \.velocity, -1e6...1e6, unit: "pt/s", presence: .required, "positive scrolls toward the end"),
            .number("duration", \.duration, 0...86_400, unit: "s", presence: .required, "how long the finger moves"),
            .choice("release", \.fling, [("stop", false), ("fling", true)], "`\"stop\"`, or `\"fling\"` on with the finger's velocity"),
        ]
    )

    struct FlingDraft {
        var velocity = 0.0
        var deceleration = DecelerationRate.normal
    }

    static let fling = ObjectDeclaration<FlingDraft>(
        "fling", "A release into a decelerating fling.", defaults: FlingDraft(),
        keys: [
            .number("velocity", \.velocity, -1e6...1e6, unit: "pt/s", presence: .required, "positive scrolls toward the end"),
            .custom("deceleration",
                    shape: .anyOf([.number(0.5...0.99999, unit: "per ms"), .choice(DecelerationRate.Preset.allCases.map(\.rawValue))]),
                    "`\"normal\"` (0.998/ms), `\"fast\"` (0.99/ms) or a rate per millisecond",
                    decode: { json, _, _ in
                        if let rate = json.numberValue { return rate }
                        return json.stringValue.flatMap(DecelerationRate.Preset.init(rawValue:))?.perMillisecond
                    },
                    store: { $0.deceleration = $1 },
                    encode: { draft in
                        DecelerationRate.Preset.allCases.first { $0.perMillisecond == draft.deceleration }.map { .string($0.rawValue) } ?? .number(draft.deceleration)
                    }),
        ]
    )

    struct ScrollToDraft {
        var destination = ScrollTarget.Destination.top
        var anchor = ScrollTarget.defaultAnchor
        var animated: Bool?
        var duration: Double?

        var target: ScrollTarget {
            let animate = animated ?? (duration != nil)
            return ScrollTarget(destination: destination, anchor: anchor,
                                animationDuration: animate ? (duration ?? ScrollTarget.defaultAnimationDuration) : nil)
        }
    }

    static let scrollToChoice = ExactlyOneOf(["id", "edge", "offset"], several: .found)

    static let scrollTo = ObjectDeclaration<ScrollToDraft>(
        "scrollTo", "A programmatic scroll: one of id, edge, offset.", defaults: ScrollToDraft(), oneOf: scrollToChoice,
        keys: [
            elementID("id", defaultNote: "—", "the element to scroll to: its index, or its `id` from the data file") { $0.destination = .element($1) },
            .custom("edge", shape: .choice(ScrollTarget.Edge.allCases.map(\.rawValue)), defaultNote: "—", "`\"top\"` or `\"bottom\"` of the content",
                    decode: { json, _, _ in json.stringValue.flatMap(ScrollTarget.Edge.init(rawValue:)) }, store: { $0.destination = $1.destination }),
            .custom("offset", shape: .number(0...1e12, unit: "pt"), defaultNote: "—", "a content offset in points",
                    decode: { json, _, _ in json.numberValue }, store: { $0.destination = .offset($1) }),
            .choice("anchor", \.anchor, "where the target lands in the viewport: `\"top\"`, `\"center\"` or `\"bottom\"`"),
            .custom("animated", shape: .boolean, defaultNote: "true if `duration` is given", "ease in and out instead of jumping",
                    decode: { json, _, _ in json.boolValue }, store: { $0.animated = $1 }),
            .custom("duration", shape: .number(0.001...60, unit: "s"), "the animation's length in seconds",
                    decode: { json, _, _ in json.numberValue }, store: { $0.duration = $1 },
                    encode: { _ in .number(ScrollTarget.defaultAnimationDuration) }),
        ]
    )

    static let tap = ObjectDeclaration<Int>(
        "tap", "A tap that mutates an element's view state.",
        keys: [elementID("id", presence: .required, "the element tapped: its index, or its `id` from the data file") { $0 = $1 }]
    )

    static let environmentEvent = ObjectDeclaration<String>(
        "environmentEvent", "An environment value changes.",
        keys: [.custom("key", shape: .string(environmentKeyRule), presence: .required, "the environment key, as types list it in `readsEnvironment`",
                       decode: { json, _, _ in json.stringValue }, store: { $0 = $1 })]
    )

    static let appendEvent = ObjectDeclaration<Int>(
        "appendEvent", "Elements added at the end of the data.",
        keys: [.custom("count", shape: .integer(1...1_000_000), presence: .required, "how many elements are added",
                       decode: { json, _, context in
                           guard let count = json.numberValue.map({ Int($0) }) else { return nil }
                           // Later events may name the elements this one adds (a tap on a new message).
                           context.appendedElements += count
                           return count
                       }, store: { $0 = $1 })]
    )

    /// An element named by a script event: an index into the content, or a data file's id when
    /// the data gives ids. Checked only when the content itself decoded without problems.
    static func elementID<Value>(_ key: String, presence: ObjectShape.Presence = .optional, defaultNote: String? = nil, _ meaning: String,
                                 store: @escaping (inout Value, Int) -> Void) -> KeyDeclaration<Value> {
        .custom(key, shape: .anyOf([.integer(0...2_000_000_000), .string(nil)]), presence: presence, defaultNote: defaultNote, meaning,
                decode: { json, path, context in
                    guard let count = context.elementCount else { return 0 }
                    if let ids = context.elementIDs {
                        let text = json.stringValue ?? json.numberValue.map { JSONWriter.text($0) } ?? ""
                        guard let index = ids.firstIndex(of: text) else {
                            context.problem(path, "no element has id \"\(KeyShape.clipped(text))\" in the data file")
                            return nil
                        }
                        return index
                    }
                    guard case .number(let n) = json else {
                        context.problem(path, "expected an element index (an integer), found \(json.kindDescription)")
                        return nil
                    }
                    // The content's elements and those appended by the events before this one
                    // (events are applied in the order given).
                    let available = count + context.appendedElements
                    guard n < Double(available) else {
                        let appended = context.appendedElements > 0 ? " (\(count) elements and \(context.appendedElements) appended by the events before)" : ""
                        context.problem(path, "\(MessageText.number(n)) is outside the content's 0..<\(available)\(appended)")
                        return nil
                    }
                    return Int(n)
                },
                store: store)
    }
}
