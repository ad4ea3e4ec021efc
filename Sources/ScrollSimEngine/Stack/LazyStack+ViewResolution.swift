/// View resolution: how a ForEach element becomes child views, and what that costs.
///
/// - `children: 1`: one child per element; the element's init, body and layout are the child's.
/// - `children: k`: the element's body returns k views with no wrapping stack, so the stack
///   manages k children. The element's init and body run once, when the first of its children
///   is built while none is alive; each child is laid out and rendered on its own.
/// - `children: conditional`: the body returns its content or nothing, depending on state or the
///   environment. The stack cannot know how many children an element has without evaluating
///   it, so to index its children it evaluates every element's body when the list appears (and
///   when elements are appended) and keeps every element view resident: memory and launch work
///   grow with the element count. A child then costs only its layout.
///
/// An environment change evaluates again every resident body that reads the changed key, and
/// every resident element view of a conditional type whatever the key (the stack re-resolves
/// which elements show a child). A `scrollTo(id:)` finds an element of a one-child type from the
/// data alone; otherwise the stack constructs element views until it reaches the target.
extension LazyStack: ElementLookUp {
    /// Whether the element owning `row` already has its view evaluated (a sibling child alive,
    /// or an element view kept resident for indexing).
    /// - Complexity: O(k) for k children per element.
    @inline(__always)
    func elementIsEvaluated(_ row: Int) -> Bool {
        guard !rows.isHeader(row) else { return false }
        switch rows.profile(ofRow: row).children {
        case .conditional:
            return true
        case .count(let k):
            guard k > 1 else { return false }
            for sibling in rows.childRows(of: rows.element(ofRow: row)) where sibling != row && states.phase[sibling] != .absent {
                return true
            }
            return false
        }
    }

    /// The init and body a row's build still needs (0 when its element is already evaluated),
    /// and its layout.
    mutating func buildUnits(_ row: Int) -> (Double, Double, Double) {
        let costs = rows.profile(ofRow: row, { $0.costs })
        let evaluated = elementIsEvaluated(row)
        let initMs = evaluated ? 0 : jittered(rows.cost(.initialize, ofRow: row, costs), jitter: costs.jitter)
        let bodyMs = evaluated ? 0 : jittered(rows.cost(.body, ofRow: row, costs), jitter: costs.jitter)
        return (initMs, bodyMs, jittered(rows.cost(.layout, ofRow: row, costs), jitter: costs.jitter))
    }

    /// Evaluates the element views of dynamic (conditional) types among `elements` and keeps
    /// them resident: what the stack must do to know how many children they have.
    /// - Complexity: O(e) for e elements.
    mutating func indexDynamicElements(_ elements: Range<Int>, _ context: inout FrameContext) {
        // No array of flags: this runs in frames where elements arrive, which allocate nothing.
        guard rows.types.contains(where: \.children.isDynamic) else { return }
        var views = 0
        for e in elements where rows.types[rows.elementType(e)].children.isDynamic {
            let spec = rows.elementTypeSpec(e)
            let t = rows.elementType(e)
            context.charge(.initialize, jittered(rows.cost(.initialize, ofElement: e, spec.costs), spec), type: t)
            context.charge(.body, jittered(rows.cost(.body, ofElement: e, spec.costs), spec), type: t)
            context.totals.work.bodyEvaluations += 1
            indexedElementBytes += spec.memory.view + spec.memory.state
            views += 1
        }
        guard views > 0 else { return }
        indexedElementViews += views
        context.viewsChanged(by: views)
    }

    /// An environment value changed: resident bodies that depend on it are evaluated again.
    /// Returns how many.
    /// - Complexity: O(r + e) for r resident rows and e indexed element views.
    mutating func environmentChanged(key: String, _ context: inout FrameContext) -> Int {
        var evaluated = 0
        if indexedElementViews > 0 {
            for e in 0..<rows.elementCount where rows.types[rows.elementType(e)].children.isDynamic {
                let spec = rows.elementTypeSpec(e)
                context.charge(.body, jittered(rows.cost(.body, ofElement: e, spec.costs), spec), type: rows.elementType(e))
                evaluated += 1
            }
        }
        for r in states.residents {
            let row = Int(r)
            let spec = rows.type(of: row)
            guard spec.readsEnvironment.contains(key) else { continue }
            context.charge(.body, jittered(rows.cost(.body, ofRow: row, spec.costs), spec), type: rows.typeIndex(ofRow: row))
            evaluated += 1
        }
        context.totals.work.bodyEvaluations += evaluated
        context.events.record(.environment, value: Double(evaluated))
        return evaluated
    }

    /// The main-thread work of finding element `element` for `scrollTo(id:)`: nothing when every
    /// element before it resolves to one child (the index comes from the data); otherwise every
    /// element of a multi-child or conditional type before it is constructed (init + body) to
    /// learn how many children it has. Charged to the frame.
    /// - Complexity: O(e) for the elements before the target (O(1) when every type has one child).
    mutating func lookUp(element: Int, _ context: inout FrameContext) -> Double {
        guard rows.types.contains(where: { $0.children != .count(1) }) else { return 0 }
        var cost = 0.0
        for e in 0..<min(element, rows.elementCount) {
            let spec = rows.elementTypeSpec(e)
            guard spec.children != .count(1) else { continue }
            let t = rows.elementType(e)
            let initMs = rows.cost(.initialize, ofElement: e, spec.costs)
            let bodyMs = rows.cost(.body, ofElement: e, spec.costs)
            context.charge(.initialize, initMs, type: t)
            context.charge(.body, bodyMs, type: t)
            cost += initMs + bodyMs
        }
        return cost
    }
}
