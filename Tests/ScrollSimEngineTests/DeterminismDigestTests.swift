import Testing
import ScrollSimEngine

/// Determinism against a committed figure, not only against a second run of the same code: the
/// digest of a run that exercises jitter, text reflow, flings both ways and a rotation.
///
/// The digest is FNV-1a (64-bit) over every frame column and every event, numbers rounded to
/// 1/10,000 as reports write them (so last-bit differences of libm between platforms do not
/// count). It is frozen from this code's output: when a change of the engine is *meant* to change
/// behaviour, update it in the same commit and say so (as with `Reports/baseline`); a refactoring
/// must leave it alone. The hand oracles (`SimulationOracleTests` and friends) say what the
/// numbers should be; this says that they did not move. (Last changed on purpose with the frame
/// pipeline: prefetch in whole units, launch apart from scrolling, the render-server columns;
/// then with still frames that render nothing, landings judged after settling and grids
/// counting cells; then with the keep-alive clock starting outside the prefetch window and a view
/// holding its bytes from the start of its prefetch.)
@Suite struct DeterminismDigestTests {
    static func config() -> SimulationConfig {
        let types = [Fixtures.cell(height: .text(.init(chars: .uniform(min: 50, max: 600), lineHeight: 20, base: 100)),
                                   costs: ViewTypeSpec.Costs(initMs: 0.2, bodyMs: 0.5, layoutMs: 0.5, renderMs: 0.05, appearMs: 0.05, jitter: 0.3))]
        return Fixtures.config(count: 5000, types: types, duration: 5,
                               script: [Fixtures.fling(at: 0.2, 7000), Fixtures.fling(at: 2, -5000),
                                        ScriptEvent(at: 3, action: .rotate(Size(width: 852, height: 393)))])
    }

    static func digest(_ result: SimulationResult) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ value: Double) {
            let units = Int64((value * 10_000).rounded())
            var bits = UInt64(bitPattern: units)
            for _ in 0..<8 {
                hash ^= bits & 0xFF
                hash = hash &* 0x0000_0100_0000_01B3
                bits >>= 8
            }
        }
        let f = result.frames
        for i in 0..<f.count {
            for value in [f.timeMs[i], f.offset[i], f.workMs[i], f.estimatedHeight[i], f.trueHeight[i], f.correctionPx[i], f.blankFraction[i]] {
                mix(value)
            }
            for value in [f.dropped[i], f.memoryBytes[i], f.visible[i], f.prefetched[i], f.cached[i], f.corrections[i], f.visibleJumps[i], f.viewID[i]] {
                mix(Double(value))
            }
            mix(Double(f.interval[i].rawValue))
            mix(f.renderServerMs[i])
            mix(f.prefetchOverrunMs[i])
            // The phases in the order the digest was frozen with (prefetch before overhead).
            for phase in [.input, .initialize, .body, .layout, .appear, .render, .prefetch, .overhead] as [PhaseWork.Phase] { mix(f.phaseMs[phase][i]) }
        }
        for event in result.events {
            mix(Double(event.frame))
            mix(Double(event.kind.rawValue))
            mix(Double(event.row))
            mix(Double(event.element))
            mix(event.value)
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    @Test func aRunWithJitterFlingsAndARotationHasTheCommittedDigest() {
        let result = Simulation.run(Self.config())
        #expect(result.frames.count == 600)
        #expect(Self.digest(result) == "fbd0da98e23a032c")
    }
}
