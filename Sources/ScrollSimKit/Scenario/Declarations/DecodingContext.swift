/// What decoding one file through declarations (`ObjectDeclaration`) gathers as it goes: every
/// problem (up to a limit), the warnings, and what later keys of a scenario need from earlier
/// ones (the elements' count and ids, for the script's `id`s). Scenario files, thresholds files
/// (`ThresholdsKeys`) and sweep files (`SweepKeys`) are all read with one.
///
/// Decoding never stops at the first problem: a bad value is reported and the key keeps its
/// default, so the rest of the file is still checked and a file with three mistakes gets three
/// messages. A check that needs a value that was itself wrong is skipped rather than reported
/// again (an `id` is not checked against a `count` that was invalid).
package final class DecodingContext {
    let file: String
    let limits: ScenarioLimits
    /// Reads a data file named by the scenario (`content.data`), relative to the scenario.
    let readData: (String, Int) throws -> [UInt8]

    private(set) var problems: [ScrollSimError.Problem] = []
    /// Every problem found, including those past `maximumProblems` that were not kept.
    private(set) var problemCount = 0
    var warnings: [ScenarioWarning] = []

    /// Set once `content` decoded without problems: the element count and a data file's ids.
    var elementCount: Int?
    var elementIDs: [String]?
    /// Elements added by the script's `append` events decoded so far.
    var appendedElements = 0
    /// The data file's bytes, for the content hash.
    var dataBytes: [UInt8] = []
    /// Every data file read, for the report's `scenario.source` (`ScenarioSource`).
    var dataFiles: [ScenarioSource.DataFile] = []
    /// Data files a batch of scenarios has already parsed (`DataFileTables`); nil: parse each.
    var dataTables: DataFileTables?

    /// The most problems kept for one file; the rest are counted.
    static let maximumProblems = 20

    init(file: String, limits: ScenarioLimits, readData: @escaping (String, Int) throws -> [UInt8]) {
        self.file = file
        self.limits = limits
        self.readData = readData
    }

    /// A context for a file that names no data files (a thresholds or sweep file).
    convenience init(file: String) {
        self.init(file: file, limits: .standard) { path, _ in
            throw ScrollSimError(file: path, message: "this file cannot name data files")
        }
    }

    /// Every problem found as one error (the first `maximumProblems`, then a line counting
    /// the rest), or nil when there was none.
    var error: ScrollSimError? {
        guard problemCount > 0 else { return nil }
        var kept = problems
        let more = problemCount - kept.count
        if more > 0 {
            kept.append(ScrollSimError.Problem(file: file, location: .whole, message: "\(more) more problem\(more == 1 ? "" : "s") not shown (the first \(kept.count) are above)"))
        }
        return ScrollSimError(problems: kept)
    }

    /// Runs a parser that throws its problems bare (`Threshold.Limit(parsing:)`, `JSONKeyPath`)
    /// and places each at `keyPath` of this file; nil when it threw.
    func attempt<T>(_ keyPath: String, _ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch let error as ScrollSimError {
            for problem in error.placed(in: .file(file), at: .keyPath(keyPath)).problems { self.problem(problem) }
        } catch {
            problem(keyPath, "\(error)")
        }
        return nil
    }

    func problem(_ keyPath: String, _ message: String) {
        problemCount += 1
        if problems.count < DecodingContext.maximumProblems {
            problems.append(ScrollSimError.Problem(file: file, location: .keyPath(keyPath), message: message))
        }
    }

    func problem(_ problem: ScrollSimError.Problem) {
        problemCount += 1
        if problems.count < DecodingContext.maximumProblems { problems.append(problem) }
    }

    func warn(_ keyPath: String, _ message: String) {
        warnings.append(ScenarioWarning(file: file, keyPath: keyPath, message: message))
    }

    /// `path.key`, or `key` at the top level.
    package static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// Runs `body` and says whether it reported no problem.
    func clean(_ body: () -> Void) -> Bool {
        let before = problemCount
        body()
        return problemCount == before
    }
}
