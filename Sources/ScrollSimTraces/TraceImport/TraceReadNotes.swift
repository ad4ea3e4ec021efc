import ScrollSimKit
/// What a reader notes besides the intervals: the events it left out, counted by reason with
/// the first one's event number and byte offset, and the damage it repaired, by offset.
/// `located(in:)` turns every offset into a line and column in one pass over the file, once
/// the reading is done — the parse itself never counts lines.
struct TraceReadNotes {
    private var leftOut: [(reason: String, count: Int, event: Int, offset: Int)] = []
    private var warnings: [(offset: Int, message: String)] = []

    /// Counts one event left out for `reason`. O(r) for r reasons so far (a handful).
    mutating func leaveOut(_ reason: String, event: Int, offset: Int) {
        if let index = leftOut.firstIndex(where: { $0.reason == reason }) {
            leftOut[index].count += 1
            if event < leftOut[index].event { (leftOut[index].event, leftOut[index].offset) = (event, offset) }
        } else {
            leftOut.append((reason, 1, event, offset))
        }
    }

    mutating func warn(at offset: Int, _ message: String) {
        warnings.append((offset, message))
    }

    /// The notes with their places as line:column in `input`'s file.
    func located(in input: TraceInput) -> (leftOut: [TraceLeftOut], warnings: [String]) {
        guard !leftOut.isEmpty || !warnings.isEmpty else { return ([], []) }
        let places = TraceInput.linesAndColumns(of: leftOut.map(\.offset) + warnings.map(\.offset), inFile: input.path, gzip: input.isGzip)
        let counted = leftOut.enumerated().map { index, note in
            TraceLeftOut(reason: note.reason, count: note.count, first: "event \(note.event) at \(places[index].line):\(places[index].column)")
        }
        let warned = warnings.enumerated().map { index, note in
            let place = places[leftOut.count + index]
            return "\(place.line):\(place.column): \(note.message)"
        }
        return (counted, warned)
    }
}
