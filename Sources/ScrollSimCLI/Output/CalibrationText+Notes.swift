import ScrollSimKit
import ScrollSimTraces

/// What `calibrate` prints about what it did not use, and why: per trace, the events its reader
/// left out and the tables it skipped; per name not covered by the map, the attributes its
/// intervals carry; per rule that took nothing, the reason.
extension CalibrationText {
    /// The keys shown per unmapped name (the rest are named).
    static let attributeKeysShown = 3

    /// The lines under a trace's "read" line: events left out by the reader (by reason, with
    /// the first one's place) and tables skipped (with what to export instead).
    static func readingNotes(_ reading: TraceReading) -> String {
        var out = ""
        for note in reading.leftOut {
            out += "  left out \(DisplayFormat.integer(Double(note.count))) × \(note.reason) (the first: \(note.first))\n"
        }
        for table in reading.skippedTables {
            out += "  skipped \(table.table): \(table.reason)\n"
        }
        return out
    }

    /// What the reader repaired, as warnings (`warning: FILE:LINE:COLUMN: …`).
    static func readingWarnings(_ readings: [TraceReading]) -> String {
        readings.flatMap { reading in reading.warnings.map { "warning: \(reading.file):\($0)\n" } }.joined()
    }

    /// One unmapped name: its count and total, then its attributes — the keys that tell its
    /// intervals apart with their most frequent values, keys with one value, identifiers by
    /// their count of values — and a rule that would map it.
    static func unmappedName(_ name: CalibrationSamples.Unmapped) -> String {
        // A trace's names and attribute values go through the terminal's one escaping.
        let shown = MessageText.forTerminal(name.name)
        var out = "  \(shown)  ×\(name.count)  \(DisplayFormat.fixed(name.totalMs, 2)) ms\n"
        let keys = name.attributes.keys
        guard !keys.isEmpty else { return out }
        for key in keys.prefix(attributeKeysShown) {
            out += "      \(MessageText.forTerminal(CalibrationRuleCheck.describe(key)))\n"
        }
        if keys.count > attributeKeysShown {
            out += "      also: \(MessageText.forTerminal(keys.dropFirst(attributeKeysShown).map(\.key).joined(separator: ", ")))\n"
        }
        if let key = keys.first(where: \.separates), let value = key.top.first {
            out += "      map one with --map '\(MessageText.forTerminal("\(name.name)[\(key.key)=\(value.value)]"))=TYPE.PHASE'\n"
        }
        return out
    }

    /// The rules that took nothing, each with why.
    static func idleRules(_ samples: CalibrationSamples) -> String {
        samples.idleRules.map { "\($0.origin) took no interval: \($0.reason)\n" }.joined()
    }
}
