@testable import ScrollSimTraces
import Testing

/// The order calibration lists its fits in: by type name, then by phase in the order a scenario
/// declares a type's costs (`initMs`, `bodyMs`, `layoutMs`, `renderMs`, `appearMs`,
/// `renderServerMs`, `effectMs`), so `post.init` comes before `post.body`.
@Suite struct CostTargetTests {
    @Test func phasesSortInTheOrderAScenarioDeclaresThem() {
        let shuffled: [CostTarget.Phase] = [.effect, .body, .renderServer, .initialize, .appear, .layout, .render]
        #expect(shuffled.sorted() == [.initialize, .body, .layout, .render, .appear, .renderServer, .effect])
        #expect(CostTarget.Phase.initialize < .body)
        #expect(!(CostTarget.Phase.body < .body), "a phase is not before itself")
        #expect(!(CostTarget.Phase.body < .initialize))
    }

    @Test func targetsSortByTypeThenPhase() throws {
        let targets = try ["post.body", "ad.layout", "post.init", "ad.body", "post.effect"].map { try #require(CostTarget($0)) }
        #expect(targets.sorted().map(\.description) == ["ad.body", "ad.layout", "post.init", "post.body", "post.effect"])
    }
}
