import Testing
@testable import ScrollSimEngine

/// A row table stores no height parameters or ideal widths: it draws them again on demand from
/// checkpoints. These tests hold it to a reference that draws the whole list sequentially, the
/// plain way (every draw made, in element order), for lists of every layout.
@Suite struct ContentDrawsTests {
    /// The reference: one generator, every element in order, every row's values kept.
    struct ReferenceRow: Equatable {
        var element: Int
        var type: Int
        var isHeader: Bool
        var parameter: Double
        var idealWidth: Double?
    }

    static func reference(_ content: ContentConfig, seed: UInt64, capacity: Int) -> [ReferenceRow] {
        var random = SplitMix64(seed: seed)
        var rows: [ReferenceRow] = []
        let weights = content.types.map(\.weight)
        let total = weights.reduce(0, +)
        for e in 0..<capacity {
            if let sections = content.sections, e % sections.every == 0 {
                let p = sections.header.height.parameter.sample(&random)
                let w = sections.header.idealWidth?.sample(&random)
                rows.append(ReferenceRow(element: e, type: content.types.count, isHeader: true, parameter: p, idealWidth: w))
            }
            let data = content.items.flatMap { e < $0.count ? $0[e] : nil }
            var t: Int
            if let given = data?.typeIndex {
                t = given
            } else {
                var remaining = random.nextUnit() * total
                t = weights.count - 1
                for (i, w) in weights.enumerated() {
                    remaining -= w
                    if remaining < 0 { t = i; break }
                }
            }
            let spec = content.types[t]
            var children = 0
            switch spec.children {
            case .count(let k): children = k
            case .conditional(let shown): children = random.nextUnit() < shown ? 1 : 0
            }
            for _ in 0..<children {
                let drawn = spec.height.parameter.sample(&random)
                let w = spec.idealWidth?.sample(&random)
                rows.append(ReferenceRow(element: e, type: t, isHeader: false, parameter: data?.heightParameter ?? drawn, idealWidth: w))
            }
        }
        return rows
    }

    static func check(_ content: ContentConfig, seed: UInt64 = 9, capacity: Int? = nil) {
        let capacity = capacity ?? content.count
        let table = RowTable(content: content, seed: seed, capacity: capacity)
        let expected = reference(content, seed: seed, capacity: capacity)
        #expect(table.rowCapacity == expected.count)
        for (row, want) in expected.enumerated() {
            let got = table.draw(ofRow: row)
            #expect(got.parameter.bitPattern == want.parameter.bitPattern, "row \(row) parameter")
            #expect(got.idealWidth == want.idealWidth, "row \(row) ideal width")
            #expect(table.element(ofRow: row) == want.element, "row \(row) element")
            #expect(table.typeIndex(ofRow: row) == want.type, "row \(row) type")
            #expect(table.isHeader(row) == want.isHeader, "row \(row) header")
        }
        // One pass over a range gives what row-by-row lookups give, from any start.
        for start in [0, 1, 15, 16, 17, 31, 33, max(0, expected.count - 5)] where start < expected.count {
            let end = min(expected.count, start + 40)
            var seen: [Int] = []
            table.forEachDraw(rows: start..<end) { row, p, w in
                seen.append(row)
                #expect(p.bitPattern == expected[row].parameter.bitPattern && w == expected[row].idealWidth, "row \(row) in a pass from \(start)")
            }
            #expect(seen == Array(start..<end))
        }
        // A list of one row per element sums its live rows' heights while set-up draws them:
        // the reference's heights added in row order, the same number to the bit.
        let summed = RowTable(content: content, seed: seed, capacity: capacity, heightsAt: 390)
        if let setup = summed.setupHeights {
            let all = [ViewTypeSpec](content.types) + [content.sections?.header].compactMap { $0 }
            var want = 0.0
            for row in expected.prefix(content.count) { want += all[row.type].height.height(parameter: row.parameter, width: 390) }
            #expect(setup.rows == content.count && setup.width == 390)
            #expect(setup.sum.bitPattern == want.bitPattern, "set-up sum \(setup.sum), reference \(want)")
            #expect(summed.map == table.map, "summing changes no draw")
        }
    }

    static let mixed: [ViewTypeSpec] = [
        ViewTypeSpec(name: "text", weight: 3, height: .text(.init(chars: .normal(mean: 200, sd: 80, min: 10, max: nil), lineHeight: 20, base: 40))),
        ViewTypeSpec(name: "photo", weight: 2, height: .aspect(.uniform(min: 0.5, max: 1.5)), idealWidth: .uniform(min: 100, max: 300)),
        ViewTypeSpec(name: "fixed", weight: 1, height: .absolute(.fixed(60))),
    ]

    @Test func oneRowPerElement() {
        Self.check(ContentConfig(count: 300, types: Self.mixed))
    }

    @Test func sectionsAndBodiesOfSeveralOrConditionalChildren() {
        var types = Self.mixed
        types[0].children = .count(3)
        types[2].children = .conditional(shown: 0.4)
        // A conditional body whose shown child draws a height and an ideal width: a fixed
        // height draws nothing, so a lookup that lost the body's own draw went unseen.
        types.append(ViewTypeSpec(name: "maybe", weight: 2, children: .conditional(shown: 0.7),
                                  height: .absolute(.uniform(min: 20, max: 90)), idealWidth: .uniform(min: 50, max: 80)))
        let header = ViewTypeSpec(name: "header", height: .absolute(.uniform(min: 30, max: 50)), idealWidth: .fixed(120))
        Self.check(ContentConfig(count: 250, types: types, sections: SectionsConfig(every: 7, header: header)))
    }

    /// Sections of one element (`every: 1`, the smallest the scenario allows): a header leads
    /// every element, so 60 elements of one row each are 120 rows, a header at every even row.
    @Test func sectionsOfOneElementPutAHeaderBeforeEach() {
        let header = ViewTypeSpec(name: "header", height: .absolute(.uniform(min: 30, max: 50)))
        let content = ContentConfig(count: 60, types: Self.mixed, sections: SectionsConfig(every: 1, header: header))
        let table = RowTable(content: content, seed: 9, capacity: 60)
        #expect(table.rowCapacity == 120)
        #expect((0..<120).filter(table.isHeader) == Array(stride(from: 0, to: 120, by: 2)))
        #expect(table.element(ofRow: 0) == 0 && table.element(ofRow: 1) == 0 && table.element(ofRow: 119) == 59)
        Self.check(content)
    }

    @Test func dataFileValuesReplaceDrawsButTheDrawsAreStillMade() {
        let items = (0..<120).map { e in
            e % 3 == 0 ? ElementData(typeIndex: e % 2, heightParameter: Double(e)) : (e % 3 == 1 ? ElementData(typeIndex: nil, heightParameter: 7) : ElementData())
        }
        Self.check(ContentConfig(count: 150, types: Self.mixed, items: items))
    }

    @Test func appendedElementsAreDrawnWithTheRest() {
        Self.check(ContentConfig(count: 40, types: Self.mixed), capacity: 90)
    }

    @Test func skippingDrawsLandsWhereDrawingThemDoes() {
        var drawn = SplitMix64(seed: 77)
        var skipped = SplitMix64(seed: 77)
        for _ in 0..<1000 { _ = drawn.next() }
        skipped.skip(1000)
        #expect(drawn.next() == skipped.next())
        #expect(Distribution.normal(mean: 0, sd: 1, min: nil, max: nil).drawCount == 2)
        var r = SplitMix64(seed: 5)
        var s = r
        _ = Distribution.normal(mean: 0, sd: 1, min: nil, max: nil).sample(&r)
        s.skip(2)
        #expect(r == s)
    }

    /// The value a reader would guess without drawing, each form by hand: the fixed value; a
    /// uniform's midpoint, (150 + 450) / 2 = 300 (a drawn list of them averages there); a
    /// normal's mean, clamped into its bounds when they leave it out (mean 100 under a
    /// minimum of 120 reads 120, over a maximum of 80 reads 80).
    @Test func aDistributionsTypicalValueIsItsCentre() {
        #expect(Distribution.fixed(44).typical == 44)
        #expect(Distribution.uniform(min: 150, max: 450).typical == 300)
        #expect(Distribution.uniform(min: -2, max: 6).typical == 2)
        #expect(Distribution.normal(mean: 100, sd: 10, min: nil, max: nil).typical == 100)
        #expect(Distribution.normal(mean: 100, sd: 10, min: 120, max: nil).typical == 120)
        #expect(Distribution.normal(mean: 100, sd: 10, min: nil, max: 80).typical == 80)
        var random = SplitMix64(seed: 7)
        let uniform = Distribution.uniform(min: 150, max: 450)
        let mean = (0..<10_000).map { _ in uniform.sample(&random) }.reduce(0, +) / 10_000
        #expect(abs(mean - uniform.typical) < 5, "\(mean)")
    }
}
