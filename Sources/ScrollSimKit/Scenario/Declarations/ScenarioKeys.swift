import ScrollSimEngine

/// Every key of a scenario file, declared once.
///
/// Each declaration gives a key's shape (type, range, choices), whether it is required, its
/// meaning, any warning for a legal but implausible value, and where its value goes in the
/// engine's configuration. From these the decoder reads files (`ScenarioDecoder`), the JSON
/// Schema is generated (`ScenarioSchema`, committed as `Scenarios/scenario.schema.json`), and
/// the scenario reference's key tables are generated and checked (`ReferenceArticleTests`).
/// Defaults are not written here: they are read from the engine's configuration types
/// (`DeviceConfig()`, `StackConfig()`, `ViewTypeSpec`'s defaults), so a scenario and a
/// configuration built in code cannot drift apart.
///
/// To add a key: add one `KeyDeclaration` to the object's `keys` below (with a key path into
/// the engine type, or a `custom` decode), then regenerate the schema and the reference:
/// `SCROLLSIM_WRITE_REFERENCE=1 swift test --filter "ReferenceArticleTests|ScenarioSchemaTests"`.
package enum ScenarioKeys {
    // MARK: ranges shared with data files

    /// Heights and widths in points.
    static let lengthRange: ClosedRange<Double> = 0...100_000
    /// Text lengths in characters.
    static let charsRange: ClosedRange<Double> = 0...10_000_000
    /// Image aspect ratios (height / width).
    static let aspectRange: ClosedRange<Double> = 0.001...1000
    /// Main-thread and render-server costs per event, ms.
    package static let costRange: ClosedRange<Double> = 0...60_000
    /// Bytes per view or element.
    package static let bytesRange: ClosedRange<Int> = 0...1_000_000_000_000
    /// The most types in one list or row.
    static let typeCount: ClosedRange<Int> = 1...1000

    // MARK: warnings

    /// A cost over one second per view is more likely seconds written as milliseconds.
    static let costWarning = ObjectShape.Plausibility(below: nil, above: 1000) { value in
        "\(JSONWriter.text(value)) ms is over 1 s for one view; costs are in milliseconds"
    }
    /// A latency under a millisecond is more likely seconds written as milliseconds.
    static let latencyWarning = ObjectShape.Plausibility(below: 1, above: nil) { value in
        "\(JSONWriter.text(value)) ms is under 1 ms; latencies are in milliseconds (\(JSONWriter.text(value)) s would be \(JSONWriter.text(value * 1000)))"
    }
    /// A memory budget over a terabyte is more likely a unit slip.
    static let memoryBudgetWarning = ObjectShape.Plausibility(below: nil, above: 1e12) { value in
        "\(DisplayFormat.bytes(value)) is over 1 TB; memory budgets are in bytes (or a string such as \"200 MiB\")"
    }

    // MARK: the file

    /// The scenario file's shape, for the property tests' generator (ScrollSimTesting).
    package static var topShape: ObjectShape { top.shape }

    static let top = ObjectDeclaration<ScenarioDraft>(
        "scenario", "A ScrollSim scenario: a list, its costs and a script of gestures, played frame by frame.",
        defaults: ScenarioDraft(),
        keys: [
            .string("$schema", \.schemaLocation, defaultNote: "none", "the JSON Schema an editor checks the file against, e.g. `\"scenario.schema.json\"`; ScrollSim ignores it"),
            .custom("schema", shape: .integer(ScenarioDecoder.supportedSchema...ScenarioDecoder.supportedSchema), presence: .required,
                    "the scenario format: `\(ScenarioDecoder.supportedSchema)`",
                    decode: { json, _, _ in json.numberValue.map { Int($0) } }, store: { $0.schema = $1 },
                    check: { json in
                        guard case .number(let n) = json, n.rounded() == n else { return "expected an integer, found \(json.kindDescription)" }
                        return n == Double(ScenarioDecoder.supportedSchema) ? nil : "this ScrollSim reads schema \(ScenarioDecoder.supportedSchema), the file says \(JSONWriter.text(n))"
                    }),
            .string("name", \.name, rule: nameRule, presence: .required,
                    "ASCII letters, digits, `-`, `_`, `.` (at most 60: POSIX's portable file name characters); names the report file. Must be unique in a run."),
            .string("description", \.description, "what the scenario demonstrates (shipped scenarios name the behaviour they show and their counterpart)"),
            .integer("seed", \.seed, 0...9_007_199_254_740_991, "seeds every random draw (heights, types, cost jitter)"),
            .number("duration", \.duration, 0.001...3600, unit: "s", presence: .required, "simulated time; frames start on vsync ticks while t < duration"),
            .object("device", \.device, device, "the display and the fixed costs of every frame"),
            .object("stack", \.stack, stack, "the stack and the options of its lazy machinery"),
            .object("content", \.content, content, presence: .required, "the list's data: its elements and their view types"),
            .array("script", \.script, event, initial: ScriptEvent(at: 0, action: .tap(element: 0)), count: 0...1_000_000,
                   rules: [eventsInTimeOrder], "events in time order"),
            .object("costs", \.costs, costs, "where the costs come from: `measuredOn` (a device profile) and `calibration` (written by `scrollsim calibrate`)"),
            .object("budgets", \.budgets, budgets, "upper limits on summary metrics; exceeding one makes `run` exit 1"),
            .object("ensemble", \.ensemble, ensemble, "play the scenario as `runs` runs whose draws differ, and report every metric with its interval (default: one run)"),
            .object("grading", \.grading, grading, "hitch-ratio thresholds (ms/s) for the good/warning/critical grade"),
            .custom("silence", shape: .array(.string(nil), count: 0...1000), "key paths whose warnings are not printed, e.g. `[\"content.types[0].asyncContent.latencyMs\"]`; `[*]` matches any index",
                    decode: decodeSilence, store: { $0.silence = $1 }, encode: { $0.silence.isEmpty ? .array([]) : nil }),
        ] + expectKeys,
        rules: [
            typesFitKind,
            sectionsFitKind,
            .check("the run fits the limits (rows, frames, nested items, modeled bytes: see Limits)") { draft, input, context in
                ScenarioLimitCheck(draft: draft, context: context).run()
            },
            observerElementInContent,
            expectationFits,
        ]
    )

    /// A scenario name is a file name (`NAME.json`, `NAME.html`) and a JUnit class name, so it
    /// keeps to POSIX's portable file name character set (letters A–Z and a–z, digits, `.`,
    /// `_`, `-`; IEEE Std 1003.1, 3.282). The pattern is in the regular-expression subset every
    /// JSON Schema validator reads alike (no `\p{…}` classes, which Python's `re` lacks), and
    /// the decoder accepts exactly what it matches.
    static let nameRule = KeyShape.StringRule(
        pattern: "^[A-Za-z0-9._-]+$", lengths: 1...60,
        words: "must be 1 to 60 ASCII letters, digits, '-', '_' or '.' (it names the report file)",
        accepts: { name in
            let scalars = name.unicodeScalars
            return (1...60).contains(scalars.count) && scalars.allSatisfy { scalar in
                switch scalar {
                case "A"..."Z", "a"..."z", "0"..."9", "-", "_", ".": return true
                default: return false
                }
            }
        }
    )

    static let eventsInTimeOrder = ArrayRule<ScriptEvent>(note: "events are listed in time order") { events, valid, path, context in
        var last: Double?
        for (i, event) in events.enumerated() where valid[i] {
            if let last, event.at < last {
                context.problem("\(path)[\(i)].at", "\(JSONWriter.text(event.at)) comes before the previous event's \(JSONWriter.text(last)); list events in time order")
            }
            last = max(last ?? event.at, event.at)
        }
    }

    // MARK: device

    static let viewport = ObjectDeclaration<Size>(
        "viewportSize", "A viewport size in points.",
        keys: [
            .number("width", \.width, 1...10_000, unit: "pt", presence: .required, "points"),
            .number("height", \.height, 1...10_000, unit: "pt", presence: .required, "points"),
        ]
    )

    static let device = ObjectDeclaration<DeviceConfig>(
        "device", "The display and the fixed costs of every frame.", defaults: DeviceConfig(),
        keys: [
            .number("refreshRate", \.refreshRate, 1...480, unit: "Hz", "the frame budget is 1000/refreshRate ms (default: the `profile`'s, if one is given)"),
            .object("viewport", \.viewport, viewport, "points (iPhone 15/16 portrait; default: the `profile`'s screen, if one is given)"),
            .number("frameOverheadMs", \.frameOverheadMs, 0...1000, unit: "ms", "fixed main-thread work every frame"),
            .number("inputMs", \.inputMs, 0...1000, unit: "ms", "touch handling and physics, on frames where the content moves"),
            platform,
            profileKey,
        ],
        rules: [profileDefaults]
    )

    // MARK: stack

    static let prefetch = ObjectDeclaration<PrefetchConfig>(
        "prefetch", "Idle-time prefetch.", defaults: PrefetchConfig(),
        keys: [
            .bool("enabled", \.enabled, "idle-time prefetch on/off"),
            .number("distance", \.distance, 0...20, unit: "viewport heights", "how far beyond the leading edge to prefetch, in viewport heights"),
            .choice("policy", \.policy, """
                Prefetch runs whole units — a view's init, its body, its layout — that cannot be paused. `"chunked"` (SwiftUI): start a row's next unit while any idle time remains, so a row's units may land in different frames and a unit bigger than the idle time left overruns the frame (`prefetchOverrunFrames`). `"deadline"`: Android GapWorker — start a row's next unit only if its type's running-average cost for that unit (old·¾ + new·¼, learned from every init, body and layout the stack runs) fits the idle time left (a unit never run is tried), so a row heavier than a frame's idle time is built over several frames; a row the next frame needs has every unit left forced even if it overruns; the first unit that does not fit ends prefetch for the frame
                """),
            .number("marginMs", \.marginMs, 0...1000, unit: "ms", "idle time kept in reserve: prefetch starts a unit only while the frame's work is more than this below the budget"),
        ]
    )

    static let keepAlive = ObjectDeclaration<KeepAliveConfig>(
        "keepAlive", "How long views that left the screen are kept before they are destroyed.", defaults: KeepAliveConfig(),
        keys: [
            .custom("ms", shape: .number(0...3_600_000, unit: "ms"),
                    "how long a row that left the viewport and the prefetch window is kept before it is destroyed and its `@State` released, counted from the first frame it is outside both (give `ms` or `frames`)",
                    decode: { json, _, _ in json.numberValue }, store: { $0.duration = .milliseconds($1) },
                    encode: { if case .milliseconds(let ms) = $0.duration { return .number(ms) } else { return nil } }),
            .custom("frames", shape: .integer(0...10_000_000), defaultNote: "none",
                    "the same in frames",
                    decode: { json, _, _ in json.numberValue.map { Int($0) } }, store: { $0.duration = .frames($1) },
                    encode: { if case .frames(let n) = $0.duration { return .number(Double(n)) } else { return nil } }),
            .integer("maxViews", \.maxViews, 0...1_000_000, "the most cached rows; the oldest are destroyed first"),
        ],
        rules: [.atMostOne("ms", "frames")]
    )

    static let stack = ObjectDeclaration<StackConfig>(
        "stack", "The stack that holds the list, and the options of its lazy machinery.", defaults: StackConfig(),
        keys: [
            .choice("kind", \.kind, "`\"vStack\"` (eager: every child created, laid out and appeared in the first frame, never released), `\"lazyVStack\"`, `\"lazyVGrid\"` (rows of `grid` cells, each row as tall as its tallest cell), `\"pairedRows\"` (a LazyVStack of HStack rows: the same waste, the pairing forced), `\"masonryLayout\"` (a custom Layout: every child measured and resident) or `\"masonryColumns\"` (one LazyVStack per column over items distributed by height)"),
            .number("spacing", \.spacing, 0...10_000, unit: "pt", "points between rows"),
            .bool("pinnedHeaders", \.pinnedHeaders, "`pinnedViews: [.sectionHeaders]`"),
            .number("initialEstimate", \.initialEstimate, 0...100_000, unit: "pt", "the height assumed for rows before any has been laid out (UITableView's default estimate)"),
            .object("prefetch", \.prefetch, prefetch, "idle-time prefetch"),
            .object("keepAlive", \.keepAlive, keepAlive, "how long rows that left are kept"),
        ] + scrollingKeys + stackLayoutKeys,
        rules: [stackKeysFitKind]
    )

    // MARK: content

    static let content = ObjectDeclaration<ContentConfig>(
        "content", "The list's data: how many elements, of which view types, grouped how.",
        keys: [
            .array("types", \.types, listType, initial: placeholderType, count: typeCount, presence: .required, rules: [uniqueNames],
                   "view types, drawn per element by `weight` (seeded) unless the data file names a type"),
            KeyDeclaration(
                info: KeyDeclaration<ContentConfig>.info("data", .string(nil), .optional, """
                    a `.jsonl`/`.ndjson` or `.csv` file, relative to the scenario, one record per element: `id` (what script `id`s then refer to), `type` (a type name), and a size: `height`, `chars`, `aspect`, or `width`+`height` (an image size; aspect = height/width). The size replaces the seeded random draw of the type's height parameter. Errors name the data file's line and field.
                    """, defaultNote: "none"),
                decode: { json, path, content, context in
                    let file = DataFile(keyPath: path, path: json.stringValue ?? "", typeNames: content.types.map(\.name),
                                        heightForms: content.types.map(\.height))
                    if let table = file.read(context) {
                        content.items = table.items
                        context.elementIDs = table.ids
                        context.dataBytes = table.bytes
                        context.dataFiles.append(ScenarioSource.DataFile(keyPath: path, file: file.path, bytes: table.bytes))
                    }
                    return nil
                },
                encode: nil
            ),
            .integer("count", \.count, 0...2_000_000_000, presence: .requiredUnless("data"), "number of elements (ForEach items); with `data`, the data file's record count"),
            .optionalObject("sections", \.sections, sections, initial: SectionsConfig(every: 1, header: placeholderHeader),
                            "`{\"every\": 50, \"header\": TYPE}`: a header row before every 50 elements; the header is a view type (its `name` defaults to `\"header\"`)"),
            paginationKey,
        ],
        rules: [
            .check("with `data`, `count` (if given) equals the data file's record count") { content, input, context in
                guard input.clean.contains("data"), let items = content.items else { return }
                if !input.present.contains("count") {
                    content.count = items.count
                } else if input.clean.contains("count"), content.count != items.count {
                    context.problem(input.keyPath("count"), "is \(content.count) but the data file has \(items.count) records; drop \"count\" or make them agree")
                }
            },
            .check("the types' weights add up to more than 0") { content, input, context in
                guard input.clean.contains("types"), !content.types.isEmpty, content.types.allSatisfy({ $0.weight == 0 }) else { return }
                context.problem(input.keyPath("types"), "every type has weight 0; at least one must weigh more than 0 to be drawn")
            },
            .check("the section header's name is not a type's") { content, input, context in
                guard let header = content.sections?.header, input.clean.contains("sections"),
                      let i = content.types.firstIndex(where: { $0.name == header.name }) else { return }
                context.problem(input.keyPath("sections.header.name"), "\"\(header.name)\" is also the name of content.types[\(i)]; give the header another \"name\"")
            },
            paginationCoversCount,
            .check("") { content, input, context in
                guard context.problemCount == 0 else { return }
                context.elementCount = content.count
            },
        ]
    )

    static let sections = ObjectDeclaration<SectionsConfig>(
        "sections", "Sections of `every` elements, each led by a header row.",
        keys: [
            .integer("every", \.every, 1...2_000_000_000, presence: .required, "elements per section"),
            .object("header", \.header, headerType, presence: .required, "the header's view type (its `name` defaults to `\"header\"`)"),
        ]
    )

    static let uniqueNames = ArrayRule<ViewTypeSpec>(note: "type names are unique") { types, valid, path, context in
        var first: [String: Int] = [:]
        for (i, type) in types.enumerated() where valid[i] {
            if let j = first[type.name] {
                context.problem("\(path)[\(i)].name", "\"\(type.name)\" is also the name of \(path)[\(j)]; names must be unique")
            } else {
                first[type.name] = i
            }
        }
    }

    // MARK: view types

    /// A type's fields before decoding: required `name` and `height` are placeholders.
    static let placeholderType = ViewTypeSpec(name: "", height: .absolute(.fixed(0)))
    /// The section header's, named "header" unless the file names it.
    static let placeholderHeader = ViewTypeSpec(name: "header", height: .absolute(.fixed(0)))

    /// Where a view type appears: its keys differ slightly.
    enum TypeRole {
        /// `content.types[i]`: may hold a nested `row` (then needs no `height`).
        case list
        /// `content.sections.header`: `name` defaults to "header".
        case header
        /// `row.types[i]`: no nested row of its own.
        case rowItem
    }

    static let listType = viewType(.list)
    static let headerType = viewType(.header)
    static let rowItemType = viewType(.rowItem)

    static let memory = ObjectDeclaration<ViewTypeSpec.Memory>(
        "memory", "Bytes held per view while it is resident, and per element by the data model.", defaults: ViewTypeSpec.Memory(),
        keys: [
            .integer("view", \.view, bytesRange, "bytes per resident view"),
            .integer("state", \.state, bytesRange, "bytes of its `@State`"),
            .integer("content", \.content, bytesRange, "bytes of its content (a decoded image): held while the view exists, or from arrival for async content"),
            .integer("data", \.data, bytesRange, "bytes per element in the data model, whether or not a view exists"),
        ]
    )

    static let asyncContent = ObjectDeclaration<ViewTypeSpec.AsyncContent>(
        "asyncContent", "Content (an image, a diagram) that arrives after a latency.",
        defaults: ViewTypeSpec.AsyncContent(latencyMs: 0, start: .initializer),
        keys: [
            .number("latencyMs", \.latencyMs, 0...600_000, unit: "ms", presence: .required, warn: [latencyWarning], "how long the content takes to arrive"),
            .choice("start", \.start, presence: .required,
                    "`init`: an `@Observable` loader created in init (starts during prefetch); `task`: `.task` (starts on appear, cancelled if the view disappears first); `onAppear`: starts on appear, runs until the view is released"),
            .bool("placeholderSized", \.placeholderSized, "a placeholder with the content's size; when false the view changes height when content arrives"),
            .number("placeholderHeight", \.placeholderHeight, 0...100_000, unit: "pt", "the height of an unsized placeholder"),
        ]
    )

    static let nestedRow = ObjectDeclaration<NestedRowSpec>(
        "nestedRow", "A horizontal LazyHStack nested in a row of the list.",
        defaults: NestedRowSpec(count: 0, itemWidth: 1, itemTypes: [placeholderType]),
        keys: [
            .integer("count", \.count, 0...1_000_000, presence: .required, "items in the row"),
            .number("itemWidth", \.itemWidth, 1...10_000, unit: "pt", presence: .required, "each item's width"),
            .number("spacing", \.spacing, 0...10_000, unit: "pt", "points between items"),
            .optionalNumber("height", \.height, lengthRange, unit: "pt", defaultNote: "the first item's height", "a fixed row height (`.frame(height:)`); taller items are clipped"),
            .array("types", \.itemTypes, rowItemType, initial: placeholderType, count: typeCount, presence: .required, rules: [uniqueNames],
                   "the items' view types, drawn per item by `weight`"),
        ]
    )

    static func viewType(_ role: TypeRole) -> ObjectDeclaration<ViewTypeSpec> {
        let name: KeyDeclaration<ViewTypeSpec> = role == .header
            ? .string("name", \.name, "the header type's name")
            : .string("name", \.name, rule: typeNameRule, presence: .required, "the type's name, unique among its siblings; data files and reports use it")
        var keys: [KeyDeclaration<ViewTypeSpec>] = [
            name,
            .number("weight", \.weight, 0...1e9, "relative frequency"),
            childrenKey(role),
            .custom("height", shape: .object(heightForm.shape), presence: role == .list ? .requiredUnless("row") : .required,
                    "how tall the view is: one of the height forms",
                    decode: { json, path, context in
                        var height = HeightSpec.absolute(.fixed(0))
                        return context.clean({ heightForm.decode(json, at: path, into: &height, context) }) ? height : nil
                    },
                    store: { $0.height = $1 }),
            cost(.initialize, \.costs.initMs, "main-thread ms per init"),
            cost(.body, \.costs.bodyMs, "main-thread ms per body evaluation"),
            cost(.layout, \.costs.layoutMs, "main-thread ms per layout pass"),
            cost(.render, \.costs.renderMs, "main-thread ms per visible frame"),
            cost(.appear, \.costs.appearMs, "main-thread ms per onAppear"),
            .number("jitter", \.costs.jitter, 0...0.99, "each main-thread cost (`initMs`, `bodyMs`, `layoutMs`, `renderMs`, `appearMs`; an element's draw, for a distribution) is multiplied by a seeded factor in 1 ± jitter, drawn per evaluation; render-server costs are not (vary them with a distribution)"),
            cost(.renderServer, \.rendering.serverMs, "render-server ms per visible frame (compositing the view), in the interval after the commit"),
            .integer("effects", \.rendering.effects, 0...1000, "overlapping effects (shadows, gradient masks, blurs): each adds an offscreen render-server pass of `effectMs` per visible frame"),
            cost(.effect, \.rendering.effectMs, "render-server ms per effect per visible frame"),
            .bool("drawingGroup", \.rendering.drawingGroup, "`.drawingGroup()`: the view is rasterized once, the first frame it is rendered after each build (its full render-server cost), then composites as one layer at `renderServerMs`"),
            .object("memory", \.memory, memory, "bytes held per view and per element"),
            .choice("configure", \.configure, "`\"onAppear\"`: the anti-pattern — unconfigured during prefetch (laid out at `unconfiguredHeight`), configured the frame after it appears (body + layout again; the prefetched body and layout count as wasted)"),
            .number("unconfiguredHeight", \.unconfiguredHeight, lengthRange, unit: "pt", "the height of an unconfigured view"),
            .choice("stateLocation", \.stateLocation, "`\"view\"` (`@State`: lost when the view is released; tapped state lost → a `stateLoss` when the element comes back), `\"parent\"` (`@Binding` to a parent) or `\"model\"` (survive)"),
            .optionalObject("asyncContent", \.asyncContent, asyncContent, initial: ViewTypeSpec.AsyncContent(latencyMs: 0, start: .initializer),
                            "content that arrives after the latency; until it arrives the view is a placeholder (blank area)"),
            .optionalNumber("relayoutAfterAppear", \.relayoutAfterAppear, -100_000...100_000, unit: "pt",
                            "the `onGeometryChange` anti-pattern — the frame after appearing the view runs body + layout again and its height grows by this much (negative shrinks)"),
            distribution("idealWidth", \.idealWidth, lengthDistribution, defaultNote: "none (flexible)",
                         "the child's ideal (fitting) width, a number or a distribution: a lazy stack's ideal width is its first child's, and later children wider than that are counted (`widerThanIdealWidth`)"),
        ] + resolutionKeys(role)
        if role == .list {
            keys.append(measureWithGeometryReader)
            keys.append(.optionalObject("row", \.row, nestedRow, initial: NestedRowSpec(count: 0, itemWidth: 1, itemTypes: [placeholderType]),
                                        "a nested horizontal LazyHStack; its height is `height` if given, else its first item's height; a type with a `row` needs no `height`"))
        }
        let (defName, summary): (String, String) = switch role {
        case .list: ("viewType", "A kind of view in the list: what it costs, what it holds, and how tall it is.")
        case .header: ("headerType", "The section header's view type (`name` defaults to \"header\").")
        case .rowItem: ("rowItemType", "A view type of a nested row's items (no nested row of its own).")
        }
        return ObjectDeclaration(defName, summary, defaults: role == .header ? placeholderHeader : placeholderType, keys: keys, rules: resolutionRules)
    }

    static let typeNameRule = KeyShape.StringRule(
        pattern: nil, lengths: 1...100, words: "must be 1 to 100 characters",
        accepts: { (1...100).contains($0.unicodeScalars.count) }
    )

    // MARK: heights and distributions

    static let heightForms = "{\"fixed\": 300}, {\"uniform\": {\"min\": 150, \"max\": 450}}, {\"normal\": {\"mean\": 320, \"sd\": 60, \"min\": 120}}, {\"text\": {\"chars\": 240, \"lineHeight\": 20, \"base\": 180}} or {\"aspect\": {\"uniform\": {\"min\": 0.5, \"max\": 2}}}"

    static let heightChoice = ExactlyOneOf(["fixed", "uniform", "normal", "text", "aspect"], lead: "an object with ", tail: ": \(heightForms)",
                                           several: .giveOne(noun: "height form"))

    static let heightForm = ObjectDeclaration<HeightSpec>(
        "height", "How tall a view is: exactly one of the forms.", oneOf: heightChoice, notAnObject: heightChoice.expected,
        keys: [
            .custom("fixed", shape: .number(lengthRange, unit: "pt"), defaultNote: "—", "`{\"fixed\": 300}`: a height in points",
                    decode: { json, _, _ in json.numberValue }, store: { $0 = .absolute(.fixed($1)) }),
            .object("uniform", uniform(lengthRange, "heightUniform"), initial: Bounds(), defaultNote: "—", "`{\"uniform\": {\"min\": 150, \"max\": 450}}`: drawn per child",
                    apply: { $0 = .absolute(.uniform(min: $1.min, max: $1.max)) }),
            .object("normal", normal(lengthRange, "heightNormal"), initial: NormalDraft(), defaultNote: "—", "`{\"normal\": {\"mean\": 320, \"sd\": 60, \"min\": 120, \"max\": 600}}`: drawn per child, clamped (`min` defaults to 0, `max` optional)",
                    apply: { $0 = .absolute($1.distribution(floor: lengthRange.lowerBound)) }),
            .object("text", text, initial: HeightSpec.TextMetrics(chars: .fixed(0), lineHeight: 0), defaultNote: "—",
                    "`{\"text\": {\"chars\": 240, \"lineHeight\": 20, \"base\": 180, \"charWidth\": 7.5, \"padding\": 32, \"lineLimit\": 2}}`: `base + lineHeight · ceil(chars · charWidth / (width − padding))`, lines capped by `lineLimit`; wraps with the viewport width (or the item width in a nested row)",
                    apply: { $0 = .text($1) }),
            .custom("aspect", shape: distributionShape(aspectDistribution), defaultNote: "—", "`{\"aspect\": 0.75}` or `{\"aspect\": {\"uniform\": {\"min\": 0.5, \"max\": 2}}}`: an image, width × aspect",
                    decode: { json, path, context in decodeDistribution(json, path, aspectDistribution, context) }, store: { $0 = .aspect($1) }),
        ]
    )

    static let text = ObjectDeclaration<HeightSpec.TextMetrics>(
        "textHeight", "Wrapped text: base + lineHeight · ceil(chars · charWidth / (width − padding)).",
        defaults: HeightSpec.TextMetrics(chars: .fixed(0), lineHeight: 0),
        keys: [
            distribution("chars", \.chars, charsDistribution, presence: .required, "characters of text, a number or a distribution"),
            .number("lineHeight", \.lineHeight, 0...10_000, unit: "pt", presence: .required, "points per line"),
            .number("base", \.base, lengthRange, unit: "pt", "points besides the text"),
            .number("charWidth", \.charWidth, 0.01...1000, unit: "pt", "points per character"),
            .number("padding", \.padding, 0...10_000, unit: "pt", "horizontal padding, taken from the width"),
            .optionalInteger("lineLimit", \.lineLimit, 1...100_000, "the most lines shown (`.lineLimit`)"),
        ]
    )

    /// A distribution's range and its name in the schema.
    struct DistributionKind {
        var name: String
        var range: ClosedRange<Double>
        var unit: String
    }

    static let lengthDistribution = DistributionKind(name: "length", range: lengthRange, unit: "pt")
    static let charsDistribution = DistributionKind(name: "chars", range: charsRange, unit: "")
    static let aspectDistribution = DistributionKind(name: "aspect", range: aspectRange, unit: "")

    /// `{"min": …, "max": …}` while being decoded.
    struct Bounds {
        var min = 0.0
        var max = 0.0
    }

    struct NormalDraft {
        var mean = 0.0
        var sd = 0.0
        var min: Double?
        var max: Double?

        func distribution(floor: Double) -> Distribution {
            .normal(mean: mean, sd: sd, min: min ?? floor, max: max)
        }
    }

    static func uniform(_ range: ClosedRange<Double>, _ name: String) -> ObjectDeclaration<Bounds> {
        ObjectDeclaration(
            name, "A uniform draw between min and max.",
            keys: [
                .number("min", \.min, range, presence: .required, "the smallest value"),
                .number("max", \.max, range, presence: .required, "the largest value"),
            ],
            rules: [
                .check("`max` is not below `min`") { bounds, input, context in
                    if input.clean.contains("min"), input.clean.contains("max"), bounds.max < bounds.min {
                        context.problem(input.keyPath("max"), "\(JSONWriter.text(bounds.max)) is below min \(JSONWriter.text(bounds.min))")
                    }
                },
            ]
        )
    }

    static func normal(_ range: ClosedRange<Double>, _ name: String) -> ObjectDeclaration<NormalDraft> {
        ObjectDeclaration(
            name, "A normal draw, clamped to min...max.",
            keys: [
                .number("mean", \.mean, range, presence: .required, "the mean"),
                .number("sd", \.sd, 0...1e9, presence: .required, "the standard deviation"),
                .optionalNumber("min", \.min, range, defaultNote: "\(JSONWriter.text(range.lowerBound))", "draws below are raised to it"),
                .optionalNumber("max", \.max, range, "draws above are lowered to it"),
            ],
            rules: [
                .check("`max` is not below `min`") { draft, input, context in
                    guard input.clean.contains("max"), let high = draft.max else { return }
                    let low = draft.min ?? range.lowerBound
                    if high < low { context.problem(input.keyPath("max"), "\(JSONWriter.text(high)) is below min \(JSONWriter.text(low))") }
                },
            ]
        )
    }

    static let distributionChoice = ExactlyOneOf(["fixed", "uniform", "normal"], several: .giveOne(noun: "distribution"))

    static func distributionObject(_ kind: DistributionKind) -> ObjectDeclaration<Distribution> {
        ObjectDeclaration(
            "\(kind.name)Distribution", "A number, or \(distributionChoice.list).", oneOf: distributionChoice,
            keys: [
                .custom("fixed", shape: .number(kind.range, unit: kind.unit), "a fixed value",
                        decode: { json, _, _ in json.numberValue }, store: { $0 = .fixed($1) }),
                .object("uniform", uniform(kind.range, "\(kind.name)Uniform"), initial: Bounds(), "a uniform draw",
                        apply: { $0 = .uniform(min: $1.min, max: $1.max) }),
                .object("normal", normal(kind.range, "\(kind.name)Normal"), initial: NormalDraft(), "a normal draw, clamped",
                        apply: { $0 = $1.distribution(floor: kind.range.lowerBound) }),
            ]
        )
    }

    static let distributionObjects: [String: ObjectDeclaration<Distribution>] = [
        lengthDistribution.name: distributionObject(lengthDistribution),
        charsDistribution.name: distributionObject(charsDistribution),
        aspectDistribution.name: distributionObject(aspectDistribution),
    ]

    static func distributionShape(_ kind: DistributionKind) -> KeyShape {
        // Every kind is in `distributionObjects`.
        .anyOf([.number(kind.range, unit: kind.unit), .object(distributionObjects[kind.name]?.shape ?? distributionObject(kind).shape)])
    }

    static func decodeDistribution(_ json: JSONValue, _ path: String, _ kind: DistributionKind, _ context: DecodingContext) -> Distribution? {
        if case .number(let n) = json { return .fixed(n) }
        guard let declaration = distributionObjects[kind.name] else { return nil }
        var distribution = Distribution.fixed(0)
        return context.clean({ declaration.decode(json, at: path, into: &distribution, context) }) ? distribution : nil
    }

    static func distribution<Value>(_ key: String, _ target: WritableKeyPath<Value, Distribution>, _ kind: DistributionKind,
                                    presence: ObjectShape.Presence = .optional, _ meaning: String) -> KeyDeclaration<Value> {
        .custom(key, shape: distributionShape(kind), presence: presence, meaning,
                decode: { json, path, context in decodeDistribution(json, path, kind, context) }, store: { $0[keyPath: target] = $1 })
    }

    static func distribution<Value>(_ key: String, _ target: WritableKeyPath<Value, Distribution?>, _ kind: DistributionKind,
                                    defaultNote: String, _ meaning: String) -> KeyDeclaration<Value> {
        .custom(key, shape: distributionShape(kind), defaultNote: defaultNote, meaning,
                decode: { json, path, context in decodeDistribution(json, path, kind, context) }, store: { $0[keyPath: target] = $1 })
    }
}
