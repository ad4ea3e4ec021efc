/// Everything a run needs, as plain values: what a scenario file says once it is validated.
///
/// The engine trusts these values (the scenario layer validates them and names the key path
/// of anything wrong); a value the engine cannot work with is a programmer error and traps.
public struct SimulationConfig: Equatable, Sendable {
    public var name: String
    public var seed: UInt64
    /// Seconds of simulated time.
    public var duration: Double
    public var device: DeviceConfig
    public var stack: StackConfig
    public var content: ContentConfig
    public var script: [ScriptEvent]
    /// The seed of the run's cost draws — distributed costs and `jitter` — when it is not
    /// `seed`: an ensemble's run draws from its own (`forRun(_:variation:)`) while the content
    /// still comes from `seed`. Nil for a single run, whose every draw comes from `seed`.
    public var drawSeed: UInt64?

    /// The seed of a configuration that does not give one.
    public static let defaultSeed: UInt64 = 1

    public init(name: String, seed: UInt64 = SimulationConfig.defaultSeed, duration: Double, device: DeviceConfig = DeviceConfig(),
                stack: StackConfig = StackConfig(), content: ContentConfig, script: [ScriptEvent] = []) {
        self.name = name
        self.seed = seed
        self.duration = duration
        self.device = device
        self.stack = stack
        self.content = content
        self.script = script
    }

    /// Every element the run can have: the initial ones and those the script appends.
    public var elementCapacity: Int {
        let appended = script.reduce(content.count) { total, event in
            if case .append(let k) = event.action { return total + k }
            return total
        }
        return max(appended, content.pagination?.total ?? 0)
    }

    /// The most frames a run can present: one per vsync tick of the duration.
    public var maximumFrames: Int {
        Int((duration * device.refreshRate).rounded(.up)) + 1
    }
}
