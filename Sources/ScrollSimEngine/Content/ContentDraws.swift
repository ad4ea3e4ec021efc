/// The content's seeded draws — each element's type, how many children a conditional body
/// shows, each row's height parameter and ideal width — made once in element order at set-up,
/// and made again on demand instead of being stored.
///
/// A 10,000,000-row list builds a few hundred views in a run, so storing every row's parameter
/// (8 bytes) and ideal width (16) would be most of the simulator's memory for values that are
/// never read. Instead a copy of the generator is kept every `block` elements (half a byte per
/// row). SplitMix64 moves past any number of draws in O(1) (`skip`), and every distribution takes
/// a fixed number of draws (`Distribution.drawCount`), so finding element e's draws means
/// skipping the draws of the elements before it in its block — arithmetic, no sampling — and
/// sampling its own: O(block), and bit-identical to the sequential draw.
///
/// Per element, in this order (the order the table was always drawn in):
/// 1. a section header before every `sections.every` elements: its height parameter, then its
///    ideal width if its type gives one;
/// 2. the element's type: one draw, unless the data file names it;
/// 3. a conditional body: one draw for whether it shows its content;
/// 4. per child: its height parameter (a data file's value replaces it, but it is still drawn),
///    then its ideal width if its type gives one.
struct ContentDraws: Equatable, Sendable {
    /// Elements per checkpoint.
    static let block = 16

    /// What each type draws (plain values, so the set-up loop copies no view type).
    struct TypeDraws: Equatable, Sendable {
        var parameter: Distribution
        var idealWidth: Distribution?
        /// A body of k children, or nil for a conditional body.
        var children: Int?
        var shown: Double
        var rowDraws: Int { parameter.drawCount + (idealWidth?.drawCount ?? 0) }

        init(_ spec: ViewTypeSpec) {
            parameter = spec.height.parameter
            idealWidth = spec.idealWidth
            switch spec.children {
            case .count(let k): children = k; shown = 1
            case .conditional(let p): children = nil; shown = p
            }
        }
    }

    private let perType: [TypeDraws]
    private let header: TypeDraws?
    private let every: Int
    let items: [ElementData]?
    private let weights: [Double]
    private let totalWeight: Double
    /// The generator before the first draw of element `b · block`.
    private(set) var checkpoints: [SplitMix64] = []
    /// Draws an element of each type takes, when that depends on its type alone: no section
    /// headers, no data file, one child per element (nil otherwise). Skipping to an element
    /// then adds these up instead of working out each element's shape.
    let drawsPerElement: [Int]?

    /// What the layout of an element needs: its type, how many children it has, whether a
    /// header leads it.
    struct ElementShape {
        var type: Int
        var children: Int
        var header: Bool
    }

    init(content: ContentConfig, capacity: Int) {
        perType = content.types.map(TypeDraws.init)
        header = content.sections.map { TypeDraws($0.header) }
        every = content.sections?.every ?? 0
        items = content.items
        weights = content.types.map(\.weight)
        totalWeight = weights.reduce(0, +)
        precondition(totalWeight > 0 && weights.allSatisfy { $0 >= 0 }, "type weights must be ≥ 0 and add up to more than 0")
        checkpoints.reserveCapacity((capacity + Self.block - 1) / Self.block)
        // `draws(of:_:)` for an element of one child, no header and no data: its type's pick,
        // then its row's draws.
        drawsPerElement = header == nil && items == nil && perType.allSatisfy({ $0.children == 1 })
            ? perType.map { 1 + $0.rowDraws } : nil
    }

    func data(_ e: Int) -> ElementData? {
        guard let items, e < items.count else { return nil }
        return items[e]
    }

    func hasHeader(_ e: Int) -> Bool {
        every > 0 && e % every == 0
    }

    /// Set-up: draws element e's shape, skipping the draws it does not need (heights, widths);
    /// elements must be drawn in order from 0, one generator throughout.
    /// - Complexity: O(t) for t types (O(1) draws).
    mutating func drawShape(of e: Int, _ random: inout SplitMix64) -> ElementShape {
        if e % Self.block == 0 {
            precondition(checkpoints.count == e / Self.block, "elements must be drawn in order")
            checkpoints.append(random)
        }
        let leads = hasHeader(e)
        if leads, let header { random.skip(header.rowDraws) }
        let t = data(e)?.typeIndex ?? pick(&random)
        let draws = perType[t]
        let children = draws.children ?? (random.nextUnit() < draws.shown ? 1 : 0)
        random.skip(children * draws.rowDraws)
        return ElementShape(type: t, children: children, header: leads)
    }

    /// Set-up of a list of one row per element (no sections, every body one child): draws every
    /// element's type in order from 0, as `drawShape` does, and for the first `summed` elements
    /// also samples the row's height parameter on the way and adds its height at `width`, in
    /// element order — the sum `RowTable.totalFinalHeight` makes from the same draws. An
    /// element's draws are its type's, then its row's parameter, then its ideal width, so the
    /// parameter is the next draw after the type: one pass, no second generator.
    /// - Complexity: O(n) in elements, one step each.
    mutating func drawOnePerElement(count: Int, summing summed: Int, heights: [HeightSpec], width: Double,
                                    _ random: inout SplitMix64) -> (types: [Int16], sum: Double) {
        precondition(checkpoints.isEmpty && header == nil && perType.allSatisfy { $0.children == 1 }, "a list of one row per element, drawn once")
        var sum = 0.0
        let types = [Int16](unsafeUninitializedCapacity: count) { buffer, initialized in
            for e in 0..<count {
                if e % Self.block == 0 { checkpoints.append(random) }
                let item = data(e)
                let t = item?.typeIndex ?? pick(&random)
                buffer[e] = Int16(truncatingIfNeeded: t)
                let draws = perType[t]
                if e < summed {
                    let drawn = draws.parameter.sample(&random)
                    sum += heights[t].height(parameter: item?.heightParameter ?? drawn, width: width)
                    random.skip(draws.idealWidth?.drawCount ?? 0)
                } else {
                    random.skip(draws.rowDraws)
                }
            }
            initialized = count
        }
        return (types, sum)
    }

    /// The generator before the first draw of element e's block (`block` elements to a block).
    func checkpoint(before e: Int) -> SplitMix64 { checkpoints[e / Self.block] }

    /// Moves `random` past element e's draws without making them.
    func skip(_ e: Int, _ shape: ElementShape, _ random: inout SplitMix64) {
        random.skip(draws(of: e, shape))
    }

    /// Row `r` of element e (row 0 is its header if it has one): its height parameter and ideal
    /// width. `random` must stand before element e's first draw; it is left somewhere inside the
    /// element (`skip` moves a copy taken before past the whole element).
    /// - Complexity: O(1)
    func sample(row r: Int, of e: Int, _ s: ElementShape, _ random: inout SplitMix64) -> (parameter: Double, idealWidth: Double?) {
        if s.header, let header {
            if r == 0 {
                let p = header.parameter.sample(&random)
                return (p, header.idealWidth?.sample(&random))
            }
            random.skip(header.rowDraws)
        }
        let child = s.header ? r - 1 : r
        if data(e)?.typeIndex == nil { random.skip(1) }
        let draws = perType[s.type]
        if draws.children == nil { random.skip(1) }
        random.skip(child * draws.rowDraws)
        let drawn = draws.parameter.sample(&random)
        let width = draws.idealWidth?.sample(&random)
        return (data(e)?.heightParameter ?? drawn, width)
    }

    /// Rows of element e (its header included).
    static func rows(_ s: ElementShape) -> Int { s.children + (s.header ? 1 : 0) }

    /// Every draw element e takes.
    private func draws(of e: Int, _ s: ElementShape) -> Int {
        var n = 0
        if s.header, let header { n += header.rowDraws }
        if data(e)?.typeIndex == nil { n += 1 }
        let draws = perType[s.type]
        if draws.children == nil { n += 1 }
        return n + s.children * draws.rowDraws
    }

    /// The type of an element the data file does not name, weighted by `weight`: the first
    /// type whose weight takes what remains of u · Σweights below 0. Weights are not negative,
    /// so what remains only falls, and the first such type is the number of types it stays
    /// ≥ 0 after — counted without a branch (the type of a random element is unpredictable).
    @inline(__always)
    private func pick(_ random: inout SplitMix64) -> Int {
        let u = random.nextUnit()
        let last = weights.count - 1
        if last == 0 { return 0 }
        return weights.withUnsafeBufferPointer { w in
            var remaining = u * totalWeight
            var type = 0
            for i in 0..<last {
                remaining -= w[i]
                type += remaining >= 0 ? 1 : 0
            }
            return type
        }
    }
}
