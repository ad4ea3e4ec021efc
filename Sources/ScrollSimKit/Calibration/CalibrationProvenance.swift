/// `costs.calibration` (and `costs.measuredOn`): where a scenario's calibrated costs came from —
/// the trace files with their SHA-256, format and tables, the window, what was left out, the
/// samples per cost, the device and OS when a trace says, and this ScrollSim's version.
public struct CalibrationProvenance: Equatable, Sendable {
    public var readings: [TraceReading]
    public var window: CalibrationWindow?
    public var samples: CalibrationSamples
    public var measuredOn: String?

    public init(readings: [TraceReading], window: CalibrationWindow?, samples: CalibrationSamples, measuredOn: String?) {
        self.readings = readings
        self.window = window
        self.samples = samples
        self.measuredOn = measuredOn
    }

    /// The `calibration` object.
    public var calibration: JSONValue {
        var object: [String: JSONValue] = [
            "scrollsimVersion": .string(ScrollSimVersion.string),
            "sources": .array(readings.map { reading in
                var source: [String: JSONValue] = [
                    "file": .string(reading.file),
                    "sha256": .string(reading.sha256),
                    "format": .string(reading.format.rawValue),
                ]
                if !reading.tables.isEmpty { source["table"] = .string(String(reading.tables.joined(separator: "; ").prefix(1000))) }
                return .object(source)
            }),
            "excluded": .object([
                "outsideWindow": .number(Double(samples.outsideWindow)),
                "launch": .number(Double(samples.launch)),
                "unmapped": .number(Double(samples.unmappedCount)),
            ]),
            "samples": .object(Dictionary(uniqueKeysWithValues: samples.samples.map {
                ("\($0.key.type).\($0.key.phase.key)", JSONValue.number(Double($0.value.count)))
            })),
        ]
        if var window {
            // An open end is the longest trace's end, so the window is always two numbers.
            if !window.endSeconds.isFinite {
                window.endSeconds = Swift.max(window.startSeconds, readings.map { Double($0.endNs &- $0.originNs) / 1e9 }.max() ?? 0)
            }
            object["window"] = window.json
        }
        if let device = CalibrationProvenance.common(readings.map(\.device)) { object["device"] = .string(device) }
        if let os = CalibrationProvenance.common(readings.map(\.os)) { object["os"] = .string(os) }
        return .object(object)
    }

    /// The value every reading that says agrees on; several different ones joined with " / ".
    static func common(_ values: [String?]) -> String? {
        var seen: [String] = []
        for case let value? in values where !seen.contains(value) { seen.append(value) }
        return seen.isEmpty ? nil : seen.joined(separator: " / ")
    }

    /// The whole `costs` object, as the text a new `costs` member gets (two-space indentation,
    /// keys sorted).
    public var costsText: String {
        var object: [String: JSONValue] = ["calibration": calibration]
        if let measuredOn { object["measuredOn"] = .string(measuredOn) }
        return Self.text(.object(object))
    }

    /// A value as `JSONWriter` writes it, without the final newline.
    static func text(_ value: JSONValue) -> String {
        var text = JSONWriter(decimals: 6).string(value)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
