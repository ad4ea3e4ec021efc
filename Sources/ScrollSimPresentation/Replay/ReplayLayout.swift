import ScrollSimEngine
import ScrollSimKit

/// Where the replay draws each row: its lane (a masonry column, a grid cell's column; 0 in a
/// plain list), its top and its height, in the stack's content coordinates.
///
/// The report records no row geometry, so it is inferred from what it does record: the frame
/// at which each row crossed an edge of the viewport (its `appear` and `disappear` events) and
/// the content offset of that frame and the one before. A row that appeared while the content
/// moved up (scrolling down) had its top between the viewport's bottom edge of the two frames,
/// and so on for the other three crossings; the middle of that interval is taken, which places
/// the edge within half a frame's scroll distance (a few points at a fling's end, up to some
/// tens of points mid-fling). Between rows placed this way, rows are spread evenly; past the
/// last, they take the median inferred height. The first row of a lane starts at 0.
/// A grid's log names each grid row by its first element: a grid row is one item (the replay
/// splits its band into cells); masonry items are dealt to columns as the
/// stack deals them (a `masonryColumns` item's `row` is its place in its column, a
/// `masonryLayout` item goes to the shortest column).
///
/// Positions are therefore approximate (the page says so); the states the replay shows
/// (`ReplayTrack`) are exact.
struct ReplayLayout: Sendable {
    struct Item: Sendable {
        /// The element as the report writes it.
        var element: String
        /// The view type, or "".
        var type: String
        /// Its row in the events' `row` column (a list row, a grid row, a place in a masonry column).
        var row: Int
        var lane: Int
        var top: Double
        var height: Double
    }

    var items: [Item]
    var lanes: Int
    /// For each event of the log, the item it is about (nil for events about no row).
    var eventItem: [Int?]
    /// The median inferred height: what a row with no observation is drawn at.
    var typicalHeight: Double

    /// - Parameters:
    ///   - rows: the events' `row` column (a list row, a grid row, a masonry item's place in
    ///     its column), -1 for none; empty when the report has none.
    ///   - viewportHeights: the viewport's height at each frame.
    ///   - masonryColumns: a masonry stack's column count at the scenario's width.
    ///   - topElements: each frame's topmost visible element (the `viewID` column), "" for
    ///     none: in a list, the frame where it changes places the edge between two rows at the
    ///     viewport's top (the only crossing an eager stack's log does not record).
    init(kind: StackConfig.Kind?, spacing: Double, events: [Report.Event], rows: [Int], offsets: [Double], viewportHeights: [Double], masonryColumns: Int = 2,
         topElements: [String] = []) {
        // One item per element and view type named by a row event: a section's pinned header
        // carries its section's element, as the row after it may (`photo-feed-pinned`: the
        // date header and the thumbnails row of day000).
        var itemOfKey: [String: Int] = [:]
        var itemOf: [String: Int] = [:]
        var elements: [(element: String, type: String, row: Int)] = []
        var eventItem: [Int?] = Array(repeating: nil, count: events.count)
        for (i, event) in events.enumerated() where !event.element.isEmpty && event.element != "-1" {
            let row = i < rows.count ? rows[i] : -1
            let key = event.element + "\u{1F}" + event.type
            if let item = itemOfKey[key] {
                eventItem[i] = item
            } else {
                itemOfKey[key] = elements.count
                if itemOf[event.element] == nil { itemOf[event.element] = elements.count }
                eventItem[i] = elements.count
                let index = Int(event.element).flatMap { $0 >= 0 && $0 < 1 << 40 ? $0 : nil }
                elements.append((event.element, event.type, row >= 0 ? row : index ?? elements.count))
            }
        }
        // Edge crossings: a top or a bottom, per item.
        var tops = Array(repeating: [Double](), count: elements.count)
        var bottoms = Array(repeating: [Double](), count: elements.count)
        for (i, event) in events.enumerated() where event.kind == "appear" || event.kind == "disappear" {
            guard let item = eventItem[i], event.frame > 0, event.frame < offsets.count else { continue }
            let d = offsets[event.frame] - offsets[event.frame - 1]
            guard abs(d) > 0.01 else { continue }
            let h = viewportHeights[event.frame]
            // Content moving up (d > 0): an appearing row's top crossed the bottom edge, a
            // disappearing row's bottom the top edge; moving down, the other way round.
            let appearing = event.kind == "appear"
            if appearing == (d > 0) { tops[item].append(offsets[event.frame] + h - d / 2) } else { bottoms[item].append(offsets[event.frame] - d / 2) }
        }
        if kind?.family == .list {
            for f in topElements.indices.dropFirst() where f < offsets.count && topElements[f] != topElements[f - 1] {
                guard let a = itemOf[topElements[f - 1]], let b = itemOf[topElements[f]] else { continue }
                let mid = (offsets[f] + offsets[f - 1]) / 2
                // Moving down, the old top row's bottom passed the viewport's top edge; moving
                // up, the old top row's top did.
                if elements[b].row == elements[a].row + 1 { bottoms[a].append(mid) } else if elements[b].row == elements[a].row - 1 { tops[a].append(mid) }
            }
        }
        func mean(_ values: [Double]) -> Double? { values.isEmpty ? nil : values.reduce(0, +) / Double(values.count) }

        // Lanes, and each item's place in its lane.
        var lane = Array(repeating: 0, count: elements.count)
        var place = elements.map(\.row)
        var lanes = 1
        switch kind?.family {
        case .grid:
            // A log that named several elements of one grid row: side by side, in element order.
            var byRow: [Int: [Int]] = [:]
            for (i, e) in elements.enumerated() { byRow[e.row, default: []].append(i) }
            for (_, cells) in byRow {
                let sorted = cells.sorted { (Int(elements[$0].element) ?? $0) < (Int(elements[$1].element) ?? $1) }
                for (column, cell) in sorted.enumerated() { lane[cell] = column }
                lanes = max(lanes, sorted.count)
            }
        case .masonry:
            let order = elements.indices.sorted { (Int(elements[$0].element) ?? $0, $0) < (Int(elements[$1].element) ?? $1, $1) }
            let typical = ReplayLayout.median(zip(tops, bottoms).compactMap { t, b in
                guard let t = mean(t), let b = mean(b), b > t else { return nil }
                return b - t
            }) ?? 200
            let count = max(1, masonryColumns)
            lanes = count
            var count_ = Array(repeating: 0, count: count)
            var end = Array(repeating: -spacing, count: count)
            // A `masonryColumns` log lists a frame's builds and appearances column by column:
            // consecutive events of one kind in one frame whose rows follow each other are in one
            // column, which settles the ties that the rows alone leave open.
            var group = Array(elements.indices)
            func root(_ i: Int) -> Int { var i = i; while group[i] != i { i = group[i] }; return i }
            if kind == .masonryColumns {
                for i in events.indices.dropFirst() {
                    guard let a = eventItem[i - 1], let b = eventItem[i], events[i - 1].frame == events[i].frame, events[i - 1].kind == events[i].kind,
                          elements[b].row == elements[a].row + 1 else { continue }
                    let (ra, rb) = (root(a), root(b))
                    if ra != rb { group[max(ra, rb)] = min(ra, rb) }
                }
            }
            var laneOfGroup: [Int: Int] = [:]
            for i in order {
                let chosen: Int
                if kind == .masonryColumns {
                    let candidates = (0..<count).filter { count_[$0] == elements[i].row }
                    if let known = laneOfGroup[root(i)], candidates.contains(known) {
                        chosen = known
                    } else {
                        chosen = (candidates.isEmpty ? Array(0..<count) : candidates).min { end[$0] != end[$1] ? end[$0] < end[$1] : $0 < $1 }!
                    }
                    laneOfGroup[root(i)] = chosen
                } else {
                    chosen = (0..<count).min { end[$0] != end[$1] ? end[$0] < end[$1] : $0 < $1 }!
                }
                lane[i] = chosen
                place[i] = count_[chosen]
                count_[chosen] += 1
                let top = mean(tops[i]) ?? mean(bottoms[i]).map { $0 - typical } ?? end[chosen] + spacing
                let height = (mean(tops[i]).flatMap { t in mean(bottoms[i]).map { $0 - t } }).flatMap { $0 > 0 ? $0 : nil } ?? typical
                end[chosen] = max(end[chosen] + spacing, top) + height
            }
        case .list, nil:
            break
        }

        // Per lane, tops along each item's place: anchors from observations, spread between.
        var top = Array(repeating: 0.0, count: elements.count)
        var height = Array(repeating: 0.0, count: elements.count)
        var gaps: [Double] = []
        var laneItems: [[(place: Int, item: [Int])]] = []
        for l in 0..<lanes {
            // Items at each place of the lane (a grid row's cells share a place).
            var byPlace: [Int: [Int]] = [:]
            for i in elements.indices where lane[i] == l || kind?.family == .grid { byPlace[place[i], default: []].append(i) }
            laneItems.append(byPlace.keys.sorted().map { ($0, byPlace[$0]!) })
            if kind?.family == .grid { break }
        }
        var anchorsByLane: [[(place: Int, top: Double, bottom: Double?)]] = []
        for entries in laneItems {
            var anchors: [(place: Int, top: Double, bottom: Double?)] = []
            var previousBottom: [Int: Double] = [:]
            for entry in entries {
                let b = mean(entry.item.flatMap { bottoms[$0] })
                if let b { previousBottom[entry.place] = b }
            }
            for entry in entries {
                var candidates = entry.item.flatMap { tops[$0] }
                if let above = previousBottom[entry.place - 1] { candidates.append(above + spacing) }
                let bottom = previousBottom[entry.place]
                if let t = mean(candidates) {
                    anchors.append((entry.place, t, bottom))
                } else if entry.place == 0 {
                    anchors.append((0, 0, bottom))
                }
            }
            // Keep the anchors in order down the lane (a correction or a rotation can leave
            // crossings that disagree).
            var kept: [(place: Int, top: Double, bottom: Double?)] = []
            for anchor in anchors where kept.last.map({ anchor.top > $0.top + Double(anchor.place - $0.place) }) ?? true { kept.append(anchor) }
            for (a, b) in zip(kept, kept.dropFirst()) where b.place == a.place + 1 { gaps.append(b.top - a.top - spacing) }
            for anchor in kept { if let bottom = anchor.bottom, bottom > anchor.top { gaps.append(bottom - anchor.top) } }
            anchorsByLane.append(kept)
        }
        let typical = ReplayLayout.median(gaps.filter { $0 > 0 }) ?? 200
        for (l, entries) in laneItems.enumerated() {
            let anchors = anchorsByLane[l]
            // Each place's top in closed form (places can be sparse: only the rows the log
            // names), so the work follows the rows, not the largest row index.
            let step = typical + spacing
            var next = 0
            func topAt(_ place: Int) -> Double {
                while next < anchors.count && anchors[next].place < place { next += 1 }
                if next < anchors.count && anchors[next].place == place { return anchors[next].top }
                if next > 0 && next < anchors.count {
                    let (a, b) = (anchors[next - 1], anchors[next])
                    return a.top + (b.top - a.top) * Double(place - a.place) / Double(b.place - a.place)
                }
                if next > 0 { return anchors[next - 1].top + Double(place - anchors[next - 1].place) * step }
                if let first = anchors.first { return first.top - Double(first.place - place) * step }
                return Double(place) * step
            }
            let bottoms = Dictionary(anchors.compactMap { anchor in anchor.bottom.map { (anchor.place, $0) } }, uniquingKeysWith: { a, _ in a })
            let placeTops = entries.map { topAt($0.place) }
            for (k, entry) in entries.enumerated() {
                let t = placeTops[k]
                var h = k + 1 < entries.count && entries[k + 1].place == entry.place + 1 ? placeTops[k + 1] - spacing - t : typical
                if let bottom = bottoms[entry.place], bottom > t { h = bottom - t }
                for i in entry.item {
                    top[i] = t
                    height[i] = max(1, h)
                }
            }
        }
        items = elements.indices.map { Item(element: elements[$0].element, type: elements[$0].type, row: elements[$0].row, lane: lane[$0], top: top[$0], height: height[$0]) }
        self.lanes = lanes
        self.eventItem = eventItem
        typicalHeight = typical
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}
