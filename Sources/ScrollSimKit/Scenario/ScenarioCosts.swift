import ScrollSimEngine

/// `costs`: where a scenario's costs come from — the device they were measured on, and, for a
/// scenario written by `scrollsim calibrate`, the measurements they were fitted to.
///
/// `measuredOn` is interpreted: with `device.profile` it scales main-thread costs by the CPU
/// ratio (`ScenarioDecoder`). `calibration` is provenance only: validated, carried, never read
/// by the engine; it is part of the content hash, so a recalibration is a content change.
public struct ScenarioCosts: Equatable, Sendable {
    /// The device profile the costs were measured on.
    public var measuredOn: DeviceProfile?
    public var calibration: CostCalibration?

    public init(measuredOn: DeviceProfile? = nil, calibration: CostCalibration? = nil) {
        self.measuredOn = measuredOn
        self.calibration = calibration
    }
}

/// What `scrollsim calibrate` fitted a scenario's costs to (`costs.calibration`).
public struct CostCalibration: Equatable, Sendable {
    /// The ScrollSim version that wrote it.
    public var scrollsimVersion: String
    /// The measurement files read, in the order given.
    public var sources: [Source]
    /// The part of the traces used, in the traces' seconds (nil: all of it).
    public var window: Window?
    public var excluded: Excluded
    /// Samples fitted per `"type.costKey"` (`"post.bodyMs"`).
    public var samples: [String: Int]
    /// The device model identifier the trace names (`"iPhone16,1"`), if it does.
    public var device: String?
    /// The OS the trace names (`"iOS 18.1"`), if it does.
    public var os: String?

    public init(scrollsimVersion: String, sources: [Source], window: Window? = nil, excluded: Excluded = Excluded(),
                samples: [String: Int] = [:], device: String? = nil, os: String? = nil) {
        self.scrollsimVersion = scrollsimVersion
        self.sources = sources
        self.window = window
        self.excluded = excluded
        self.samples = samples
        self.device = device
        self.os = os
    }

    /// One measurement file.
    public struct Source: Equatable, Sendable {
        /// The file's name as given to `calibrate`.
        public var file: String
        /// SHA-256 of the file's bytes, 64 lowercase hex digits.
        public var sha256: String
        public var format: TraceFormat
        /// Which table or events were read (free text), if the format has several.
        public var table: String?

        public init(file: String, sha256: String, format: TraceFormat, table: String? = nil) {
            self.file = file
            self.sha256 = sha256
            self.format = format
            self.table = table
        }
    }

    /// Seconds in the trace's own time.
    public struct Window: Equatable, Sendable {
        public var start: Double
        public var end: Double

        public init(start: Double, end: Double) {
            self.start = start
            self.end = end
        }
    }

    /// Intervals left out of the fit, by reason.
    public struct Excluded: Equatable, Sendable {
        public var outsideWindow: Int
        public var launch: Int
        public var unmapped: Int

        public init(outsideWindow: Int = 0, launch: Int = 0, unmapped: Int = 0) {
            self.outsideWindow = outsideWindow
            self.launch = launch
            self.unmapped = unmapped
        }
    }
}
