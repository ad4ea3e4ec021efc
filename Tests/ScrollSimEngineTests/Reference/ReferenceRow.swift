@testable import ScrollSimEngine

/// One row as the reference model plays it: its view type, its true height and what it costs.
///
/// Heights and costs a scenario gives as numbers are taken from it here; those it gives as
/// distributions are drawn by the engine from the seed (SR: "A distributed cost is drawn once per
/// element … and is that element's cost every time"; HE: heights are "drawn once, in element
/// order, from the scenario's seed") and read from the engine's row table: the draws are the
/// model's input, not what it checks (ContentDrawsTests and CostDrawsTests do that).
struct ReferenceRow {
    struct Costs {
        /// The three build units, init, body and layout (PK "in whole units").
        var units: [Double]
        var renderMs: Double
        var appearMs: Double
        /// CM: the render server "composites the view (`renderServerMs`) and runs one offscreen
        /// pass per overlapping effect (`effects` passes of `effectMs`)".
        var serverMs: Double

        /// A type's costs given as numbers.
        init(numbersOf type: ViewTypeSpec) {
            units = [type.costs.initMs, type.costs.bodyMs, type.costs.layoutMs]
            renderMs = type.costs.renderMs
            appearMs = type.costs.appearMs
            serverMs = type.rendering.serverMs + Double(type.rendering.effects) * type.rendering.effectMs
        }

        /// The costs the engine drew for a row of its table.
        init(drawnFor row: Int, in table: RowTable, type: ViewTypeSpec) {
            units = [table.cost(.initialize, ofRow: row, type.costs), table.cost(.body, ofRow: row, type.costs),
                     table.cost(.layout, ofRow: row, type.costs)]
            renderMs = table.cost(.render, ofRow: row, type.costs)
            appearMs = table.cost(.appear, ofRow: row, type.costs)
            serverMs = table.liveServerMs(ofRow: row, type.rendering)
        }
    }

    var type: Int
    var height: Double
    var costs: Costs
}
