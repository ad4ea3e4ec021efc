import ScrollSimEngine
import ScrollSimHarness
import ScrollSimKit
import Testing

/// Which frames are steady: the reshaping kinds, and the look at a frame's new events the
/// timed loop makes in place of copying the log.
@Suite struct SteadyStateTests {
    /// `reshapes` is the comparison the set is made from: the two agree on every kind, and
    /// exactly two kinds reshape, rotate and append (worked out from the model: the frames
    /// in which a masonry layout distributes again or elements arrive).
    @Test func reshapesAgreesWithTheSet() {
        for kind in SimulationEvent.Kind.allCases {
            #expect(SteadyState.reshapes(kind) == SteadyState.reshaping.contains(kind), "\(kind.name)")
        }
        #expect(SimulationEvent.Kind.allCases.filter(SteadyState.reshapes).map(\.name) == ["rotate", "append"])
        #expect(SteadyState.reshaping == [.rotate, .append])
    }

    /// Frame by frame through a masonry rotation and a scripted append, `reshaped(_:since:)`
    /// answers what scanning a copy of the log answers, and it is true in exactly the frames
    /// that logged a rotation or an append (worked out from the script: one of each).
    @Test func reshapedReadsTheFramesNewEvents() throws {
        let scenario = try ScenarioLoader.decode(Array("""
        {"schema": 1, "name": "reshape", "seed": 3, "duration": 1.5,
         "stack": {"kind": "masonryColumns", "spacing": 4, "masonry": {"columns": 3}},
         "content": {"count": 60, "types": [{"name": "photo", "height": {"aspect": {"uniform": {"min": 0.5, "max": 2}}}, "bodyMs": 0.2}]},
         "script": [{"at": 0.1, "fling": {"velocity": 3000}}, {"at": 0.5, "rotate": {"width": 844, "height": 390}},
                    {"at": 1.0, "append": {"count": 12}}]}
        """.utf8), file: "reshape.json")
        var simulation = Simulation(config: scenario.config)
        var reshapingFrames: [Int] = []
        var framesWithEvents = 0
        while !simulation.isFinished {
            let before = simulation.eventCount
            simulation.step()
            let copied = simulation.events.events[before...].contains { $0.kind == .rotate || $0.kind == .append }
            #expect(SteadyState.reshaped(simulation, since: before) == copied, "frame \(simulation.frameIndex - 1)")
            #expect(!SteadyState.reshaped(simulation, since: simulation.eventCount))
            if copied { reshapingFrames.append(simulation.frameIndex - 1) }
            if simulation.eventCount > before { framesWithEvents += 1 }
        }
        #expect(reshapingFrames.count == 2, "one rotation and one append: \(reshapingFrames)")
        #expect(framesWithEvents > 2, "frames with other events are asked too")
    }
}
