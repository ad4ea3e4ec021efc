import Foundation
import ScrollSimEngine
@testable import ScrollSimKit
import Testing

/// A scenario that leaves a key out gets what the engine's configuration types give when built
/// in code without it, and a choice is spelled as the engine enum's raw values: the decoder
/// repeats no default and no spelling.
@Suite struct ScenarioDefaultsTests {
    func decode(_ text: String) throws -> Scenario {
        try ScenarioLoader.decode(Data(text.utf8), file: "defaults.json")
    }

    /// Every optional key left out, every optional object present but empty.
    static let sparse = """
    {"schema": 1, "name": "sparse", "duration": 1,
     "device": {}, "stack": {"prefetch": {}, "keepAlive": {}},
     "content": {"count": 10,
                 "sections": {"every": 5, "header": {"height": {"fixed": 30}}},
                 "types": [
                   {"name": "cell", "height": {"fixed": 100}},
                   {"name": "post", "height": {"text": {"chars": 240, "lineHeight": 20}},
                    "asyncContent": {"latencyMs": 250, "start": "task"}},
                   {"name": "shelf", "row": {"count": 3, "itemWidth": 100, "types": [{"name": "item", "height": {"fixed": 80}}]}}
                 ]},
     "script": [{"at": 0, "fling": {"velocity": 100}},
                {"at": 1, "scrollTo": {"id": 3}},
                {"at": 1, "scrollTo": {"id": 3, "animated": true}}],
     "grading": {"hitchRatio": {}}}
    """

    @Test func absentKeysTakeTheEnginesDefaults() throws {
        let s = try decode(Self.sparse)
        #expect(s.config.seed == SimulationConfig(name: "x", duration: 1, content: ContentConfig(count: 0, types: [])).seed)
        #expect(s.config.device == DeviceConfig())
        #expect(s.config.stack == StackConfig())
        #expect(s.grading == HitchGrading.apple)

        let types = s.config.content.types
        try #require(types.count == 3)
        #expect(types[0] == ViewTypeSpec(name: "cell", height: .absolute(.fixed(100))))
        #expect(types[1] == ViewTypeSpec(
            name: "post", height: .text(HeightSpec.TextMetrics(chars: .fixed(240), lineHeight: 20)),
            asyncContent: ViewTypeSpec.AsyncContent(latencyMs: 250, start: .task)
        ))
        // A type with a row needs no height; the decoder gives it 0 (the row decides).
        #expect(types[2] == ViewTypeSpec(
            name: "shelf", height: .absolute(.fixed(0)),
            row: NestedRowSpec(count: 3, itemWidth: 100, itemTypes: [ViewTypeSpec(name: "item", height: .absolute(.fixed(80)))])
        ))
        #expect(s.config.content.sections?.header == ViewTypeSpec(name: "header", height: .absolute(.fixed(30))))

        let script = s.config.script.map(\.action)
        #expect(script == [
            .fling(velocity: 100, deceleration: DecelerationRate.normal),
            .scrollTo(ScrollTarget(destination: .element(3))),
            .scrollTo(ScrollTarget(destination: .element(3), animationDuration: ScrollTarget.defaultAnimationDuration)),
        ])
    }

    /// The defaults themselves, as the scenario reference documents them: a changed engine
    /// default must change the documentation too (and this test, on purpose).
    @Test func documentedDefaults() {
        let device = DeviceConfig()
        #expect(device.refreshRate == 120)
        #expect(device.viewport == Size(width: 393, height: 852))
        #expect(device.frameOverheadMs == 0.5)
        #expect(device.inputMs == 0.05)
        let stack = StackConfig()
        #expect(stack.kind == .lazyVStack)
        #expect(stack.spacing == 8)
        #expect(stack.pinnedHeaders == false)
        #expect(stack.initialEstimate == 44)
        #expect(stack.prefetch == PrefetchConfig(enabled: true, distance: 1, policy: .chunked, marginMs: 1))
        #expect(stack.keepAlive == KeepAliveConfig(duration: .milliseconds(500), maxViews: 64))
        #expect(SimulationConfig.defaultSeed == 1)
        #expect(ViewTypeSpec.defaultWeight == 1)
        #expect(ViewTypeSpec.defaultChildren == .count(1))
        #expect(ViewTypeSpec.Costs() == ViewTypeSpec.Costs(initMs: 0.02, bodyMs: 0.05, layoutMs: 0.05, renderMs: 0.01, appearMs: 0.01, jitter: 0))
        #expect(ViewTypeSpec.Memory() == ViewTypeSpec.Memory(view: 512, state: 0, content: 0, data: 64))
        #expect(ViewTypeSpec.defaultConfigure == .initializer)
        #expect(ViewTypeSpec.defaultUnconfiguredHeight == 44)
        #expect(ViewTypeSpec.defaultStateLocation == .view)
        #expect(ViewTypeSpec.AsyncContent.defaultPlaceholderSized == true)
        #expect(ViewTypeSpec.AsyncContent.defaultPlaceholderHeight == 44)
        #expect(NestedRowSpec.defaultSpacing == 8)
        #expect(HeightSpec.TextMetrics.defaultBase == 0)
        #expect(HeightSpec.TextMetrics.defaultCharWidth == 7.5)
        #expect(HeightSpec.TextMetrics.defaultPadding == 32)
        #expect(ScrollTarget.defaultAnchor == .top)
        #expect(ScrollTarget.defaultAnimationDuration == 0.35)
        #expect(HitchGrading.apple == HitchGrading(warning: 5, critical: 10))
    }

    /// The spellings are the file format: renaming a case's raw value would break every
    /// scenario that uses it.
    @Test func choicesAreSpelledAsScenarioFilesSpellThem() {
        #expect(StackConfig.Kind.allCases.map(\.rawValue) == ["vStack", "lazyVStack", "lazyVGrid", "pairedRows", "masonryLayout", "masonryColumns"])
        #expect(PrefetchConfig.Policy.allCases.map(\.rawValue) == ["chunked", "deadline"])
        #expect(ViewTypeSpec.Configure.allCases.map(\.rawValue) == ["init", "onAppear"])
        #expect(ViewTypeSpec.StateLocation.allCases.map(\.rawValue) == ["view", "parent", "model"])
        #expect(ViewTypeSpec.AsyncContent.Start.allCases.map(\.rawValue) == ["init", "task", "onAppear"])
        #expect(ScrollTarget.Anchor.allCases.map(\.rawValue) == ["top", "center", "bottom"])
        #expect(ScrollTarget.Edge.allCases.map(\.rawValue) == ["top", "bottom"])
        #expect(DecelerationRate.Preset.allCases.map(\.rawValue) == ["normal", "fast"])
        #expect(DecelerationRate.Preset.fast.perMillisecond == 0.99)
    }

    /// Every case of every enum a scenario can name decodes to that case, and a wrong spelling
    /// lists the cases.
    @Test func everyCaseDecodesAndAWrongOneListsThem() throws {
        for location in ViewTypeSpec.StateLocation.allCases {
            for configure in ViewTypeSpec.Configure.allCases {
                for start in ViewTypeSpec.AsyncContent.Start.allCases {
                    let text = Self.sparse.replacingOccurrences(
                        of: #"{"name": "cell", "height": {"fixed": 100}}"#,
                        with: #"{"name": "cell", "height": {"fixed": 100}, "stateLocation": "\#(location.rawValue)", "configure": "\#(configure.rawValue)", "asyncContent": {"latencyMs": 1, "start": "\#(start.rawValue)"}}"#
                    )
                    let cell = try decode(text).config.content.types[0]
                    #expect(cell.stateLocation == location)
                    #expect(cell.configure == configure)
                    #expect(cell.asyncContent?.start == start)
                }
            }
        }
        let bad = Self.sparse.replacingOccurrences(of: #""start": "task""#, with: #""start": "tsk""#)
        #expect(throws: ScrollSimError.self) { try decode(bad) }
        do {
            _ = try decode(bad)
        } catch {
            #expect("\(error)" == #"defaults.json: content.types[1].asyncContent.start: "tsk" is not one of "init", "task", "onAppear" (did you mean "task"?)"#)
        }
        for edge in ScrollTarget.Edge.allCases {
            let text = Self.sparse.replacingOccurrences(of: #""scrollTo": {"id": 3}"#, with: #""scrollTo": {"edge": "\#(edge.rawValue)", "anchor": "center"}"#)
            #expect(try decode(text).config.script[1].action == .scrollTo(ScrollTarget(destination: edge.destination, anchor: .center)))
        }
    }
}
