/// One build cost as it was drawn: a view's init, body or layout, with its type and element —
/// what ScrollSim's own trace shows per build (and what calibrating from that trace recovers).
///
/// Recorded only when asked (`Simulation(config:recordingCostDraws:)`): a run for a report
/// records none, so reports and the frame loop's allocations are unchanged.
public struct CostDraw: Equatable, Sendable {
    public var frame: Int32
    /// The view type (an index into the run's `typeNames`).
    public var type: Int16
    /// The list element, or -1 (a section header).
    public var element: Int32
    /// `.initialize`, `.body` or `.layout`.
    public var phase: PhaseWork.Phase
    public var ms: Double
    /// Drawn when a prefetch started (else: a cold build inside the frame).
    public var prefetch: Bool
}

extension LazyStack {
    /// Records a build's drawn units when the run records cost draws: init and body only when
    /// the element was not already evaluated (they cost nothing then).
    func recordDraws(_ row: Int, _ units: (Double, Double, Double), evaluated: Bool, prefetch: Bool, _ context: inout FrameContext) {
        guard context.costDraws != nil else { return }
        let type = Int16(rows.typeIndex(ofRow: row))
        let element = Int32(rows.isHeader(row) ? -1 : rows.listElement(ofRow: row))
        let frame = Int32(context.events.frame)
        var draws: [CostDraw] = []
        if !evaluated {
            draws.append(CostDraw(frame: frame, type: type, element: element, phase: .initialize, ms: units.0, prefetch: prefetch))
            draws.append(CostDraw(frame: frame, type: type, element: element, phase: .body, ms: units.1, prefetch: prefetch))
        }
        draws.append(CostDraw(frame: frame, type: type, element: element, phase: .layout, ms: units.2, prefetch: prefetch))
        context.costDraws?.append(contentsOf: draws)
    }
}
