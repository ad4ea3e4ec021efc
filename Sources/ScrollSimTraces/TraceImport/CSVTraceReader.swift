import ScrollSimKit
import Foundation

/// Reads `type,phase,UNIT` CSV: one measured cost per row, for measurements that come from
/// anywhere else (a spreadsheet, a custom logger, XCTest metrics).
///
/// The header is required, because it declares the unit: `type,phase,ms` (also `us`, `µs`,
/// `ns`, `s`; names compared without case). A file without it is refused — a bare number
/// has no unit, and ScrollSim never guesses one from magnitudes. Each row is `TYPE,PHASE,VALUE`
/// with VALUE a plain decimal number ≥ 0 (`0.15`, `1e-2`); a value carrying its own unit
/// (`0.15ms`, `150us`) is refused as mixed units. Fields may be quoted as in RFC 4180
/// (`"post, large",body,0.4`); blank lines are skipped; a CR before the LF is dropped.
///
/// A row is the interval `TYPE.PHASE` with the value as its duration. CSV has no clock: every
/// interval starts at 0, and the reading has no span (a time window does not apply).
struct CSVTraceReader {
    let input: TraceInput
    var accumulator: TraceAccumulator

    static let units: [String: TraceTime.Unit] = ["ms": .milliseconds, "us": .microseconds, "µs": .microseconds, "ns": .nanoseconds, "s": .seconds]

    init(input: TraceInput, accumulator: TraceAccumulator) {
        self.input = input
        self.accumulator = accumulator
    }

    /// The unit the header declared, once read.
    private(set) var unit: TraceTime.Unit?

    mutating func read() throws {
        while let (fields, offsets) = try nextRow() {
            if fields == [""] { continue }
            guard let unit else {
                self.unit = try header(fields, offsets)
                continue
            }
            guard fields.count == 3 else {
                throw input.error(at: offsets[0], "a row has \(fields.count) field\(fields.count == 1 ? "" : "s"); expected 3: type,phase,\(unit.symbol)")
            }
            let index: Int
            do { index = try accumulator.countEvent() } catch let refusal as TraceAccumulator.Refusal {
                throw input.error(at: offsets[0], "row \(accumulator.events + 1): \(refusal.reason)")
            }
            let text = fields[2].trimmingCharacters(in: .whitespaces)
            let duration: Int64
            do {
                duration = try TraceTime.nanoseconds(Substring(text).utf8, unit: unit)
            } catch TraceTime.Problem.overflow {
                throw input.error(at: offsets[2], "row \(index): \(text) \(unit.symbol) overflows 64-bit nanoseconds")
            } catch {
                let mixed = text.contains { $0.isLetter }
                throw input.error(at: offsets[2], "row \(index): '\(text)' is not a number" +
                                  (mixed ? " (mixed units: the header declares \(unit.symbol) for every row; write the number alone)" : ""))
            }
            guard duration >= 0 else { throw input.error(at: offsets[2], "row \(index): the duration \(text) \(unit.symbol) is negative") }
            do {
                try accumulator.add(TraceInterval(name: "\(fields[0]).\(fields[1])", startNs: 0, durationNs: duration))
            } catch let refusal as TraceAccumulator.Refusal {
                throw input.error(at: offsets[0], "row \(index): \(refusal.reason)")
            }
        }
        if unit == nil { throw ScrollSimError(file: input.path, location: .whole, message: "the CSV has no header type,phase,ms (nor any row)") }
    }

    private func header(_ fields: [String], _ offsets: [Int]) throws -> TraceTime.Unit {
        let names = fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard names.count == 3, names[0] == "type", names[1] == "phase" else {
            throw input.error(at: offsets[0], "not a trace ScrollSim reads: expected an xctrace export (<trace-query-result>), trace-event JSON ({\"traceEvents\": …} or […]), OTLP JSON ({\"resourceSpans\": …}) or a CSV whose first line is the header type,phase,ms (the header declares the unit: ms, us, ns or s)")
        }
        guard let unit = Self.units[names[2]] else {
            throw input.error(at: offsets[2], "the header's third column '\(fields[2])' is not a unit (ms, us, µs, ns or s): the header declares the unit of every row")
        }
        return unit
    }

    /// The next row's fields and their byte offsets; nil at the end of the file.
    private func nextRow() throws -> ([String], [Int])? {
        guard try input.peek() != nil else { return nil }
        var fields: [String] = []
        var offsets: [Int] = []
        var field: [UInt8] = []
        var fieldStart = input.offset
        var rowBytes = 0
        var quoted = false
        func close() throws {
            guard let text = TraceText.decode(field) else {
                throw input.error(at: fieldStart, "this field is not UTF-8 text")
            }
            fields.append(text)
            offsets.append(fieldStart)
            field.removeAll(keepingCapacity: true)
        }
        while true {
            let byte = try input.next()
            rowBytes += 1
            guard rowBytes <= input.limits.maximumTokenBytes else {
                throw input.error(at: offsets.first ?? fieldStart, "a line longer than \(input.limits.maximumTokenBytes) bytes")
            }
            if quoted {
                guard let byte else { throw input.error(at: fieldStart, "the file ends inside this quoted field (truncated?)") }
                if byte == UInt8(ascii: "\"") {
                    if try input.peek() == UInt8(ascii: "\"") {
                        input.skip()
                        field.append(byte)
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case nil, UInt8(ascii: "\n")?:
                if field.last == 0x0D { field.removeLast() }
                try close()
                return (fields, offsets)
            case UInt8(ascii: ",")?:
                try close()
                fieldStart = input.offset
            case UInt8(ascii: "\"")? where field.isEmpty:
                quoted = true
            case let byte?:
                field.append(byte)
            }
        }
    }
}
