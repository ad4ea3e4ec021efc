@testable import ScrollSimEngine

/// A random scenario of the reference model's subset, from a seed: a few hundred rows of one to
/// three view types of fixed or uniform height with their costs, a `lazyVStack` or a `vStack`,
/// prefetch off or `deadline`, a keep-alive by ms or frames with a cap, and a script of two to
/// six drags, flings and instant `scrollTo`s over 0.3–1.2 s.
///
/// Half the scenarios give every element's type and height as data (`content.items`, drawn here),
/// the other half let the engine draw them from the types' weights and height distributions; the
/// reference model then reads the drawn rows from the engine's row table (what is drawn is not
/// what the model checks: ContentDrawsTests does).
struct ReferenceScenario {
    let seed: UInt64
    let config: SimulationConfig
    /// Every row's type and height, or nil when the engine draws them.
    let rows: [(type: Int, height: Double)]?

    /// The rows the reference model plays: the given types and heights, or the engine's draws;
    /// costs given as numbers from the types, distributed costs as the engine drew them.
    func rowsToPlay() -> [ReferenceRow] {
        let types = config.content.types
        let drawsSomething = rows == nil || types.contains { !$0.costDistributions.isEmpty }
        let table = drawsSomething ? Simulation(config: config).stack.rows : nil
        let given = rows ?? (0..<(table?.count ?? 0)).map {
            (type: table!.typeIndex(ofRow: $0), height: table!.finalHeight(of: $0, width: config.device.viewport.width))
        }
        return given.enumerated().map { row, drawn in
            let type = types[drawn.type]
            let costs = type.costDistributions.isEmpty
                ? ReferenceRow.Costs(numbersOf: type)
                : ReferenceRow.Costs(drawnFor: row, in: table!, type: type)
            return ReferenceRow(type: drawn.type, height: drawn.height, costs: costs)
        }
    }

    /// The scenario in a few lines, for a failure message.
    var summary: String {
        let c = config
        var lines = [
            "seed \(seed): \(c.stack.kind) of \(c.content.count) rows (\(rows == nil ? "drawn by the engine" : "given as data")), "
                + "\(c.device.refreshRate) Hz, viewport \(c.device.viewport.height) pt, overhead \(c.device.frameOverheadMs) ms, "
                + "input \(c.device.inputMs) ms, duration \(c.duration) s",
            "  spacing \(c.stack.spacing), initialEstimate \(c.stack.initialEstimate), prefetch \(c.stack.prefetch), keepAlive \(c.stack.keepAlive)",
        ]
        for (i, t) in c.content.types.enumerated() {
            lines.append("  type \(i) \(t.name): weight \(t.weight), height \(t.height), costs \(t.costs), rendering \(t.rendering), memory \(t.memory)"
                + (t.costDistributions.isEmpty ? "" : ", drawn: \(CostPhase.allCases.compactMap { p in t.costDistributions[p].map { "\(p.key) \($0)" } })"))
        }
        for event in c.script { lines.append("  at \(event.at): \(event.action)") }
        return lines.joined(separator: "\n")
    }
}

enum ReferenceScenarioGenerator {
    /// SplitMix64 (Steele, Lea, Flood 2014): the generator's own stream, apart from the engine's.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }
        mutating func number(_ low: Double, _ high: Double) -> Double { low + (high - low) * unit() }
        /// A value rounded to `step`, so some costs and heights are round numbers (ties on the
        /// budget and the edges are where off-by-one bugs live).
        mutating func round(_ low: Double, _ high: Double, step: Double) -> Double { (number(low, high) / step).rounded() * step }
        mutating func int(_ low: Int, _ high: Int) -> Int { low + Int(next() % UInt64(high - low + 1)) }
        mutating func chance(_ p: Double) -> Bool { unit() < p }
    }

    static func scenario(seed: UInt64) -> ReferenceScenario {
        var r = Random(state: seed &* 0x2545_F491_4F6C_DD1D ^ 0x5DEE_CE66)
        let viewportHeight = r.round(300, 900, step: 1)
        let typeCount = r.int(1, 3)
        let types = (0..<typeCount).map { i -> ViewTypeSpec in
            let height: HeightSpec = r.chance(0.5)
                ? .absolute(.fixed(r.round(20, 320, step: 4)))
                : .absolute(.uniform(min: r.round(20, 150, step: 1), max: r.round(150, 450, step: 1)))
            // Main-thread costs from nothing to heavier than a 120 Hz frame's idle time.
            let costs = ViewTypeSpec.Costs(
                initMs: r.round(0, 1.5, step: 0.05), bodyMs: r.round(0, r.chance(0.2) ? 9 : 3, step: 0.05),
                layoutMs: r.round(0, r.chance(0.2) ? 6 : 2.5, step: 0.05), renderMs: r.round(0, 0.3, step: 0.01),
                appearMs: r.round(0, 0.6, step: 0.01)
            )
            let rendering = ViewTypeSpec.Rendering(serverMs: r.round(0, 0.3, step: 0.01), effects: r.int(0, 3), effectMs: r.round(0.05, 0.6, step: 0.05))
            let memory = ViewTypeSpec.Memory(view: r.int(0, 4096), state: r.int(0, 2048), content: r.chance(0.3) ? r.int(0, 1 << 20) : 0, data: r.int(0, 256))
            var type = ViewTypeSpec(name: "t\(i)", weight: r.round(0.5, 3, step: 0.5), height: height, costs: costs, memory: memory, rendering: rendering)
            // SR "Cost distributions": a third of the types draw their build costs per element,
            // which is what makes `deadline`'s running averages move.
            if r.chance(0.35) {
                for phase in [CostPhase.initialize, .body, .layout] {
                    let low = r.round(0, 1, step: 0.05)
                    let high = low + r.round(0, r.chance(0.3) ? 8 : 3, step: 0.05)
                    type.costDistributions[phase] = .uniform(min: low, max: high)
                    // The type's number is the distribution's mean (SR: "its mean is what estimates use").
                    let mean = (low + high) / 2
                    switch phase {
                    case .initialize: type.costs.initMs = mean
                    case .body: type.costs.bodyMs = mean
                    default: type.costs.layoutMs = mean
                    }
                }
            }
            return type
        }
        let count = r.int(150, 400)
        var rows: [(type: Int, height: Double)]?
        var items: [ElementData]?
        if r.chance(0.5) {
            let given = (0..<count).map { _ -> (type: Int, height: Double) in
                let t = r.int(0, typeCount - 1)
                switch types[t].height {
                case .absolute(.fixed(let h)): return (t, h)
                case .absolute(.uniform(let low, let high)): return (t, r.number(low, high))
                default: preconditionFailure("the generator makes fixed and uniform heights only")
                }
            }
            rows = given
            items = given.map { ElementData(typeIndex: $0.type, heightParameter: $0.height) }
        }

        let prefetch = r.chance(0.35)
            ? PrefetchConfig(enabled: false)
            : PrefetchConfig(enabled: true, distance: r.round(0.25, 2, step: 0.25), policy: .deadline, marginMs: r.round(0, 2, step: 0.5))
        let duration: KeepAliveConfig.Duration = r.chance(0.5) ? .milliseconds(r.round(0, 400, step: 25)) : .frames(r.int(0, 40))
        var stack = StackConfig(kind: r.chance(0.2) ? .vStack : .lazyVStack, spacing: r.round(2, 12, step: 2), prefetch: prefetch,
                                keepAlive: KeepAliveConfig(duration: duration, maxViews: r.int(0, 40)), initialEstimate: r.round(20, 200, step: 4))
        stack.pinnedHeaders = false
        let device = DeviceConfig(refreshRate: r.chance(0.75) ? 120 : 60, viewport: Size(width: 393, height: viewportHeight),
                                  frameOverheadMs: r.round(0, 1, step: 0.1), inputMs: r.round(0, 0.2, step: 0.05))

        let seconds = r.round(0.3, 1.2, step: 0.05)
        var times = (0..<r.int(2, 6)).map { _ in r.round(0, seconds * 0.9, step: 0.01) }
        times.sort()
        let script = times.map { at -> ScriptEvent in
            let sign = r.chance(0.6) ? 1.0 : -1.0
            switch r.int(0, 2) {
            case 0:
                return ScriptEvent(at: at, action: .drag(velocity: sign * r.round(100, 6000, step: 10), duration: r.round(0.03, 0.4, step: 0.01),
                                                         flingOnRelease: r.chance(0.5)))
            case 1:
                return ScriptEvent(at: at, action: .fling(velocity: sign * r.round(300, 9000, step: 10), deceleration: r.chance(0.7) ? 0.998 : 0.99))
            default:
                let destination: ScrollTarget.Destination
                switch r.int(0, 5) {
                case 0: destination = .top
                case 1: destination = .bottom
                case 2: destination = .offset(r.round(0, 30000, step: 1))
                default: destination = .element(r.int(0, count - 1))
                }
                let anchor = [ScrollTarget.Anchor.top, .center, .bottom][r.int(0, 2)]
                return ScriptEvent(at: at, action: .scrollTo(ScrollTarget(destination: destination, anchor: anchor)))
            }
        }
        let config = SimulationConfig(name: "reference-\(seed)", seed: seed, duration: seconds, device: device, stack: stack,
                                      content: ContentConfig(count: count, types: types, items: items), script: script)
        return ReferenceScenario(seed: seed, config: config, rows: rows)
    }
}
