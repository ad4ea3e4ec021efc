import Foundation
import Testing
@testable import ScrollSimKit

/// The figures of the shipped-scenarios table (ShippedScenarios.md) are the baseline's, not
/// typed: every "metric A → B" (or "A vs B") in a row's metric column is the metric of the row's
/// first anti-pattern scenario and first fix in `Reports/baseline`, at the decimals and unit it
/// is written with. `SCROLLSIM_WRITE_REFERENCE=1 swift test --filter ShippedScenariosFiguresTests`
/// rewrites them from the baseline (after a baseline refresh); otherwise a figure the baseline
/// no longer gives fails, naming the row, the metric and both values. Figures in prose that do
/// not follow a metric's path (ensemble means, counts in parentheses) are not checked.
@Suite struct ShippedScenariosFiguresTests {
    static let article = ReportFixtures.packageRoot.appendingPathComponent("Sources/ScrollSimKit/ScrollSimKit.docc/ShippedScenarios.md").path
    static let baseline = ReportFixtures.packageRoot.appendingPathComponent("Reports/baseline")

    /// "metric A[ unit] → B[ unit]": the metric's path, the two numbers and their units.
    static let figure = try! NSRegularExpression(
        pattern: #"(?<![\w.])([a-zA-Z][\w.]*) ((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)(?: ([KMG]iB|ms))? (→|vs) ((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)(?: ([KMG]iB|ms))?(?!\d|,\d)"#)

    /// One figure of the table, where it is in its line.
    struct Figure {
        var metric: Metric
        var worse: String, better: String
        /// The typed text of each number, its unit ("" for none) and its range in the line.
        var numbers: [(text: String, unit: String, range: Range<String.Index>)]
    }

    /// The value in `unit` ("KiB", "MiB", "GiB", "ms" or ""), written with `decimals` digits
    /// after the point, with thousands separators when `grouped`.
    static func written(_ value: Double, unit: String, decimals: Int, grouped: Bool) -> String {
        let scale: Double = ["KiB": 1024, "MiB": 1_048_576, "GiB": 1_073_741_824][unit] ?? 1
        let text = DisplayFormat.fixed(value / scale, decimals)
        return grouped ? text : text.replacingOccurrences(of: ",", with: "")
    }

    /// The figures of the table's rows, with the line each is in.
    static func figures(in text: String) -> [(line: Int, figure: Figure)] {
        var out: [(Int, Figure)] = []
        let lines = text.components(separatedBy: "\n")
        guard let header = lines.firstIndex(where: { $0.hasPrefix("| behaviour | anti-pattern → fix | metric |") }) else { return [] }
        for k in (header + 2)..<lines.count {
            let line = lines[k]
            guard line.hasPrefix("| ") else { break }
            let cells = line.components(separatedBy: " | ")
            guard cells.count >= 3 else { continue }
            let sides = cells[1].contains(" → ") ? cells[1].components(separatedBy: " → ") : cells[1].components(separatedBy: " vs ")
            guard sides.count == 2 else { continue }
            func names(_ side: String) -> [String] { side.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element) }
            guard let worse = names(sides[0]).first, let better = names(sides[1]).first else { continue }
            let column = cells[2...].joined(separator: " | ")
            let offset = line.distance(from: line.startIndex, to: line.range(of: column)!.lowerBound)
            let ns = column as NSString
            for match in figure.matches(in: column, range: NSRange(location: 0, length: ns.length)) {
                guard let metric = Metric(rawValue: ns.substring(with: match.range(at: 1))) else { continue }
                func part(_ i: Int) -> (String, Range<String.Index>)? {
                    guard let r = Range(match.range(at: i), in: column) else { return nil }
                    let start = line.index(line.startIndex, offsetBy: offset + column.distance(from: column.startIndex, to: r.lowerBound))
                    let end = line.index(start, offsetBy: column.distance(from: r.lowerBound, to: r.upperBound))
                    return (String(column[r]), start..<end)
                }
                guard let a = part(2), let b = part(5) else { continue }
                let unitB = part(6)?.0 ?? ""
                let unitA = part(3)?.0 ?? unitB
                out.append((k, Figure(metric: metric, worse: worse, better: better,
                                      numbers: [(a.0, unitA, a.1), (b.0, unitB, b.1)])))
            }
        }
        return out
    }

    @Test func theTablesFiguresAreTheBaselines() throws {
        var text = try String(contentsOfFile: Self.article, encoding: .utf8)
        let found = Self.figures(in: text)
        #expect(found.count >= 40, "the table's figures were not found (\(found.count))")
        var lines = text.components(separatedBy: "\n")
        var problems: [String] = []
        // Right to left, so that rewriting a number leaves the ranges before it valid.
        for (line, figure) in found.reversed() {
            for (i, number) in figure.numbers.enumerated().reversed() {
                let scenario = i == 0 ? figure.worse : figure.better
                let report = try Report.load(path: Self.baseline.appendingPathComponent("\(scenario).json").path)
                let value = try #require(report[figure.metric], "\(scenario): no \(figure.metric.path)")
                let decimals = number.text.split(separator: ".").dropFirst().first?.count ?? 0
                let expected = Self.written(value, unit: number.unit, decimals: decimals, grouped: number.text.contains(","))
                guard expected != number.text else { continue }
                problems.append("line \(line + 1): \(figure.metric.path) of \(scenario) is written \(number.text) \(number.unit), the baseline gives \(expected) \(number.unit)")
                lines[line].replaceSubrange(number.range, with: expected)
            }
        }
        if ProcessInfo.processInfo.environment["SCROLLSIM_WRITE_REFERENCE"] == "1" {
            text = lines.joined(separator: "\n")
            try text.write(toFile: Self.article, atomically: true, encoding: .utf8)
            return
        }
        #expect(problems.isEmpty, "\(problems.count) figure(s) of ShippedScenarios.md are not the baseline's; rewrite them with SCROLLSIM_WRITE_REFERENCE=1 swift test --filter ShippedScenariosFiguresTests:\n\(problems.reversed().joined(separator: "\n"))")
    }

    /// The reading of a row: "peakMemoryBytes 623.6 → 33.6 MiB" is two figures in MiB, the
    /// first of the anti-pattern, the second of the fix; a name that is not a metric's path is
    /// prose, not a figure.
    @Test func aRowIsReadAsTheTableWritesIt() {
        let text = """
        | behaviour | anti-pattern → fix | metric |
        |---|---|---|
        | x | `a` → `b`, `c` | peakMemoryBytes 623.6 → 33.6 MiB, launch.workMs 4,001 vs 34.3, 35 (frame 5 → 4999) |
        """
        let found = Self.figures(in: text).map(\.figure)
        #expect(found.map(\.metric) == [.peakMemoryBytes, .launchWorkMs])
        #expect(found.first?.worse == "a" && found.first?.better == "b")
        #expect(found.first?.numbers.map(\.text) == ["623.6", "33.6"])
        #expect(found.first?.numbers.map(\.unit) == ["MiB", "MiB"])
        #expect(found.last?.numbers.map(\.text) == ["4,001", "34.3"])
        #expect(Self.written(33_920_000, unit: "MiB", decimals: 1, grouped: false) == "32.3")
        #expect(Self.written(4001.2, unit: "", decimals: 0, grouped: true) == "4,001")
    }
}
