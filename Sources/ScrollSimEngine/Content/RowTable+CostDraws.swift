/// Each element's own cost, for a view type that gives a cost as a distribution.
///
/// Real per-cell costs follow the cell's content — a long caption lays out slower, a large image
/// decodes slower — every time that cell is built. So a distributed cost is drawn **per element**
/// (per child row for the costs of each child: layout, render, appear, render server, effects;
/// per element view for init and body, which run once for all its children), not per
/// evaluation: an element's body costs the same each time it is evaluated, up to `jitter`, which
/// is still drawn per evaluation and multiplies the element's value.
///
/// The draw needs no storage and no generator state: u = a hash of (seed, type, cost, element,
/// child) mapped into (0, 1) (`CostDrawKeys`: a single run's seed is the content's, an
/// ensemble run's its own), and the cost is the distribution's quantile at u
/// (`CostDistribution.quantile(_:)`) — O(1) for any element of a 10,000,000-row list, and the
/// same value whenever and in whatever order it is asked for. A cost given as a number draws
/// nothing: a table whose costs are all numbers (`drawsCosts` false) returns them untouched, so
/// such scenarios run exactly as before distributions existed.
extension RowTable {
    /// Each type's distributions, nil for a type whose costs are all numbers.
    static func costDistributions(of types: [ViewTypeSpec]) -> [CostDistributions?] {
        types.map { $0.costDistributions.isEmpty ? nil : $0.costDistributions }
    }

    /// Whether a type's nested row has an item type with a distributed cost.
    static func nestedItemsDrawCosts(_ type: ViewTypeSpec) -> Bool {
        type.row?.itemTypes.contains { !$0.costDistributions.isEmpty } ?? false
    }

    /// The cost `phase` of row `row`, whose type's numbers are `numbers` (its main-thread
    /// `costs`, or its `rendering` for a render-server cost): its number, or — for a type that
    /// gives the cost as a distribution — its element's draw (a grouped row's: the sum of its
    /// cells'). The phase is named once; the numbers answer it (`costs[phase]`).
    /// - Complexity: O(1); O(k) for a grouped row of k cells.
    @inline(__always)
    func cost<Numbers: CostsByPhase>(_ phase: CostPhase, ofRow row: Int, _ numbers: Numbers) -> Double {
        cost(phase, ofRow: row, number: numbers[phase])
    }

    /// The cost `phase` of row `row` whose type's number is `number`: what the overloads above
    /// ask once they have the number (and a test that gives one).
    @inline(__always)
    func cost(_ phase: CostPhase, ofRow row: Int, number: Double) -> Double {
        guard drawsCosts else { return number }
        if layout == .grouped {
            var sum = 0.0
            for e in cells(ofRow: row) {
                let t = elementType(e)
                sum += elementCost(phase, element: e, type: t, child: 0, types[t].number(phase))
            }
            return sum
        }
        let e = element(ofRow: row)
        let child = phase.perElementView ? 0 : Swift.max(0, row - firstRow(ofElement: e))
        return elementCost(phase, element: e, type: typeIndex(ofRow: row), child: child, number)
    }

    /// The cost `phase` of element `e`'s view (its first child's, for a per-child cost), whose
    /// type's numbers are `numbers` (its costs, or its rendering's).
    /// - Complexity: O(1)
    @inline(__always)
    func cost<Numbers: CostsByPhase>(_ phase: CostPhase, ofElement e: Int, _ numbers: Numbers) -> Double {
        cost(phase, ofElement: e, number: numbers[phase])
    }

    /// The cost `phase` of element `e` whose type's number is `number`: what the overloads above
    /// ask once they have the number (and a test that gives one).
    @inline(__always)
    func cost(_ phase: CostPhase, ofElement e: Int, number: Double) -> Double {
        guard drawsCosts else { return number }
        return elementCost(phase, element: e, type: elementType(e), child: 0, number)
    }

    /// The draw of element `e` (of this table) of type `t`, or `number` when the type gives the
    /// cost as a number. Keyed by the list's element, so a cell costs the same in a column, a
    /// grid row or the list.
    private func elementCost(_ phase: CostPhase, element e: Int, type t: Int, child: Int, _ number: Double) -> Double {
        guard let distribution = costDistributions[t]?[phase] else { return number }
        let global = globalID.map { Int($0[e]) } ?? e
        return distribution.quantile(costKeys.unit(type: costKeys.type(t), phase: phase, element: global, child: child))
    }

    /// The cost `phase` of item `item` of the nested row in `row`, of item type `itemType`
    /// (an index into the row's item types).
    /// - Complexity: O(1)
    func nestedCost(_ phase: CostPhase, row: Int, item: Int, itemType: Int, _ type: ViewTypeSpec) -> Double {
        guard drawsCosts, let distribution = type.costDistributions[phase] else { return type.number(phase) }
        // Item types are keyed apart from the list's types: (outer type + 1) · 2¹⁶ + item type.
        let key = (costKeys.type(typeIndex(ofRow: row)) &+ 1) << 16 | UInt64(itemType)
        return distribution.quantile(costKeys.unit(type: key, phase: phase, element: listElement(ofRow: row), child: item))
    }

    /// The render server's work for one frame of a nested row's item drawn live.
    func nestedLiveServerMs(row: Int, item: Int, itemType: Int, _ type: ViewTypeSpec) -> Double {
        guard drawsCosts else { return type.rendering.liveMs }
        return nestedCost(.renderServer, row: row, item: item, itemType: itemType, type)
            + Double(type.rendering.effects) * nestedCost(.effect, row: row, item: item, itemType: itemType, type)
    }

    /// The render server's work for one frame of row `row` drawn live: its compositing cost
    /// plus each effect's pass (`ViewTypeSpec.Rendering.liveMs`, with the element's draws; a
    /// grouped row's: its cells').
    /// - Complexity: O(1); O(k) for a grouped row of k cells.
    @inline(__always)
    func liveServerMs(ofRow row: Int, _ rendering: ViewTypeSpec.Rendering) -> Double {
        guard drawsCosts else { return rendering.liveMs }
        if layout == .grouped {
            var sum = 0.0
            for e in cells(ofRow: row) { sum += liveServerMs(ofElement: e, types[elementType(e)].rendering) }
            return sum
        }
        return cost(.renderServer, ofRow: row, rendering) + Double(rendering.effects) * cost(.effect, ofRow: row, rendering)
    }

    /// The same for element `e`'s view, of rendering `rendering`.
    @inline(__always)
    func liveServerMs(ofElement e: Int, _ rendering: ViewTypeSpec.Rendering) -> Double {
        guard drawsCosts else { return rendering.liveMs }
        return cost(.renderServer, ofElement: e, rendering) + Double(rendering.effects) * cost(.effect, ofElement: e, rendering)
    }

}

/// A view type's numbers that answer a cost by its phase: its main-thread `Costs`, and its
/// `Rendering` for the render server's costs.
protocol CostsByPhase {
    subscript(phase: CostPhase) -> Double { get }
}

extension ViewTypeSpec.Costs: CostsByPhase {}
extension ViewTypeSpec.Rendering: CostsByPhase {}

extension ViewTypeSpec {
    /// The type's number for any cost (a distributed cost's mean): its costs' for the main
    /// thread, its rendering's for the render server.
    func number(_ phase: CostPhase) -> Double {
        phase.onMainThread ? costs[phase] : rendering[phase]
    }
}
