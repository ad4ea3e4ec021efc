/// Starter scenarios for `scrollsim init`: a file that validates and runs as written, whose
/// `description` says what it models, what to change to make it yours, and which metrics to
/// read (JSON has no comments, and unknown keys are errors, so the explanation lives there).
///
/// Each template is built from one `Description` (its name, prose, stack, view types, script
/// and budgets), written out in one shape by `Description.text`. A template runs within its
/// budgets, or it is a deliberate anti-pattern: then its description says which budgets it
/// breaks and why, and the file carries `"expect": "over-budget"` with those budgets in
/// `expectedOver`, so `scrollsim run` does not fail it (`BudgetExpectation`).
/// `ScenarioTemplateTests` loads and runs every one and checks exactly that. Kinds of list
/// whose model does not exist yet (`planned`) have no template until it does.
public struct ScenarioTemplate: Equatable, Sendable {
    /// The name `scrollsim init NAME` takes.
    public var name: String
    /// One line for `scrollsim init --list`.
    public var summary: String
    /// The scenario file's text.
    public var text: String
    /// The budgets the template breaks on purpose (empty: it runs within its budgets).
    public var expectedOver: [Metric]

    /// What makes one template: everything else in the file is the same for all.
    struct Description {
        var name: String
        var summary: String
        var description: String
        var seed: Int
        var duration: Double
        /// The members of `stack`, one JSON member to a line.
        var stack: String
        var count: Int
        /// The members of each view type in `content.types`, one JSON member to a line.
        var types: [String]
        /// Each event's time and action (`"fling": {"velocity": 5000}`).
        var script: [(at: Double, action: String)]
        /// Each budget's metric and limit as JSON (`0`, `"200 MiB"`).
        var budgets: [(metric: Metric, limit: String)]
        /// The budgets a deliberate anti-pattern breaks (`expect`, `expectedOver`).
        var expectedOver: [Metric] = []

        /// Two flings down and one back up: the script of several templates.
        static let flingDownAndBack: [(at: Double, action: String)] = [
            (0.3, "\"fling\": {\"velocity\": 5000}"),
            (2.5, "\"fling\": {\"velocity\": 7000}"),
            (5.0, "\"fling\": {\"velocity\": -6000}"),
        ]

        /// The scenario file.
        var text: String {
            func string(_ text: String) -> String {
                var bytes: [UInt8] = []
                JSONWriter.appendString(text, into: &bytes)
                return String(decoding: bytes, as: UTF8.self)
            }
            func indented(_ block: String, _ spaces: Int) -> String {
                block.split(separator: "\n", omittingEmptySubsequences: false).map { String(repeating: " ", count: spaces) + $0 }.joined(separator: "\n")
            }
            var lines = [
                "{",
                "  \"$schema\": \"scenario.schema.json\",",
                "  \"schema\": 1,",
                "  \"name\": \(string(name)),",
                "  \"description\": \(string(description)),",
                "  \"seed\": \(seed),",
                "  \"duration\": \(JSONWriter.text(duration)),",
                "  \"stack\": {",
                indented(stack, 4),
                "  },",
                "  \"content\": {",
                "    \"count\": \(count),",
                "    \"types\": [",
                types.map { "      {\n" + indented($0, 8) + "\n      }" }.joined(separator: ",\n"),
                "    ]",
                "  },",
                "  \"script\": [",
                script.map { "    {\"at\": \(JSONWriter.text($0.at)), \($0.action)}" }.joined(separator: ",\n"),
                "  ],",
                "  \"budgets\": {" + budgets.map { "\(string($0.metric.path)): \($0.limit)" }.joined(separator: ", ") + "},",
                "  \"ensemble\": {\"runs\": \(ScenarioTemplate.runs)}" + (expectedOver.isEmpty ? "" : ","),
            ]
            if !expectedOver.isEmpty {
                lines.append("  \"expect\": \"\(ScenarioKeys.Expectation.overBudget.rawValue)\",")
                lines.append("  \"expectedOver\": [" + expectedOver.map { string($0.path) }.joined(separator: ", ") + "]")
            }
            return lines.joined(separator: "\n") + "\n}\n"
        }
    }

    init(_ description: Description) {
        var description = description
        description.description += ScenarioTemplate.ensembleNote
        name = description.name
        summary = description.summary
        text = description.text
        expectedOver = description.expectedOver
    }

    /// How many runs each template plays (`ensemble.runs`): enough for an interval of about a
    /// frame or two on dropped frames (<doc:HowSureIsThis>), a fraction of a second of CPU.
    public static let runs = 30

    /// What every template's description ends with: why it is an ensemble.
    static let ensembleNote = " It plays as an ensemble of 30 runs (ensemble.runs): costs given as distributions are drawn per element in each run, jitter varies each build, and each gesture lands at a random moment of its frame, so every figure comes with its 95 % interval and scrollsim ab judges a change by its paired differences; one run is one draw, and its figures flip at frame boundaries. Set ensemble.runs to 1 for the single deterministic run."

    /// Every template, in the order `--list` shows them.
    public static let all: [ScenarioTemplate] = [feed, heavyCells, asyncImages, chat, grid, masonry]

    /// Kinds of list a template is planned for once the engine models them, with what is missing
    /// (none today: every kind of list the engine models has a template).
    public static let planned: [(name: String, missing: String)] = [
    ]

    public static func named(_ name: String) -> ScenarioTemplate? { all.first { $0.name == name } }

    /// The template's text with the scenario named `scenarioName` instead (reports are named
    /// after the scenario, so `scrollsim init feed my-feed.json` writes a scenario `my-feed`).
    public func text(named scenarioName: String) -> String {
        var escaped: [UInt8] = []
        JSONWriter.appendString(scenarioName, into: &escaped)
        return text.replacingOccurrences(of: "\n  \"name\": \"\(name)\",\n", with: "\n  \"name\": \(String(decoding: escaped, as: UTF8.self)),\n")
    }

    /// A social feed: text posts, photo posts whose images load after a latency, and links.
    public static let feed = ScenarioTemplate(Description(
        name: "feed", summary: "a social feed: text, photo and link posts in a LazyVStack, flung down and back",
        description: "A social feed: 5,000 posts of three kinds in a LazyVStack with SwiftUI's default prefetch, flung down twice and back to the top. Make it yours: set content.count to your feed's length; give each type your own costs from Instruments (initMs, bodyMs, layoutMs per view, in ms) and memory (bytes); change the weights to your mix of posts; replace the script with your users' gestures. Read: droppedFrames and hitchRatio (smoothness while scrolling), launch.droppedFrames (the first screen), frameWorkMs.p99, peakMemoryBytes, blankAreaFrames (photos not loaded in time); the last lines of scrollsim run name the view type that owns the over-budget work.",
        seed: 1, duration: 8,
        stack: """
        "kind": "lazyVStack",
        "spacing": 8,
        "prefetch": {"policy": "chunked", "distance": 1.0}
        """,
        count: 5000,
        types: [
            """
            "name": "text",
            "weight": 5,
            "height": {"text": {"chars": {"normal": {"mean": 220, "sd": 90, "min": 20}}, "lineHeight": 20, "base": 72}},
            "initMs": 0.03, "bodyMs": {"lognormal": {"p50": 0.09, "p95": 0.2}}, "layoutMs": {"lognormal": {"p50": 0.16, "p95": 0.35}},
            "renderMs": 0.02, "appearMs": 0.01, "jitter": 0.1,
            "memory": {"view": 800, "state": 256}
            """,
            """
            "name": "photo",
            "weight": 3,
            "height": {"aspect": {"uniform": {"min": 0.6, "max": 1.4}}},
            "initMs": 0.05, "bodyMs": {"lognormal": {"p50": 0.13, "p95": 0.3}}, "layoutMs": {"lognormal": {"p50": 0.18, "p95": 0.4}},
            "renderMs": 0.05, "appearMs": 0.02, "jitter": 0.1,
            "memory": {"view": 1200, "state": 512, "content": 350000},
            "asyncContent": {"latencyMs": 200, "start": "init", "placeholderSized": true}
            """,
            """
            "name": "link",
            "weight": 2,
            "height": {"fixed": 120},
            "initMs": 0.03, "bodyMs": 0.08, "layoutMs": 0.1, "renderMs": 0.02, "jitter": 0.1,
            "memory": {"view": 600}
            """,
        ],
        script: [
            (0.3, "\"fling\": {\"velocity\": 5000}"),
            (2.5, "\"fling\": {\"velocity\": 7000}"),
            (5.5, "\"scrollTo\": {\"edge\": \"top\", \"duration\": 0.5}"),
        ],
        budgets: [(.droppedFrames, "0"), (.hitchRatio, "5"), (.frameWorkP99, "8.33"), (.peakMemoryBytes, "\"200 MiB\"")]
    ))

    /// Cells too heavy for one frame: what prefetch can and cannot hide.
    public static let heavyCells = ScenarioTemplate(Description(
        name: "heavy-cells", summary: "cards that cost most of a frame to build, and what prefetch can hide",
        description: "Cards that cost 7.5 ms to build (init 0.3, body 3.2, layout 4.0 ms: most of the 8.33 ms budget at 120 Hz) in a LazyVStack, flung down and back. SwiftUI's chunked prefetch builds upcoming cards in idle time, but a unit of work (one view's init, body or layout) cannot be paused, so a 4 ms layout started with little idle time left makes its frame late. A deliberate anti-pattern: as written, the run breaks its droppedFrames, hitchRatio and prefetchOverrunFrames budgets on purpose (\"expect\": \"over-budget\" and expectedOver say so, and scrollsim run does not fail it for those; remove both keys once you have made it yours). Try: stack.prefetch.policy \"deadline\" (starts a view only if its average cost fits the idle time: within budget; a card drawn heavier than its type's average can still overrun now and then, which is why prefetchOverrunFrames is budgeted on p90 over the runs: none in 9 runs out of 10), or move work out of body and layout (lower bodyMs, layoutMs). Read: droppedFrames, prefetchOverrunFrames (frames prefetch made late), coldBuilds (cards built inside the frame that shows them), hitchRatio; the last lines of scrollsim run name the type and the worst frame.",
        seed: 3, duration: 8,
        stack: """
        "kind": "lazyVStack",
        "spacing": 8,
        "prefetch": {"policy": "chunked", "distance": 1.0, "marginMs": 1.0}
        """,
        count: 3000,
        types: [
            """
            "name": "card",
            "height": {"uniform": {"min": 220, "max": 380}},
            "initMs": 0.3, "bodyMs": {"normal": {"mean": 3.2, "sd": 0.4, "min": 2}}, "layoutMs": {"normal": {"mean": 4.0, "sd": 0.5, "min": 2.5}},
            "renderMs": 0.08, "appearMs": 0.05, "jitter": 0.1,
            "memory": {"view": 2000, "state": 4096, "content": 200000}
            """,
        ],
        script: Description.flingDownAndBack,
        budgets: [(.droppedFrames, "2"), (.prefetchOverrunFrames, "{\"p90\": 0}"), (.hitchRatio, "5")],
        expectedOver: [.droppedFrames, .hitchRatio, .prefetchOverrunFrames]
    ))

    /// Images whose size is only known when they arrive.
    public static let asyncImages = ScenarioTemplate(Description(
        name: "async-images", summary: "AsyncImage rows whose placeholders have no size, and the jumps that causes",
        description: "Photos loaded like AsyncImage: each row shows a 60 pt placeholder until its image arrives 250 ms after the view is created, then takes the image's height. Rows above the viewport that change height move what the user is looking at (visibleJumps) and the offset has to be corrected. A deliberate anti-pattern: as written, the run breaks its visibleJumps budget on purpose (\"expect\": \"over-budget\" and expectedOver say so, and scrollsim run does not fail it for that; remove both keys once you have made it yours). Fix it by giving the placeholder the image's size (asyncContent.placeholderSized true: an aspect ratio from your API), and compare the two runs with scrollsim ab. Read: visibleJumps and maxJumpPx, offsetCorrections, blankAreaFrames (placeholders on screen), peakMemoryBytes (decoded images held).",
        seed: 1, duration: 8,
        stack: """
        "kind": "lazyVStack",
        "spacing": 8,
        "prefetch": {"policy": "chunked", "distance": 1.0}
        """,
        count: 2000,
        types: [
            """
            "name": "photo",
            "height": {"aspect": {"uniform": {"min": 0.6, "max": 1.6}}},
            "initMs": 0.05, "bodyMs": 0.2, "layoutMs": {"lognormal": {"p50": 0.27, "p95": 0.6}}, "renderMs": 0.05, "jitter": 0.1,
            "memory": {"view": 1200, "state": 256, "content": 400000},
            "asyncContent": {"latencyMs": 250, "start": "init", "placeholderSized": false, "placeholderHeight": 60}
            """,
        ],
        script: Description.flingDownAndBack,
        budgets: [(.visibleJumps, "0"), (.blankAreaFrames, "200")],
        expectedOver: [.visibleJumps]
    ))

    /// A chat that opens on its last message, is scrolled up, receives a message and jumps back.
    public static let chat = ScenarioTemplate(Description(
        name: "chat", summary: "a chat of 5,000 messages that opens at the bottom, receives a message and jumps to the latest",
        description: "A chat of 5,000 wrapped text messages in a LazyVStack with defaultScrollAnchor(.bottom) and scrollPosition(anchor: .bottom): it opens on its last message (the viewID frame column shows the last element on the first frame) with the messages above built lazily as they come into view. The user scrolls up through the history, a message arrives (append) without moving what they read, and a \"jump to latest\" button scrolls to the bottom edge, animated. Make it yours: set content.count to a long conversation's length; give the message type your own costs from Instruments and your messages' lengths (chars); add types for photos or link previews; change the script to your users' gestures. Read: scrollTo.landingErrorPx (the jump must land on the newest message), viewID, positionedByUser and atEdge (the frame columns of ScrollPosition), offsetCorrections (estimated heights replaced by measured ones while scrolling up), droppedFrames, frameWorkMs.p99.",
        seed: 5, duration: 4,
        stack: """
        "kind": "lazyVStack",
        "spacing": 6,
        "scrollPosition": {"anchor": "bottom"},
        "defaultScrollAnchor": "bottom"
        """,
        count: 5000,
        types: [
            """
            "name": "message",
            "height": {"text": {"chars": {"uniform": {"min": 10, "max": 500}}, "lineHeight": 20, "base": 24, "padding": 96}},
            "initMs": 0.04, "bodyMs": 0.12, "layoutMs": {"lognormal": {"p50": 0.18, "p95": 0.4}}, "renderMs": 0.02, "jitter": 0.1,
            "memory": {"view": 900, "state": 128}
            """,
        ],
        script: [
            (0.5, "\"drag\": {\"velocity\": -2500, \"duration\": 0.8}"),
            (1.6, "\"append\": {\"count\": 1}"),
            (2.2, "\"scrollTo\": {\"edge\": \"bottom\", \"duration\": 0.4}"),
        ],
        budgets: [(.scrollToLandingErrorPx, "0.5"), (.droppedFrames, "0"), (.frameWorkP99, "8.33")]
    ))

    /// A photo grid, and the space its rows waste.
    public static let grid = ScenarioTemplate(Description(
        name: "grid", summary: "a LazyVGrid of photos: rows as tall as their tallest cell, and the space that wastes",
        description: "A profile's photo grid: 3,000 photos in a LazyVGrid with adaptive columns of at least 120 pt (3 on a 393 pt iPhone), flung down and back. Each row is as tall as its tallest photo, so photos of different shapes leave gaps under the shorter ones (gridWastePx). Make it yours: your photo count and aspect ratios (or a data file of aspect ratios: content.data), the cell costs measured in Instruments, grid.columns or grid.adaptiveMinimum. If the gaps matter, try stack.kind \"masonryColumns\" with masonry.targetColumnWidth instead of grid (scrollsim ab). Read: gridWastePx, droppedFrames, peakMemoryBytes (decoded thumbnails held), peakResidentViews.",
        seed: 1, duration: 8,
        stack: """
        "kind": "lazyVGrid",
        "spacing": 2,
        "grid": {"adaptiveMinimum": 120, "spacing": 2}
        """,
        count: 3000,
        types: [
            """
            "name": "photo",
            "height": {"aspect": {"uniform": {"min": 0.75, "max": 1.5}}},
            "initMs": 0.03, "bodyMs": 0.08, "layoutMs": 0.1, "renderMs": 0.03, "jitter": 0.1,
            "memory": {"view": 800, "state": 64, "content": 90000}
            """,
        ],
        script: Description.flingDownAndBack,
        budgets: [(.droppedFrames, "0"), (.peakMemoryBytes, "\"100 MiB\"")]
    ))

    /// A masonry feed as lazy columns.
    public static let masonry = ScenarioTemplate(Description(
        name: "masonry", summary: "a masonry photo feed: one LazyVStack per column, items placed by their aspect ratio",
        description: "A masonry photo feed of 10,000 photos as one LazyVStack per column in one ScrollView: each photo goes to the shortest column by its height (column width × aspect ratio), computed before any view exists; the column count follows the width (max(2, ⌊width / 180⌋): 2 on an iPhone). Images load 300 ms after they are asked for; the data layer starts them 500 pt before they scroll in (imagePrefetchPt). Make it yours: your photos' aspect ratios (content.data: a CSV with an aspect column), cell costs, masonry.targetColumnWidth, a rotation in the script (masonry.redistribution \"stable\" keeps photos the user has seen in their columns). Read: droppedFrames, peakMemoryBytes and the memory chart (flat while scrolling), blankAreaFrames (images not there yet), reshuffledItems, columnImbalancePx.",
        seed: 1, duration: 8,
        stack: """
        "kind": "masonryColumns",
        "spacing": 4,
        "imagePrefetchPt": 500,
        "masonry": {"targetColumnWidth": 180, "redistribution": "stable"}
        """,
        count: 10000,
        types: [
            """
            "name": "photo",
            "height": {"aspect": {"uniform": {"min": 0.56, "max": 1.78}}},
            "initMs": 0.05, "bodyMs": 0.15, "layoutMs": 0.2, "renderMs": 0.05, "jitter": 0.1,
            "memory": {"view": 1500, "state": 256, "content": 300000},
            "asyncContent": {"latencyMs": 300, "start": "task", "placeholderSized": true}
            """,
        ],
        script: [
            (0.3, "\"fling\": {\"velocity\": 6000}"),
            (2.5, "\"fling\": {\"velocity\": 8000}"),
            (5.0, "\"rotate\": {\"width\": 852, \"height\": 393}"),
            (5.5, "\"fling\": {\"velocity\": -6000}"),
        ],
        budgets: [(.droppedFrames, "0"), (.reshuffledItems, "0"), (.peakMemoryBytes, "\"100 MiB\"")]
    ))
}
