import ScrollSimKit

/// One JSON object of a trace (an event or its `args`) on one line, keys in the order written.
///
/// Strings and numbers go through the kit's `JSONWriter` (its escaping, its fixed number format),
/// so a trace writes them exactly as reports do. What it adds is key order: a JSON object has
/// none (RFC 8259 §4) and the Trace Event Format asks for none, so a trace keeps the order its
/// events have always had (`ph`, `pid`, `tid`, `ts`, `dur`, `name`, `cat`, `args`: the kind of
/// event first, as a reader scans) rather than `JSONWriter`'s sorted one, and its bytes stay put.
///
/// ```swift
/// var event = TraceObject.event("i", tid: 3)
/// event.micros("ts", 8_333_333)
/// event.string("name", "fling")
/// event.finished   // {"ph":"i","pid":1,"tid":3,"ts":8333.333,"name":"fling"}
/// ```
struct TraceObject: Equatable {
    /// The text so far, without its closing brace.
    private(set) var text: [UInt8] = [0x7B]

    /// An event of phase `ph` (`X`, `i`, `C`, `M`) of the trace's one process, on thread `tid`.
    static func event(_ ph: String, tid: Int) -> TraceObject {
        var event = TraceObject()
        event.string("ph", ph)
        event.integer("pid", 1)
        event.integer("tid", tid)
        return event
    }

    /// The object, closed.
    var finished: [UInt8] { text + [0x7D] }

    /// `"name":` after a comma when the object has members already.
    mutating func key(_ name: String) {
        if text.count > 1 { text.append(0x2C) }
        JSONWriter.appendString(name, into: &text)
        text.append(0x3A)
    }

    mutating func string(_ name: String, _ value: String) {
        key(name)
        JSONWriter.appendString(value, into: &text)
    }

    /// A number with at most `decimals` digits after the point (`JSONWriter`'s format); a
    /// non-finite one (a corrupt report's overflow) as 0, since the trace format has no null
    /// figure and a viewer would refuse the file.
    mutating func number(_ name: String, _ value: Double, decimals: Int) {
        key(name)
        if value.isFinite {
            JSONWriter.appendNumber(value, decimals: decimals, into: &text)
        } else {
            text.append(0x30)
        }
    }

    mutating func integer(_ name: String, _ value: some BinaryInteger) {
        key(name)
        text.append(contentsOf: String(value).utf8)
    }

    /// Nanoseconds as microseconds with exactly three decimals (`TraceWriter.micros`).
    mutating func micros(_ name: String, _ ns: Int64) {
        key(name)
        text.append(contentsOf: TraceWriter.micros(ns).utf8)
    }

    mutating func object(_ name: String, _ value: TraceObject) {
        key(name)
        text.append(contentsOf: value.finished)
    }
}
