import ScrollSimEngine

/// Builders for the hand-computed oracle tests: every cost, size and height is given, nothing
/// is drawn, so the expected figures can be worked out on paper.
enum Oracle {
    /// The frame budget at 120 Hz, B = 1000/120 ms = 8.3333… ms.
    static let budget = 1000.0 / 120

    /// A view type of fixed `height` whose costs are all zero unless given.
    static func type(
        _ name: String = "row", height: Double = 100, initMs: Double = 0, bodyMs: Double = 0, layoutMs: Double = 0,
        renderMs: Double = 0, appearMs: Double = 0, view: Int = 0, state: Int = 0, data: Int = 0,
        stateLocation: ViewTypeSpec.StateLocation = .view
    ) -> ViewTypeSpec {
        ViewTypeSpec(
            name: name, height: .absolute(.fixed(height)),
            costs: ViewTypeSpec.Costs(initMs: initMs, bodyMs: bodyMs, layoutMs: layoutMs, renderMs: renderMs, appearMs: appearMs),
            memory: ViewTypeSpec.Memory(view: view, state: state, content: 0, data: data),
            stateLocation: stateLocation
        )
    }

    /// A run at 120 Hz with no per-frame input cost and the given overhead; everything else is
    /// as given (defaults: 393 × 852 viewport, no spacing, prefetch off, 44 pt first estimate).
    static func config(
        count: Int, types: [ViewTypeSpec] = [type()], items: [ElementData]? = nil, duration: Double,
        viewportHeight: Double = 852, spacing: Double = 0, overheadMs: Double = 0.5, inputMs: Double = 0,
        prefetch: PrefetchConfig = PrefetchConfig(enabled: false),
        keepAlive: KeepAliveConfig = KeepAliveConfig(), initialEstimate: Double = 44, script: [ScriptEvent] = []
    ) -> SimulationConfig {
        SimulationConfig(
            name: "oracle", seed: 1, duration: duration,
            device: DeviceConfig(refreshRate: 120, viewport: Size(width: 393, height: viewportHeight), frameOverheadMs: overheadMs, inputMs: inputMs),
            stack: StackConfig(kind: .lazyVStack, spacing: spacing, pinnedHeaders: false, prefetch: prefetch, keepAlive: keepAlive,
                               initialEstimate: initialEstimate),
            content: ContentConfig(count: count, types: types, items: items),
            script: script
        )
    }

    /// Element data giving each element its height (in points, for a fixed-height type: the
    /// parameter is the height) and, optionally, its type.
    static func items(heights: [Double], types: [Int]? = nil) -> [ElementData] {
        heights.enumerated().map { i, h in ElementData(typeIndex: types?[i], heightParameter: h) }
    }

    static func drag(at: Double, _ velocity: Double, for duration: Double, fling: Bool = false) -> ScriptEvent {
        ScriptEvent(at: at, action: .drag(velocity: velocity, duration: duration, flingOnRelease: fling))
    }

    static func scrollTo(at: Double, _ destination: ScrollTarget.Destination, anchor: ScrollTarget.Anchor = .top,
                         animated duration: Double? = nil) -> ScriptEvent {
        ScriptEvent(at: at, action: .scrollTo(ScrollTarget(destination: destination, anchor: anchor, animationDuration: duration)))
    }
}
