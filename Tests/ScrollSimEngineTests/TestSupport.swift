import ScrollSimEngine

/// Small builders for the configurations tests play.
enum Fixtures {
    static func cell(
        _ name: String = "cell", height: HeightSpec = .absolute(.fixed(100)),
        costs: ViewTypeSpec.Costs = ViewTypeSpec.Costs(initMs: 0.05, bodyMs: 0.1, layoutMs: 0.1, renderMs: 0.02, appearMs: 0.01),
        memory: ViewTypeSpec.Memory = ViewTypeSpec.Memory(view: 1000, state: 500, content: 0, data: 64)
    ) -> ViewTypeSpec {
        ViewTypeSpec(name: name, height: height, costs: costs, memory: memory)
    }

    static func config(
        count: Int = 1000, types: [ViewTypeSpec] = [cell()], kind: StackConfig.Kind = .lazyVStack,
        spacing: Double = 0, duration: Double = 2, script: [ScriptEvent] = [], seed: UInt64 = 1,
        prefetch: PrefetchConfig = PrefetchConfig(), keepAlive: KeepAliveConfig = KeepAliveConfig(),
        sections: SectionsConfig? = nil, pinnedHeaders: Bool = false, overheadMs: Double = 0.5
    ) -> SimulationConfig {
        SimulationConfig(
            name: "test", seed: seed, duration: duration,
            device: DeviceConfig(frameOverheadMs: overheadMs),
            stack: StackConfig(kind: kind, spacing: spacing, pinnedHeaders: pinnedHeaders, prefetch: prefetch, keepAlive: keepAlive),
            content: ContentConfig(count: count, types: types, sections: sections),
            script: script
        )
    }

    static func fling(at: Double = 0, _ velocity: Double, rate: Double = DecelerationRate.normal) -> ScriptEvent {
        ScriptEvent(at: at, action: .fling(velocity: velocity, deceleration: rate))
    }
}
