import Foundation
@testable import ScrollSimKit
@testable import ScrollSimTraces

/// Writes known intervals and hitches in each format `TraceReader` reads, shaped like the real
/// exporters' output, so round-trip tests (truth → export → `TraceReader` → fit) have an
/// oracle: `TraceReader.read` gives back exactly what was written (`TraceExportWriterTests`).
///
/// - `xctrace`: a `<trace-query-result>` with an `os-signpost-interval` node (start, duration,
///   name, category, subsystem, start-message, with engineering types) and a `hitches` node,
///   values deduplicated across the document as xctrace does: the first occurrence of a value
///   of a given type is `<type id="N" fmt="…">value</type>`, every later one `<type ref="N"/>`;
///   an absent attribute is `<sentinel/>`. Interval attributes other than `subsystem`,
///   `category` and `message` have no column and are not written.
/// - `otlp`: one resource (the intervals' `resource.*` attributes, or `resource` given) with
///   one scope of spans; times as decimal strings; attributes as `stringValue`.
/// - `chrome`: `{"traceEvents": [...]}` of `X` events on pid 1, tid 1; `ts`/`dur` in µs with
///   three decimals (exact nanoseconds), `cat` and `args.*` attributes as `cat` and string
///   `args`.
enum TraceExportWriter {
    static func xctrace(intervals: [TraceInterval], hitches: [TraceHitch] = [], device: (model: String, platform: String, os: String)? = nil) -> String {
        var ids: [String: Int] = [:]
        var nextID = 1
        /// The cell for `value` of engineering type `type`: a definition the first time, a ref after.
        func cell(_ type: String, _ value: String, fmt: String? = nil) -> String {
            let key = type + "\u{0}" + value
            if let id = ids[key] { return "<\(type) ref=\"\(id)\"/>" }
            ids[key] = nextID
            defer { nextID += 1 }
            return "<\(type) id=\"\(nextID)\" fmt=\"\(escape(fmt ?? value))\">\(escape(value))</\(type)>"
        }
        func column(_ mnemonic: String, _ name: String, _ type: String) -> String {
            "<col><mnemonic>\(mnemonic)</mnemonic><name>\(name)</name><engineering-type>\(type)</engineering-type></col>"
        }
        var out = "<?xml version=\"1.0\"?>\n<trace-query-result>\n"
        if let device {
            out += "<node xpath='//trace-toc[1]/run[1]/info[1]/target[1]'><device platform=\"\(escape(device.platform))\" model=\"\(escape(device.model))\" name=\"Test device\" os-version=\"\(escape(device.os))\" uuid=\"0\"/></node>\n"
        }
        out += "<node xpath='//trace-toc[1]/run[1]/data[1]/table[4]'><schema name=\"os-signpost-interval\">"
        out += column("start", "Start", "start-time") + column("duration", "Duration", "duration") + column("name", "Name", "string")
        out += column("category", "Category", "string") + column("subsystem", "Subsystem", "string") + column("start-message", "Start Message", "string")
        out += "</schema>\n"
        for interval in intervals {
            out += "<row>" + cell("start-time", String(interval.startNs), fmt: time(interval.startNs))
            out += cell("duration", String(interval.durationNs), fmt: duration(interval.durationNs))
            out += cell("string", interval.name)
            for key in ["category", "subsystem", "message"] {
                out += interval.attributes[key].map { cell("string", $0) } ?? "<sentinel/>"
            }
            out += "</row>\n"
        }
        out += "</node>\n"
        if !hitches.isEmpty {
            out += "<node xpath='//trace-toc[1]/run[1]/data[1]/table[9]'><schema name=\"hitches\">"
            out += column("start", "Start", "start-time") + column("duration", "Duration", "duration") + column("hitch-type", "Hitch Type", "string")
            out += "</schema>\n"
            for hitch in hitches {
                out += "<row>" + cell("start-time", String(hitch.startNs), fmt: time(hitch.startNs))
                out += cell("duration", String(hitch.durationNs), fmt: duration(hitch.durationNs))
                out += (hitch.kind.map { cell("string", $0) } ?? "<sentinel/>") + "</row>\n"
            }
            out += "</node>\n"
        }
        return out + "</trace-query-result>\n"
    }

    static func otlp(intervals: [TraceInterval], resource: [String: String] = [:]) -> String {
        var resourceAttributes = resource
        for interval in intervals {
            for (key, value) in interval.attributes where key.hasPrefix("resource.") { resourceAttributes[String(key.dropFirst(9))] = value }
        }
        func attributes(_ pairs: [String: String]) -> String {
            "[" + pairs.sorted { $0.key < $1.key }.map { "{\"key\":\(quoted($0.key)),\"value\":{\"stringValue\":\(quoted($0.value))}}" }.joined(separator: ",") + "]"
        }
        var out = "{\"resourceSpans\":[{\"resource\":{\"attributes\":\(attributes(resourceAttributes))},\"scopeSpans\":[{\"scope\":{\"name\":\"scrollsim.tests\"},\"spans\":[\n"
        out += intervals.enumerated().map { index, interval in
            let own = interval.attributes.filter { !$0.key.hasPrefix("resource.") }
            return "{\"traceId\":\"00000000000000000000000000000001\",\"spanId\":\(quoted(String(format: "%016x", index + 1))),\"name\":\(quoted(interval.name)),\"kind\":1,"
                + "\"startTimeUnixNano\":\"\(interval.startNs)\",\"endTimeUnixNano\":\"\(interval.startNs + interval.durationNs)\",\"attributes\":\(attributes(own))}"
        }.joined(separator: ",\n")
        return out + "\n]}]}]}\n"
    }

    static func chrome(intervals: [TraceInterval]) -> String {
        var out = "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n"
        out += intervals.map { interval in
            var event = "{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":\(micros(interval.startNs)),\"dur\":\(micros(interval.durationNs)),\"name\":\(quoted(interval.name))"
            if let category = interval.attributes["cat"] { event += ",\"cat\":\(quoted(category))" }
            let args = interval.attributes.filter { $0.key.hasPrefix("args.") }.sorted { $0.key < $1.key }
            if !args.isEmpty {
                event += ",\"args\":{" + args.map { "\(quoted(String($0.key.dropFirst(5)))):\(quoted($0.value))" }.joined(separator: ",") + "}"
            }
            return event + "}"
        }.joined(separator: ",\n")
        return out + "\n]}\n"
    }

    /// Nanoseconds as µs with three decimals (any sign).
    static func micros(_ ns: Int64) -> String {
        let magnitude = ns.magnitude
        let fraction = String(magnitude % 1000)
        return (ns < 0 ? "-" : "") + "\(magnitude / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// xctrace's display of a start time (`00:01.204.511`) and a duration (`152.42 µs`).
    static func time(_ ns: Int64) -> String {
        let ms = ns / 1_000_000
        return String(format: "%02lld:%02lld.%03lld.%03lld", ms / 60_000, ms / 1000 % 60, ms % 1000, ns / 1000 % 1000)
    }

    static func duration(_ ns: Int64) -> String {
        ns >= 1_000_000 ? String(format: "%.2f ms", Double(ns) / 1e6) : String(format: "%.2f µs", Double(ns) / 1e3)
    }

    static func quoted(_ string: String) -> String { JSONWriterQuote.quoted(string) }

    static func escape(_ text: String) -> String { Markup.escape(text) }
}
