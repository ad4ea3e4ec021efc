/// Rendering what is visible: the main thread's share (`renderMs` per visible view, in the
/// commit) and the render server's (in the next interval, `ViewTypeSpec.Rendering`), and the
/// share of the viewport still showing placeholders.
///
/// A frame with nothing to commit (`FinishConstraints.commits` false: the screen at rest, nothing
/// built or changed) renders nothing anew and charges no render work; its blank area is still
/// measured.
///
/// The render server composites every visible view each frame (`serverMs`) and runs one
/// offscreen pass per overlapping effect. A `drawingGroup` view is rasterized into a texture
/// the first frame it is rendered after it was built — its whole live cost, once — and
/// afterwards composites as a single layer.
extension LazyStack {
    /// Render cost of every visible view; answers the fraction of the viewport showing
    /// placeholders and the extra tick a GeometryReader's feedback costs the commit.
    /// - Complexity: O(v)
    mutating func render(_ span: RowSpan, commits: Bool, moving: Bool, _ context: inout FrameContext) -> FrameOutcome {
        var outcome = FrameOutcome()
        var blank = 0.0
        var measuring = false
        let bottom = viewportSize.height
        var y = span.isEmpty ? 0 : index.top(of: span.first) - offset
        // A table that draws no costs is not asked for them: a table method called from here
        // takes the table from a copy, per row (see FrameLoopPerformance).
        let draws = rows.drawsCosts
        let spacing = index.spacing
        let grouped = rows.layout == .grouped
        if !span.isEmpty {
            for row in span.first...span.last {
                let t = rows.typeIndex(ofRow: row)
                let traits = grouped ? rows.renderTraits(ofRow: row) : rows.typeRenderTraits[t]
                let height = index.height(of: row)
                // Read once: the render charges, the server's share and the blank area need it.
                let holdings = states.holdings(of: row)
                if commits {
                    let renderMs = draws ? rows.cost(.render, ofRow: row, traits.costs) : traits.costs[.render]
                    context.charge(.render, jittered(renderMs, jitter: traits.costs.jitter), type: t)
                    // Adding 0 changes no sum: a row with no nested items charges nothing more.
                    if holdings.nestedRenderMs != 0 { context.charge(.render, holdings.nestedRenderMs, type: t) }
                    if traits.rendering.drawingGroup {
                        outcome.renderServerMs += serverMs(row, traits.rendering, nestedServerMs: holdings.nestedServerMs)
                    } else {
                        // `serverMs`'s other branch, written out: every visible row takes it.
                        outcome.renderServerMs += holdings.nestedServerMs + (draws ? rows.liveServerMs(ofRow: row, traits.rendering) : traits.liveServerMs)
                    }
                }
                if traits.measuresWithGeometryReader { measuring = true }
                if traits.hasAsyncContent, holdings.loadState != .loaded {
                    blank += max(0, min(bottom, y + height) - max(0, y))
                }
                y += height + spacing
            }
        }
        if pinnedHeader >= 0 && !span.contains(pinnedHeader) && commits {
            let traits = rows.renderTraits(ofRow: pinnedHeader)
            context.charge(.render, jittered(rows.cost(.render, ofRow: pinnedHeader, traits.costs), jitter: traits.costs.jitter), type: rows.typeIndex(ofRow: pinnedHeader))
            outcome.renderServerMs += serverMs(pinnedHeader, traits.rendering, nestedServerMs: states.holdings(of: pinnedHeader).nestedServerMs)
        }
        if measuring && moving && !span.isEmpty {
            // GeometryReader feedback: the sizes read during the scroll change state, so the
            // column is laid out again and committed in a second transaction.
            for row in span.first...span.last {
                let costs = rows.profile(ofRow: row, { $0.costs })
                context.charge(.layout, jittered(rows.cost(.layout, ofRow: row, costs), jitter: costs.jitter), type: rows.typeIndex(ofRow: row))
                context.totals.work.layoutPasses += rows.bodies(ofRow: row)
            }
            outcome.extraCommitTicks = 1
        }
        outcome.blankFraction = viewportSize.height > 0 ? min(1, blank / viewportSize.height) : 0
        return outcome
    }

    /// This frame's render-server work for a visible row and its nested items
    /// (`nestedServerMs`, the row's holdings').
    mutating func serverMs(_ row: Int, _ rendering: ViewTypeSpec.Rendering, nestedServerMs: Double) -> Double {
        var ms = nestedServerMs
        guard rendering.drawingGroup else {
            return ms + (rows.drawsCosts ? rows.liveServerMs(ofRow: row, rendering) : rendering.liveMs)
        }
        if states.presence(of: row).rasterized {
            // A grouped row's `serverMs` is its cells' live cost together.
            ms += rows.layout == .grouped ? rows.liveServerMs(ofRow: row, rendering) : rows.cost(.renderServer, ofRow: row, rendering)
        } else {
            ms += rows.drawsCosts ? rows.liveServerMs(ofRow: row, rendering) : rendering.liveMs
            states.markRasterized(row)
        }
        return ms
    }
}
