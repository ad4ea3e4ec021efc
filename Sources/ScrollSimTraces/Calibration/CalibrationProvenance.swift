import ScrollSimKit
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
                    "file": .string(CalibrationProvenance.fitted(reading.file) ?? "-"),
                    "sha256": .string(reading.sha256),
                    "format": .string(reading.format.rawValue),
                ]
                if let table = CalibrationProvenance.fitted(reading.tables.joined(separator: "; ")) { source["table"] = .string(table) }
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
        if let device = CalibrationProvenance.common(readings.map(\.device)).flatMap(CalibrationProvenance.fitted) { object["device"] = .string(device) }
        if let os = CalibrationProvenance.common(readings.map(\.os)).flatMap(CalibrationProvenance.fitted) { object["os"] = .string(os) }
        return .object(object)
    }

    /// The most characters (Unicode scalars) a provenance text may have: the scenario's own
    /// limit for them (`costs.calibration`'s texts are 1 to 1,000), so calibrate never writes
    /// what validate refuses.
    static let textLimit = 1000

    /// A trace's text as provenance keeps it: nil when empty (left out: an empty
    /// `device.model.identifier` says nothing), else its first 999 scalars and `…` when longer
    /// than `textLimit` (a 2,000-character OS version).
    static func fitted(_ text: String) -> String? {
        guard !text.isEmpty else { return nil }
        guard text.unicodeScalars.count > textLimit else { return text }
        var clipped = String.UnicodeScalarView()
        clipped.append(contentsOf: text.unicodeScalars.prefix(textLimit - 1))
        return String(clipped) + "…"
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
