import ScrollSimEngine

/// Turns a scenario file into a validated `Scenario` (the scenario reference article lists
/// every key). Every problem in the file is reported at once, each naming the file and its key
/// path (or line and column for JSON syntax); unknown keys are errors.
///
/// The keys are not written here but declared once in `ScenarioKeys`, which this decoder, the
/// JSON Schema (`ScenarioSchema`) and the reference's tables all read. Defaults come from the
/// engine's configuration types (`DeviceConfig()`, `StackConfig()`, `ViewTypeSpec`'s), and a
/// choice's spellings are the raw values of the engine enum's cases, so a scenario and a
/// configuration built in code cannot drift apart. The limits (`ScenarioLimits`) are checked
/// here too, before any work: a scenario that decodes runs.
///
/// Reading data files (`content.data`) is delegated to a closure so this type stays free of I/O.
public struct ScenarioDecoder {
    public let file: String
    public var limits: ScenarioLimits
    /// Reads a data file named by the scenario, relative to the scenario's directory, refusing
    /// one larger than the byte limit given.
    public var readData: (String, Int) throws -> [UInt8]
    /// Data files already parsed while loading the same batch of scenarios, shared so that a
    /// file several scenarios name is parsed once; nil parses every one.
    package var dataTables: DataFileTables?

    public static let supportedSchema = 1

    public init(file: String, limits: ScenarioLimits = .standard, readData: @escaping (String, Int) throws -> [UInt8]) {
        self.file = file
        self.limits = limits
        self.readData = readData
    }

    /// Parses (strict JSON) and decodes scenario text.
    /// - Throws: `ScrollSimError` with every problem: syntax (line:column; then nothing else is
    ///   checked), repeated keys (line:column), then every key's problems by key path.
    public func decode(bytes: [UInt8]) throws -> Scenario {
        let parsed: JSONParser.Result
        do {
            parsed = try JSONParser.parseAllowingDuplicates(bytes)
        } catch let error as ScrollSimError {
            throw error.placed(in: .file(file))
        }
        let duplicates = ScrollSimError(problems: parsed.duplicates).placed(in: .file(file)).problems
        return try decode(parsed.value, earlier: duplicates)
    }

    /// Decodes a parsed scenario.
    /// - Throws: `ScrollSimError` with every problem found (the first
    ///   `DecodingContext.maximumProblems`, then a count of the rest).
    public func decode(_ root: JSONValue) throws -> Scenario {
        try decode(root, earlier: [])
    }

    func decode(_ root: JSONValue, earlier: [ScrollSimError.Problem]) throws -> Scenario {
        let context = DecodingContext(file: file, limits: limits, readData: readData)
        context.dataTables = dataTables
        for problem in earlier { context.problem(problem) }
        var draft = ScenarioDraft()
        ScenarioKeys.top.decode(root, at: "", into: &draft, context)
        if let error = context.error { throw error }
        let config = ScenarioDecoder.config(draft)
        // Budgets the scenario's own costs rule out (BudgetFeasibility), with the costs it runs.
        let entries = draft.budgets.entries.map { (metric: $0.metric, limit: $0.limit, key: $0.key) }
        for finding in BudgetFeasibility.findings(entries, types: config.content.types) {
            context.warn(DecodingContext.join("budgets", finding.key), finding.message)
        }
        let warnings = context.warnings.filter { warning in
            !draft.silence.contains { ScenarioKeys.silences($0, warning.keyPath) }
        }
        var budgets: [Metric: Budget] = [:]
        for entry in draft.budgets.entries where budgets[entry.metric] == nil {
            budgets[entry.metric] = Budget(metric: entry.metric, limit: entry.limit, over: entry.over)
        }
        var scenario = Scenario(
            file: file, name: draft.name, description: draft.description, config: config,
            budgets: Metric.allCases.compactMap { budgets[$0] }, grading: draft.grading,
            contentHash: ScenarioDecoder.contentHash(root, data: context.dataBytes), elementIDs: context.elementIDs,
            warnings: warnings, source: ScenarioSource.value(root, dataFiles: context.dataFiles), costs: draft.costs
        )
        scenario.expectedOverBudget = ScenarioDecoder.expectedOverBudget(draft)
        scenario.ensemble = ScenarioKeys.plan(draft.ensemble)
        return scenario
    }

    /// The configuration a decoded file describes, as the engine plays it: costs measured on
    /// one device and run on another scaled by the CPU ratio. A recorded scenario
    /// (`RecordedScenario`) is read back through this too, so its facts are the run's.
    static func config(_ draft: ScenarioDraft) -> SimulationConfig {
        var config = SimulationConfig(
            name: draft.name, seed: UInt64(draft.seed), duration: draft.duration, device: draft.device, stack: draft.stack,
            content: draft.content, script: draft.script
        )
        // Costs measured on one device, run on another: main-thread costs scale by the CPU ratio.
        if let measuredOn = draft.costs.measuredOn, let profile = draft.device.profile, measuredOn != profile {
            config = config.scalingMainThreadCosts(by: profile.costScale(measuredOn: measuredOn))
        }
        return config
    }

    /// The budgets a decoded file breaks on purpose: `expectedOver`, when it `expect`s to be
    /// over budget.
    static func expectedOverBudget(_ draft: ScenarioDraft) -> [Metric] {
        draft.expect == .overBudget ? draft.expectedOver : []
    }

    /// Keys that do not change the simulation, left out of the content hash.
    static let unhashedKeys = ["description", "budgets", "grading", "$schema", "silence", "expect", "expectedOver"]

    /// FNV-1a (64-bit) over the canonical JSON of everything but `description`, `budgets`,
    /// `grading`, `$schema`, `silence`, `expect`, `expectedOver` and `ensemble.runs` (`costs`, calibration included, is hashed; a view type's
    /// `{"fixed": x}` cost is hashed as `x`), then the data file's bytes: formatting and
    /// commentary do not change it, any model input does.
    public static func contentHash(_ root: JSONValue, data: [UInt8] = []) -> String {
        var object = ScenarioKeys.canonicalCosts(root).objectValue ?? [:]
        for key in unhashedKeys { object[key] = nil }
        // An ensemble's run count is how many times the list is played, not the list.
        if case .object(var ensemble)? = object["ensemble"] {
            ensemble["runs"] = nil
            object["ensemble"] = ensemble.isEmpty ? nil : .object(ensemble)
        }
        let text = JSONWriter(decimals: 6).string(.object(object))
        let hash = ScenarioSource.fnv1a(text.utf8, from: ScenarioSource.offsetBasis)
        return ScenarioSource.hex(ScenarioSource.fnv1a(data, from: hash))
    }
}
