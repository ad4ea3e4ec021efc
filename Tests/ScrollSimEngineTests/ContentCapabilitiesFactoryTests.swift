import Testing
@testable import ScrollSimEngine

/// The factory (`Simulation+Content.swift`) lists, for each kind of content, exactly the
/// optional capabilities its type adopts: a kind that adopts `TapTarget` but is built without
/// `.tapping()` would silently drop every tap (the viewport cannot ask the type, ContentContract).
/// The engine never casts content; this test does, to compare the two independently: what the
/// type conforms to (a dynamic cast of the metatype) against what the run's viewport was given.
@Suite struct ContentCapabilitiesFactoryTests {
    /// Which capabilities a `ContentCapabilities` holds, by protocol name.
    static func listed<Content>(_ capabilities: ContentCapabilities<Content>) -> Set<String> {
        var names: Set<String> = []
        if capabilities.anchor != nil { names.insert("ScrollTargetAnchoring") }
        if capabilities.lookUp != nil { names.insert("ElementLookUp") }
        if capabilities.tap != nil { names.insert("TapTarget") }
        if capabilities.finishRun != nil { names.insert("PendingWorkAtEnd") }
        return names
    }

    /// Which capability protocols `Content` adopts.
    static func adopted<Content>(_ type: Content.Type) -> Set<String> {
        var names: Set<String> = []
        if type is any ScrollTargetAnchoring.Type { names.insert("ScrollTargetAnchoring") }
        if type is any ElementLookUp.Type { names.insert("ElementLookUp") }
        if type is any TapTarget.Type { names.insert("TapTarget") }
        if type is any PendingWorkAtEnd.Type { names.insert("PendingWorkAtEnd") }
        return names
    }

    /// The capabilities the run's viewport holds, and those its content type adopts.
    static func capabilities(of kind: StackConfig.Kind) -> (listed: Set<String>, adopted: Set<String>) {
        let config = Fixtures.config(count: 50, types: [Fixtures.cell(height: .absolute(.fixed(100)))], kind: kind, duration: 0.1)
        let player = Simulation(config: config).player
        if let stack = player as? StackPlayback {
            return (listed(stack.playback.viewport.capabilities), adopted(LazyStack.self))
        }
        if let columns = player as? MasonryColumnsPlayback {
            return (listed(columns.playback.viewport.capabilities), adopted(MasonryColumns<LazyStack>.self))
        }
        if let layout = player as? MasonryLayoutPlayback {
            return (listed(layout.playback.viewport.capabilities), adopted(MasonryLayoutContent.self))
        }
        Issue.record("\(kind): a player this test does not know (\(type(of: player))): add it here")
        return ([], ["unknown"])
    }

    @Test(arguments: StackConfig.Kind.allCases)
    func everyAdoptedCapabilityIsListed(_ kind: StackConfig.Kind) {
        let found = Self.capabilities(of: kind)
        #expect(found.listed == found.adopted, "\(kind): the factory lists \(found.listed.sorted()), the type adopts \(found.adopted.sorted())")
    }

    /// What each kind can do today, written out by hand from the types' declarations, so that
    /// dropping a conformance shows here too: the stack has all four; lazy masonry columns all
    /// but the look-up (one child per element: nothing to construct to find one); the Layout only
    /// taps (every child resident and placed exactly).
    @Test func theKindsCapabilities() {
        let all: Set<String> = ["ScrollTargetAnchoring", "ElementLookUp", "TapTarget", "PendingWorkAtEnd"]
        #expect(Self.capabilities(of: .lazyVStack).listed == all)
        #expect(Self.capabilities(of: .lazyVGrid).listed == all)
        #expect(Self.capabilities(of: .masonryColumns).listed == ["ScrollTargetAnchoring", "TapTarget", "PendingWorkAtEnd"])
        #expect(Self.capabilities(of: .masonryLayout).listed == ["TapTarget"])
    }
}
