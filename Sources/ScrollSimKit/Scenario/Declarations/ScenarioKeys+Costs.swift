import ScrollSimEngine

/// `costs` (where the costs come from: `measuredOn`, and `calibration`, written by
/// `scrollsim calibrate`) and `device.profile`.
///
/// `calibration` is provenance: every field is checked here, none is read by the engine.
extension ScenarioKeys {
    static let costs = ObjectDeclaration<ScenarioCosts>(
        "costs", "Where the scenario's costs come from.", defaults: ScenarioCosts(),
        keys: [
            .custom("measuredOn", shape: .string(profileRule), defaultNote: "none",
                    "the device profile the costs were measured on (one of `device.profile`'s names); with `device.profile`, main-thread costs (`initMs`, `bodyMs`, `layoutMs`, `renderMs`, `appearMs`, `device.frameOverheadMs`, `device.inputMs`, `distributeMsPerItem`) are multiplied by cpu(measuredOn) / cpu(profile); render-server costs are not",
                    decode: { json, _, _ in json.stringValue.flatMap(DeviceProfile.named) }, store: { $0.measuredOn = $1 },
                    check: profileProblem),
            .optionalObject("calibration", \.calibration, calibration, initial: CostCalibration(scrollsimVersion: "", sources: []),
                            "written by `scrollsim calibrate`: what the costs were fitted to (provenance: checked, carried, not used by the simulation)"),
        ]
    )

    // MARK: device.profile

    static let profileRule = KeyShape.StringRule(
        pattern: nil, lengths: 1...100, words: "is not a device profile",
        accepts: { DeviceProfile.named($0) != nil }
    )

    /// An unknown profile name, with the names near it (same family, or a likely typo).
    static func profileProblem(_ json: JSONValue) -> String? {
        guard case .string(let name) = json else { return "expected a device profile's name, found \(json.kindDescription)" }
        guard DeviceProfile.named(name) == nil else { return nil }
        let names = DeviceProfile.all.map(\.name)
        let lowered = name.lowercased()
        // The closest spelling, then the names that continue what was typed ("iPhone 16" → Pro, Pro Max).
        var near = Spelling.closest(to: name, in: names).map { [$0] } ?? []
        for candidate in names where lowered.count >= 4 && candidate.lowercased().hasPrefix(lowered) && !near.contains(candidate) {
            near.append(candidate)
        }
        var message = "unknown device profile \"\(KeyShape.clipped(name))\""
        message += near.isEmpty
            ? "; profiles: \(names.map { "\"\($0)\"" }.joined(separator: ", "))"
            : "; near: \(near.prefix(5).map { "\"\($0)\"" }.joined(separator: ", ")) (every profile is listed in the scenario reference)"
        return message
    }

    static let profileKey = KeyDeclaration<DeviceConfig>.custom(
        "profile", shape: .string(profileRule), defaultNote: "none",
        "a device (`\"iPhone 15 Pro\"`; the names are under \"`costs` and device profiles\"): its screen in points and refresh rate become the defaults of `viewport` and `refreshRate` (given keys win), and with `costs.measuredOn` its CPU speed scales main-thread costs",
        decode: { json, _, _ in json.stringValue.flatMap(DeviceProfile.named) }, store: { $0.profile = $1 },
        check: profileProblem)

    /// A profile sets the viewport and refresh rate the device object does not give.
    static let profileDefaults = KeyRule<DeviceConfig>.check("`profile` sets `viewport` and `refreshRate` unless they are given") { device, input, _ in
        guard let profile = device.profile else { return }
        if !input.present.contains("viewport") { device.viewport = profile.viewport }
        if !input.present.contains("refreshRate") { device.refreshRate = profile.refreshRate }
    }

    // MARK: calibration

    static let sha256Rule = KeyShape.StringRule(
        pattern: "^[0-9a-f]{64}$", lengths: 64...64, words: "is not a SHA-256 (64 lowercase hexadecimal digits)",
        accepts: { text in text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) } }
    )

    static let textRule = KeyShape.StringRule(pattern: nil, lengths: 1...1000, words: "must be 1 to 1,000 characters",
                                              accepts: { (1...1000).contains($0.unicodeScalars.count) })

    /// `"type.costKey"`: a type's name (which may hold dots), a dot, one of the cost keys.
    static let sampleKeyRule = KeyShape.StringRule(
        pattern: "^.+\\.(" + CostPhase.allCases.map(\.key).joined(separator: "|") + ")$", lengths: 3...200,
        words: "is not \"type.costKey\" (a type's name, a dot, and one of \(CostPhase.allCases.map(\.key).joined(separator: ", ")))",
        accepts: { key in
            guard (3...200).contains(key.unicodeScalars.count), let dot = key.lastIndex(of: "."), dot > key.startIndex else { return false }
            let phase = key[key.index(after: dot)...]
            return CostPhase.allCases.contains { $0.key == phase }
        }
    )

    static let calibrationSource = ObjectDeclaration<CostCalibration.Source>(
        "calibrationSource", "One measurement file a calibration read.",
        defaults: CostCalibration.Source(file: "", sha256: "", format: .csv),
        keys: [
            .string("file", \.file, rule: textRule, presence: .required, "the file's name as given to `calibrate`"),
            .string("sha256", \.sha256, rule: sha256Rule, presence: .required, "SHA-256 of the file's bytes, 64 lowercase hexadecimal digits"),
            .choice("format", \.format, presence: .required, "how the file was read: an Instruments export, Chrome/Perfetto trace events, OpenTelemetry OTLP JSON, or CSV"),
            .custom("table", shape: .string(textRule), defaultNote: "none", "which table or events were read (free text)",
                    decode: { json, _, _ in json.stringValue }, store: { $0.table = $1 }),
        ]
    )

    static let calibrationWindow = ObjectDeclaration<CostCalibration.Window>(
        "calibrationWindow", "The part of the traces used, in the traces' seconds.",
        keys: [
            .number("start", \.start, 0...1e9, unit: "s", presence: .required, "seconds"),
            .number("end", \.end, 0...1e9, unit: "s", presence: .required, "seconds, not before `start`"),
        ],
        rules: [
            .check("`end` is not before `start`") { window, input, context in
                if input.clean.contains("start"), input.clean.contains("end"), window.end < window.start {
                    context.problem(input.keyPath("end"), "\(JSONWriter.text(window.end)) is before start \(JSONWriter.text(window.start))")
                }
            },
        ]
    )

    static let calibrationExcluded = ObjectDeclaration<CostCalibration.Excluded>(
        "calibrationExcluded", "Intervals left out of the fit, by reason.", defaults: CostCalibration.Excluded(),
        keys: [
            .integer("outsideWindow", \.outsideWindow, 0...Int(Int32.max) * 1024, "intervals outside the window"),
            .integer("launch", \.launch, 0...Int(Int32.max) * 1024, "intervals before the first scroll"),
            .integer("unmapped", \.unmapped, 0...Int(Int32.max) * 1024, "intervals no `--map` covered"),
        ]
    )

    static let calibration = ObjectDeclaration<CostCalibration>(
        "calibration", "What `scrollsim calibrate` fitted the costs to (provenance).",
        defaults: CostCalibration(scrollsimVersion: "", sources: []),
        keys: [
            .string("scrollsimVersion", \.scrollsimVersion, rule: textRule, presence: .required, "the ScrollSim version that wrote it"),
            .array("sources", \.sources, calibrationSource, initial: CostCalibration.Source(file: "", sha256: "", format: .csv),
                   count: 1...1000, presence: .required, "the measurement files read"),
            .optionalObject("window", \.window, calibrationWindow, initial: CostCalibration.Window(start: 0, end: 0),
                            defaultNote: "all of the traces", "`{\"start\": 1.5, \"end\": 9}`: the part of the traces used, in seconds"),
            .object("excluded", \.excluded, calibrationExcluded, "intervals left out: `outsideWindow`, `launch`, `unmapped`"),
            .map("samples", samples, "samples fitted per `\"type.costKey\"`, e.g. `{\"post.bodyMs\": 812}`",
                 store: { draft, entries in draft.samples = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0.value) }) }),
            .custom("device", shape: .string(textRule), defaultNote: "none", "the device model the trace names, e.g. `\"iPhone16,1\"`",
                    decode: { json, _, _ in json.stringValue }, store: { $0.device = $1 }),
            .custom("os", shape: .string(textRule), defaultNote: "none", "the OS the trace names, e.g. `\"iOS 18.1\"`",
                    decode: { json, _, _ in json.stringValue }, store: { $0.os = $1 }),
        ]
    )

    /// `calibration.samples`: how many samples were fitted per `"type.costKey"`.
    static let samples = MapDeclaration<Int>(names: sampleKeyRule, value: .integer(0...Int(Int32.max) * 1024)) { _, json, _, _ in
        json.numberValue.map { Int($0) }
    }
}
