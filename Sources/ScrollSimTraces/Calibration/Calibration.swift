import ScrollSimKit
/// `scrollsim calibrate`: measured traces in, the scenario out with its costs replaced by the
/// distributions fitted to the measurements.
///
/// ```swift
/// let reading = try TraceReader.read(path: "feed.xml", limits: .standard)
/// var map = CalibrationMap()
/// map.add(try CalibrationMap.rule("PostCell.body=post.body", origin: "--map"))
/// let result = try Calibration.calibrate(scenario: bytes, readings: [reading], map: map)
/// // result.text: the scenario, only its cost values and `costs` changed
/// ```
public enum Calibration {
    /// What a calibration made.
    public struct Result: Sendable {
        /// Every fitted cost, sorted by type and phase.
        public var fits: [(target: CostTarget, fit: CostFit)]
        /// The costs the map names (or the scenario's types have) that had no samples: kept.
        public var kept: [CostTarget]
        public var samples: CalibrationSamples
        /// Types whose `jitter` was set to 0 (the fitted distributions carry the spread).
        public var jitterCleared: [String]
        /// The scenario's view types, sorted (what a map may name).
        public var types: [String]
        /// The scenario's new text.
        public var text: [UInt8]
    }

    /// Fits every cost the map covers and writes them into the scenario text.
    /// - Throws: `ScrollSimError` for a rule naming a type the scenario lacks;
    ///   a syntax error at the scenario's `FILE:LINE:COLUMN` when it is not JSON.
    public static func calibrate(scenario bytes: [UInt8], file: String = "scenario", readings: [TraceReading], map: CalibrationMap,
                                 window: CalibrationWindow? = nil, measuredOn: String? = nil) throws -> Result {
        var edit: ScenarioTextEdit
        do {
            edit = try ScenarioTextEdit(bytes: bytes)
        } catch let error as ScrollSimError {
            throw error.placed(in: .file(file))
        }
        let types = ScenarioViewTypes(root: edit.root)
        try map.check(types: types.names)
        let samples = CalibrationSamples.collect(readings, map: map, window: window, types: Set(types.names))
        let fits = samples.samples.filter { !$0.value.isEmpty }.map { (target: $0.key, fit: CostFit(samples: $0.value)) }.sorted { $0.target < $1.target }
        var jitterCleared: [String] = []
        for located in types.all {
            let own = fits.filter { $0.target.type == located.name }
            guard !own.isEmpty else { continue }
            for (target, fit) in own {
                edit.set(target.phase.key, in: located.path, to: fit.scenarioText)
            }
            if let jitter = located.object["jitter"]?.numberValue, jitter > 0 {
                edit.set("jitter", in: located.path, to: "0")
                if !jitterCleared.contains(located.name) { jitterCleared.append(located.name) }
            }
        }
        let named = Set(map.rules.map(\.target))
        let kept = named.filter { samples.samples[$0, default: []].isEmpty }.sorted()
        let provenance = CalibrationProvenance(readings: readings, window: window, samples: samples, measuredOn: measuredOn)
        if edit.root["costs"]?.objectValue != nil {
            edit.set("calibration", in: [.key("costs")], to: CalibrationProvenance.text(provenance.calibration))
            if let measuredOn { edit.set("measuredOn", in: [.key("costs")], to: CalibrationProvenance.text(.string(measuredOn))) }
        } else {
            edit.set("costs", in: [], to: provenance.costsText)
        }
        return Result(fits: fits, kept: kept, samples: samples, jitterCleared: jitterCleared, types: types.names.sorted(), text: edit.result())
    }
}
