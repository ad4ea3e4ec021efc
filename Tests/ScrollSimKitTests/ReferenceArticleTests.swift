import Foundation
import ScrollSimEngine
@testable import ScrollSimKit
@testable import ScrollSimPresentation
import Testing

/// The reference articles in `Sources/ScrollSimKit/ScrollSimKit.docc/` against the schema they
/// describe: the metric, frame-column and event-kind tables and the budget lists are
/// generated from the catalog, and a test fails when an article and the catalog disagree.
///
/// The scenario reference's key tables are generated from the key declarations
/// (`ScenarioReferenceTables`) and its limits table from `ScenarioLimits`.
///
/// To regenerate the marked sections (and the JSON Schema) after changing the catalog or a key:
/// `SCROLLSIM_WRITE_REFERENCE=1 swift test --filter "ReferenceArticleTests|ScenarioSchemaTests"`.
@Suite struct ReferenceArticleTests {
    static let catalog = ReportFixtures.packageRoot.appendingPathComponent("Sources/ScrollSimKit/ScrollSimKit.docc")
    static let reportReference = catalog.appendingPathComponent("ReportReference.md").path
    static let scenarioReference = catalog.appendingPathComponent("ScenarioReference.md").path
    static let readme = ReportFixtures.packageRoot.appendingPathComponent("README.md").path

    // MARK: the generated sections

    static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }

    static var metricTable: String {
        var lines = ["| metric | unit | better | budget | meaning |", "|---|---|---|---|---|"]
        for metric in Metric.allCases {
            let unit = metric.kind.unit.isEmpty ? metric.kind.rawValue : metric.kind.unit
            let better: String
            switch metric.polarity {
            case .lowerIsBetter: better = "lower"
            case .higherIsBetter: better = "higher"
            case .neutral: better = "neutral"
            }
            let budget: String
            switch metric.definition.budget {
            case .none: budget = "—"
            case .byPath: budget = "yes"
            case .byPathFormerly(let name, _): budget = "yes (formerly `\(name)`)"
            }
            lines.append("| `\(metric.path)` | \(unit) | \(better) | \(budget) | \(cell(metric.meaning)) |")
        }
        return lines.joined(separator: "\n")
    }

    static var frameColumnTable: String {
        var lines = ["| column | unit | required | meaning |", "|---|---|---|---|"]
        for column in FrameColumn.allCases {
            let d = column.definition
            lines.append("| `\(column.key)` | \(d.unit.isEmpty ? "—" : d.unit) | \(d.required ? "yes" : "no") | \(cell(d.meaning)) |")
        }
        for phase in PhaseWork.Phase.allCases {
            lines.append("| `phaseMs.\(phase.name)` | ms | no | \(cell(FrameColumn.meaning(of: phase))) |")
        }
        return lines.joined(separator: "\n")
    }

    static var eventKindTable: String {
        var lines = ["| kind | meaning |", "|---|---|"]
        for kind in SimulationEvent.Kind.allCases {
            lines.append("| `\(kind.name)` | \(cell(kind.meaning)) |")
        }
        return lines.joined(separator: "\n")
    }

    static var budgetKeys: String {
        let list = Budget.keys.map { "`\($0)`" }.joined(separator: ", ") + "."
        // Wrapped at 96 columns, as the articles are.
        var lines: [String] = []
        var line = ""
        for word in list.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > 96 {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    static var formerBudgetNames: String {
        var lines = ["| former name | write instead |", "|---|---|"]
        for former in Budget.formerNames {
            var instead = "`\(former.metric.path)`"
            if former.scale != 1 {
                instead += " (a plain number under the former name is MiB; under the new one, bytes)"
            }
            lines.append("| `\(former.name)` | \(instead) |")
        }
        return lines.joined(separator: "\n")
    }

    /// The lines between `<!-- NAME: … -->` and `<!-- end NAME -->` in `file`.
    static func section(_ name: String, in text: String) -> (range: Range<String.Index>, body: String)? {
        guard let open = text.range(of: "<!-- \(name):"),
              let openEnd = text.range(of: "-->\n", range: open.upperBound..<text.endIndex),
              let close = text.range(of: "<!-- end \(name) -->", range: openEnd.upperBound..<text.endIndex) else { return nil }
        let range = openEnd.upperBound..<close.lowerBound
        return (range, String(text[range]).trimmingCharacters(in: .newlines))
    }

    /// Checks (or, with SCROLLSIM_WRITE_REFERENCE=1, rewrites) a generated section.
    func check(_ name: String, in file: String, equals expected: String) throws {
        var text = try String(contentsOfFile: file, encoding: .utf8)
        let found = try #require(Self.section(name, in: text), "\(file) has no <!-- \(name): … --> … <!-- end \(name) --> section")
        if ProcessInfo.processInfo.environment["SCROLLSIM_WRITE_REFERENCE"] == "1" {
            text.replaceSubrange(found.range, with: expected + "\n")
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            return
        }
        #expect(found.body == expected, """
            \(file): the \(name) section disagrees with the catalog; regenerate it with \
            SCROLLSIM_WRITE_REFERENCE=1 swift test --filter ReferenceArticleTests, or paste:
            \(expected)
            """)
    }

    @Test func metricTableIsTheCatalog() throws {
        try check("metrics", in: Self.reportReference, equals: Self.metricTable)
    }

    @Test func frameColumnTableIsTheSchema() throws {
        try check("frame-columns", in: Self.reportReference, equals: Self.frameColumnTable)
    }

    @Test func eventKindTableListsEveryKind() throws {
        try check("event-kinds", in: Self.reportReference, equals: Self.eventKindTable)
    }

    /// The scenario reference's key tables are what the key declarations generate
    /// (`ScenarioReferenceTables`), and its limits table is `ScenarioLimits.all`.
    @Test func keyTablesAreTheDeclarations() throws {
        for (name, table) in ScenarioReferenceTables.sections {
            try check(name, in: Self.scenarioReference, equals: table)
        }
        try check("limits", in: Self.scenarioReference, equals: Self.limitsTable)
    }

    static var limitsTable: String {
        var lines = ["| limit | default | ceiling | what it bounds |", "|---|---:|---:|---|"]
        for limit in ScenarioLimits.all {
            lines.append("| `\(limit.name)` | \(ScenarioLimits.grouped(limit.standard)) \(limit.unit) | \(ScenarioLimits.grouped(limit.ceiling)) | \(cell(limit.meaning)) |")
        }
        return lines.joined(separator: "\n")
    }

    @Test func budgetListsAreTheCatalogs() throws {
        try check("budget-keys", in: Self.scenarioReference, equals: Self.budgetKeys)
        try check("former-budget-names", in: Self.scenarioReference, equals: Self.formerBudgetNames)
    }

    // MARK: what the report builder writes is documented

    /// Every key the builder writes in `scenario` and `events`, and every top-level section,
    /// is named in the report reference's sections table.
    @Test func everyWrittenKeyIsDocumented() throws {
        let text = try String(contentsOfFile: Self.reportReference, encoding: .utf8)
        let root = try CompareFixtures.origamiLazy.root
        func row(_ section: String) throws -> String {
            try #require(text.split(separator: "\n").first { $0.hasPrefix("| `\(section)` |") }.map(String.init), "no row for \(section)")
        }
        for section in try #require(root.objectValue).keys.sorted() + ["harness"] {
            _ = try row(section)
        }
        for key in try #require(root["scenario"]?.objectValue).keys.sorted() {
            #expect(try row("scenario").contains("`\(key)`"), "scenario.\(key) is not documented")
        }
        for key in try #require(root["events"]?.objectValue).keys.sorted() {
            #expect(try row("events").contains("`\(key)`"), "events.\(key) is not documented")
        }
    }

    // MARK: the scenario reference's defaults are the engine's

    /// The default column of a row of a generated key table (`| key | value | default | meaning |`).
    func documentedDefault(_ key: String, under heading: String) throws -> String {
        let text = try String(contentsOfFile: Self.scenarioReference, encoding: .utf8)
        let start = try #require(text.range(of: "\n\(heading)\n"), "no heading \(heading)")
        let rest = text[start.upperBound...]
        let end = rest.range(of: "\n#")?.lowerBound ?? rest.endIndex
        let line = try #require(rest[..<end].split(separator: "\n").first { $0.hasPrefix("| `\(key)` |") }, "no row \(key) under \(heading)")
        return line.split(separator: "|", omittingEmptySubsequences: false)[3].trimmingCharacters(in: .whitespaces)
    }

    static func code(_ value: Double) -> String { "`\(JSONWriter.text(value))`" }

    /// The article shows the engine's defaults (read from the configuration types here, not
    /// from the declarations that generated the tables).
    @Test func documentedDefaultsAreTheEngines() throws {
        let device = DeviceConfig()
        let stack = StackConfig()
        let costs = ViewTypeSpec.Costs()
        let memory = ViewTypeSpec.Memory()
        let types = "### View types (`content.types[i]`, `sections.header`, nested `row.types[i]`)"
        let rows: [(String, String, String)] = [
            ("## Top level", "seed", Self.code(Double(SimulationConfig.defaultSeed))),
            ("## `device`", "refreshRate", Self.code(device.refreshRate)),
            ("## `device`", "viewport", "`{\"height\": \(JSONWriter.text(device.viewport.height)), \"width\": \(JSONWriter.text(device.viewport.width))}`"),
            ("## `device`", "frameOverheadMs", Self.code(device.frameOverheadMs)),
            ("## `device`", "inputMs", Self.code(device.inputMs)),
            ("## `stack`", "kind", "`\"\(stack.kind.rawValue)\"`"),
            ("## `stack`", "spacing", Self.code(stack.spacing)),
            ("## `stack`", "pinnedHeaders", "`\(stack.pinnedHeaders)`"),
            ("## `stack`", "initialEstimate", Self.code(stack.initialEstimate)),
            ("## `stack`", "prefetch.enabled", "`\(stack.prefetch.enabled)`"),
            ("## `stack`", "prefetch.distance", Self.code(stack.prefetch.distance)),
            ("## `stack`", "prefetch.policy", "`\"\(stack.prefetch.policy.rawValue)\"`"),
            ("## `stack`", "prefetch.marginMs", Self.code(stack.prefetch.marginMs)),
            ("## `stack`", "keepAlive.maxViews", Self.code(Double(stack.keepAlive.maxViews))),
            (types, "weight", Self.code(ViewTypeSpec.defaultWeight)),
            (types, "children", Self.code(Double(ViewTypeSpec.defaultChildren.count))),
            (types, "initMs", Self.code(costs.initMs)),
            (types, "bodyMs", Self.code(costs.bodyMs)),
            (types, "layoutMs", Self.code(costs.layoutMs)),
            (types, "renderMs", Self.code(costs.renderMs)),
            (types, "appearMs", Self.code(costs.appearMs)),
            (types, "jitter", Self.code(costs.jitter)),
            (types, "memory.view", Self.code(Double(memory.view))),
            (types, "memory.state", Self.code(Double(memory.state))),
            (types, "memory.content", Self.code(Double(memory.content))),
            (types, "memory.data", Self.code(Double(memory.data))),
            (types, "configure", "`\"\(ViewTypeSpec.defaultConfigure.rawValue)\"`"),
            (types, "unconfiguredHeight", Self.code(ViewTypeSpec.defaultUnconfiguredHeight)),
            (types, "stateLocation", "`\"\(ViewTypeSpec.defaultStateLocation.rawValue)\"`"),
        ]
        for (heading, key, expected) in rows {
            #expect(try documentedDefault(key, under: heading) == expected, "\(heading) \(key)")
        }
        guard case .milliseconds(let keepAlive) = stack.keepAlive.duration else {
            Issue.record("the default keep-alive is no longer in milliseconds; update the scenario reference")
            return
        }
        #expect(try documentedDefault("keepAlive.ms", under: "## `stack`") == Self.code(keepAlive))
    }

    // MARK: the README points at the articles, and its threshold table at the right kinds

    @Test func readmeLinksToTheArticles() throws {
        let readme = try String(contentsOfFile: Self.readme, encoding: .utf8)
        for article in ["ScrollSimKit.md", "ScenarioReference.md", "ReportReference.md", "Cookbook.md", "CommandLine.md", "ChartsAndTraces.md", "ContinuousIntegration.md", "UseFromSwift.md", "ShippedScenarios.md", "Benchmarks.md", "CodeLayout.md", "OutputSafety.md", "CalibrateFromInstruments.md", "ReadingTraces.md", "HowSureIsThis.md", "Install.md"] {
            #expect(readme.contains("(Sources/ScrollSimKit/ScrollSimKit.docc/\(article)"), "README does not link \(article)")
            #expect(FileManager.default.fileExists(atPath: Self.catalog.appendingPathComponent(article).path))
        }
        // Nothing points at documents a user of this repository cannot see.
        #expect(!readme.contains("DESIGN"), "README mentions DESIGN")
        for phrase in ["seed document", "seed claim"] {
            #expect(!readme.lowercased().contains(phrase), "README mentions \(phrase)")
        }
        // A front page, not a manual: everything else is in the catalogs it links.
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 300, "README.md has \(lines) lines; move detail into a DocC article")
    }

    /// The "Use from Swift" article's examples are the ones CompareReadmeExampleTests compiles
    /// and runs: every line of each example is in that file.
    @Test func useFromSwiftExamplesAreTheTestedOnes() throws {
        let readme = try String(contentsOfFile: Self.catalog.appendingPathComponent("UseFromSwift.md").path, encoding: .utf8)
        let tested = try String(contentsOfFile: ReportFixtures.packageRoot.appendingPathComponent("Tests/ScrollSimKitTests/CompareReadmeExampleTests.swift").path, encoding: .utf8)
        let testedLines = Set(tested.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        let start = try #require(readme.range(of: "# Use from Swift"))
        let blocks = readme[start.upperBound...].components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
        let examples = blocks.filter { $0.contains("@Test") || $0.contains("XCTestCase") }
        #expect(examples.count == 2)
        for example in examples {
            for line in example.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) where !line.isEmpty {
                #expect(testedLines.contains(line), "UseFromSwift.md line not in CompareReadmeExampleTests.swift: \(line)")
            }
        }
    }

    /// The README's table of the standard preset lists metrics by kind: each must be of it.
    /// The cookbook's table of the standard preset names each metric under its family.
    @Test func cookbookThresholdTableNamesMetricsOfTheRightFamily() throws {
        let cookbook = try String(contentsOfFile: ReportFixtures.packageRoot.appendingPathComponent("Sources/ScrollSimKit/ScrollSimKit.docc/Cookbook.md").path, encoding: .utf8)
        let families: [(String, Metric.ThresholdFamily)] = [("Frame work:", .frameWork), ("`hitchRatio`", .hitch), ("Defect counts:", .defectCount), ("Work counts:", .workCount)]
        var checked = 0
        for line in cookbook.split(separator: "\n") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 3, let family = families.first(where: { cells[1].hasPrefix($0.0) })?.1 else { continue }
            for name in cells[1].components(separatedBy: "`").enumerated().filter({ $0.offset % 2 == 1 }).map(\.element) {
                if name.hasSuffix("*") {
                    let prefix = String(name.dropLast())
                    #expect(Metric.allCases.filter { $0.path.hasPrefix(prefix) }.allSatisfy { $0.thresholdFamily == family }, "\(name) under \(family)")
                } else {
                    #expect(Metric(rawValue: name)?.thresholdFamily == family, "\(name) is listed under \(family)")
                }
                checked += 1
            }
        }
        #expect(checked >= 25, "the cookbook's threshold table was not found")
        // Every defect and work count is in the table.
        let listed = cookbook.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        for metric in Metric.allCases where [.defectCount, .workCount].contains(metric.thresholdFamily) {
            #expect(listed.contains(metric.path), "\(metric.path) is not in the cookbook's threshold table")
        }
    }
}
