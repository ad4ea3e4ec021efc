import Foundation
import ScrollSimEngine
import ScrollSimKit
import ScrollSimPresentation

/// One generated scenario through every path a user's scenario takes: decoded (a refusal must
/// be messages with places), played, its report written and read back strictly, compared with
/// itself (`compare`'s text, Markdown, JSON and JUnit) and with the previous scenario's report
/// as `scrollsim ab` compares two variants, rendered as the `report` command's HTML pages and as
/// a trace, and checked against `ReportInvariants`.
///
/// The property tests run it over thousands of seeds and the `generated` fuzz target over
/// libFuzzer's inputs. A trap anywhere is a defect; so is any message in `problems`.
public struct PropertyCheck {
    /// What became of one scenario.
    public enum Outcome: Equatable, Sendable {
        /// The decoder refused it (with these messages).
        case refused([String])
        /// It played; `problems` lists what broke (empty: every property held).
        case played(problems: [String])
    }

    public let label: String
    public let text: String

    /// The report of the last scenario that played, compared with the next as `ab` would.
    public var previous: Report?

    /// The scenario's data file, if it has one (`ScenarioGenerator.files(seed:)`), read from
    /// memory by the decoder.
    public var dataFile: (path: String, bytes: [UInt8])?

    public init(label: String, text: String, dataFile: (path: String, bytes: [UInt8])? = nil, previous: Report? = nil) {
        self.label = label
        self.text = text
        self.dataFile = dataFile
        self.previous = previous
    }

    /// Decodes, plays and checks the scenario; keeps its report for the next `ab` comparison.
    /// - Parameter thorough: also every other rendering of the comparisons (Markdown, JSON,
    ///   JUnit) and the trace; without it, compare's and ab's text and the HTML pages (the
    ///   property test takes every eighth scenario thoroughly, to keep 10,000 within minutes).
    public mutating func run(limits: ScenarioLimits = .standard, thorough: Bool = true) -> Outcome {
        let dataFile = dataFile
        let decoder = ScenarioDecoder(file: "\(label).json", limits: limits) { path, _ in
            guard let dataFile, dataFile.path == path else { throw ScrollSimError.unreadable("the generated scenario has no data file \(path)") }
            return dataFile.bytes
        }
        let scenario: Scenario
        do {
            scenario = try decoder.decode(bytes: Array(text.utf8))
        } catch let error as ScrollSimError {
            let messages = error.problems.map(\.message)
            if messages.isEmpty || messages.contains(where: \.isEmpty) { return .played(problems: ["the decoder refused with an empty message"]) }
            return .refused(messages)
        } catch {
            return .played(problems: ["the decoder threw \(error), not a ScrollSimError"])
        }
        let written = JSONWriter().string(ReportBuilder.build(scenario: scenario, result: scenario.run(), harness: nil))
        let report: Report
        do {
            report = try Report(path: "\(label).report.json", root: JSONParser.parse(Array(written.utf8))).checked()
            let frames = try report.frames()
            _ = try report.events(frameCount: frames.count)
        } catch {
            return .played(problems: ["its report does not read back: \(error)"])
        }
        var problems = ReportInvariants.violations(of: report, scenario: scenario)
        problems += readers(report, thorough: thorough)
        previous = report
        return .played(problems: problems)
    }

    /// `compare`, `ab`, `report` (HTML) and the trace on the report; what they refused.
    func readers(_ report: Report, thorough: Bool) -> [String] {
        var problems: [String] = []
        let side = ReportSet.Side(paths: [report.path], reports: [report], isSingleFile: true)
        let itself = Comparison(baseline: side, current: side, thresholds: .standard, options: .init(failOn: .error))
        _ = itself.text(colored: false, all: true)
        if thorough {
            _ = itself.markdown()
            _ = itself.junit()
            if (try? JSONParser.parse(Array(itself.jsonText().utf8))) == nil { problems.append("compare: comparison.json is not JSON") }
        }
        let baseline = previous ?? report
        let ab = Comparison(baseline: baseline, current: report, thresholds: .standard, options: .init(failOn: .error),
                            baselineLabel: "A \(baseline.path)", currentLabel: "B \(report.path)")
        _ = ab.text(colored: false, all: true)
        if thorough { _ = ab.markdown() }
        do {
            let pages = try HTMLSite.pages(reports: [report], comparison: ab, baselines: [baseline])
            if pages.isEmpty { problems.append("report: no HTML pages") }
        } catch {
            problems.append("report: the HTML pages refused the report: \(error)")
        }
        guard thorough else { return problems }
        do {
            _ = try TraceWriter.trace(report)
        } catch {
            problems.append("trace: refused the report: \(error)")
        }
        return problems
    }
}
