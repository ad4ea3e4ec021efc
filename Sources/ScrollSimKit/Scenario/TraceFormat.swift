/// The formats of measured traces ScrollSim reads (`TraceReader`, in ScrollSimTraces, recognises
/// them by content); a scenario's calibrated costs name the format they were fitted from.
public enum TraceFormat: String, Sendable, Equatable, CaseIterable {
    /// `xcrun xctrace export --xpath …` schema-table XML.
    case xctrace
    /// Chrome/Perfetto trace-event JSON (`traceEvents` array or a bare array).
    case chromeJSON = "chrome-json"
    /// OpenTelemetry OTLP/JSON (`resourceSpans[].scopeSpans[].spans[]`).
    case otlpJSON = "otlp-json"
    /// `type,phase,ms` rows.
    case csv
}

