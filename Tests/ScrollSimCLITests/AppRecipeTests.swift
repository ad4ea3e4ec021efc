import Foundation
import ScrollSimKit
import Testing

/// The CI recipe for an app's repository (ContinuousIntegration.md, linked from the README), run as written on a scratch repository: a
/// package in a temporary directory that depends on this one by path. Its start-up commands and
/// every `swift package` command of the GitHub Actions and GitLab CI recipes run in order (plus
/// the step that publishes the summary); then the committed baseline is edited so that the run
/// looks worse than it, and the comparison must fail.
///
/// The only change to the commands: `--scratch-path` after `swift package`, so the scratch
/// package's build (all of ScrollSim, once more) is kept between runs of this test under this
/// repository's build directory. It takes a few minutes the first time, so the test runs only
/// when `SCROLLSIM_APP_RECIPE_TEST=1`, as `.ci/run` sets it; otherwise it says it was skipped.
@Suite struct AppRecipeTests {
    static let readme = CompareCLI.path("Sources/ScrollSimKit/ScrollSimKit.docc/ContinuousIntegration.md")

    struct RecipeMissing: Error, CustomStringConvertible {
        var description: String
    }

    /// The commands of the "In your app's repository" section: the shell block's lines
    /// and the YAML blocks' `run:` and `- swift package` lines, in order.
    static func recipe() throws -> (startUp: [String], github: [String], gitlab: [String]) {
        let text = try String(contentsOfFile: readme, encoding: .utf8)
        guard let start = text.range(of: "## In your app's repository\n"),
              let end = text.range(of: "\n## ", range: start.upperBound..<text.endIndex) else {
            throw RecipeMissing(description: "ContinuousIntegration.md has no section \"In your app's repository\"")
        }
        let section = String(text[start.upperBound..<end.lowerBound])
        var blocks: [(language: String, lines: [String])] = []
        var current: (language: String, lines: [String])?
        for line in section.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                if let block = current {
                    blocks.append(block)
                    current = nil
                } else {
                    current = (String(line.dropFirst(3)), [])
                }
            } else if current != nil {
                current?.lines.append(line)
            }
        }
        let shell = blocks.filter { $0.language == "sh" }.flatMap(\.lines).filter { !$0.isEmpty }
        let yaml = blocks.filter { $0.language == "yaml" }.map { block in
            block.lines.compactMap { line -> String? in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("run: ") { return String(trimmed.dropFirst(5)) }
                if trimmed.hasPrefix("- swift package ") { return String(trimmed.dropFirst(2)) }
                return nil
            }
        }
        guard yaml.count == 2 else { throw RecipeMissing(description: "ContinuousIntegration.md: expected a GitHub and a GitLab YAML block, found \(yaml.count)") }
        return (shell, yaml[0], yaml[1])
    }

    /// Runs `command` with bash in `directory`; returns the status and the combined output.
    static func shell(_ command: String, in directory: URL, environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let log = directory.appendingPathComponent(".recipe-log-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        defer { try? FileManager.default.removeItem(at: log) }
        return (process.terminationStatus, try String(contentsOf: log, encoding: .utf8))
    }

    /// The recipe's commands are what the test runs: the README has them, the start-up makes a
    /// scenario and a baseline, and both CI recipes run and compare.
    @Test func theRecipeHasTheCommandsThisTestRuns() throws {
        let recipe = try Self.recipe()
        #expect(recipe.startUp.count == 2 && recipe.startUp.allSatisfy { $0.hasPrefix("swift package --allow-writing-to-package-directory scrollsim ") })
        #expect(recipe.startUp[0].contains(" init feed Scenarios/feed.json") && recipe.startUp[1].contains(" baseline Scenarios --out Reports/baseline"))
        for steps in [recipe.github, recipe.gitlab] {
            let swift = steps.filter { $0.hasPrefix("swift package ") }
            #expect(swift.count == 2, "\(steps)")
            #expect(swift.first?.contains(" scrollsim run Scenarios --out Reports/latest --html Reports/html") == true)
            #expect(swift.last?.contains(" scrollsim compare Reports/baseline Reports/latest ") == true)
        }
        #expect(recipe.github.contains { $0.contains("GITHUB_STEP_SUMMARY") })
    }

    @Test func theRecipeRunsOnAScratchRepository() throws {
        guard ProcessInfo.processInfo.environment["SCROLLSIM_APP_RECIPE_TEST"] == "1" else {
            print("skipped: the app recipe test builds ScrollSim in a scratch package (minutes); set SCROLLSIM_APP_RECIPE_TEST=1, as .ci/run does")
            return
        }
        let recipe = try Self.recipe()
        let root = CompareCLI.packageRoot
        let scratch = ProcessInfo.processInfo.environment["SCROLLSIM_SCRATCH_PATH"].map { URL(fileURLWithPath: $0).appendingPathComponent("app-recipe") }
            ?? root.appendingPathComponent(".build/app-recipe")
        let app = URL(fileURLWithPath: try CompareCLI.temporaryDirectory("app-recipe"))
        defer { try? FileManager.default.removeItem(at: app) }

        // The app's package: a library target, and ScrollSim as a dependency by path.
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Sources/FeedApp"), withIntermediateDirectories: true)
        try "public struct Feed { public init() {} }\n".write(to: app.appendingPathComponent("Sources/FeedApp/Feed.swift"), atomically: true, encoding: .utf8)
        let manifest = """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "FeedApp",
            platforms: [.macOS(.v13)],
            dependencies: [.package(name: "ScrollSim", path: \(String(reflecting: root.path)))],
            targets: [.target(name: "FeedApp")]
        )

        """
        try manifest.write(to: app.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)

        func run(_ command: String, environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
            let local = command.replacingOccurrences(of: "swift package ", with: "swift package --scratch-path \(String(reflecting: scratch.path)) ")
            return try Self.shell(local, in: app, environment: environment)
        }

        for command in recipe.startUp {
            let result = try run(command)
            #expect(result.status == 0, "\(command):\n\(result.output.suffix(3000))")
        }
        #expect(FileManager.default.fileExists(atPath: app.appendingPathComponent("Reports/baseline/feed.json").path))

        let summary = app.appendingPathComponent("step-summary.md")
        for (name, steps) in [("GitHub Actions", recipe.github), ("GitLab CI", recipe.gitlab)] {
            try? FileManager.default.removeItem(at: app.appendingPathComponent("Reports/latest"))
            for command in steps where !command.hasPrefix("apt-get") {
                let result = try run(command, environment: ["GITHUB_STEP_SUMMARY": summary.path])
                #expect(result.status == 0, "\(name): \(command):\n\(result.output.suffix(3000))")
            }
            for file in ["Reports/latest/feed.json", "Reports/html/index.html", "Reports/html/feed.html",
                         "Reports/latest/compare/summary.md", "Reports/latest/compare/junit.xml", "Reports/latest/compare/comparison.json"] {
                #expect(FileManager.default.fileExists(atPath: app.appendingPathComponent(file).path), "\(name): no \(file)")
            }
        }
        #expect(try String(contentsOf: summary, encoding: .utf8).contains("## ScrollSim comparison: ✅"))

        // A baseline that looks better than the run (half its body evaluations: a work count,
        // judged past a slack of 2 by 10 %, so the run's doubling is an error under the default
        // thresholds; a frame-work percentile would not do, moving far under half the budget):
        // the comparison fails, and its JUnit report has the failure.
        let baselineURL = app.appendingPathComponent("Reports/baseline/feed.json")
        guard case .object(var report) = try JSONValue.parse(Data(contentsOf: baselineURL)),
              case .object(var summaryObject) = report["summary"] ?? .null,
              let bodies = summaryObject["bodyEvaluations"]?.numberValue, bodies >= 10 else {
            Issue.record("the baseline report has no summary.bodyEvaluations of 10 or more")
            return
        }
        summaryObject["bodyEvaluations"] = .number((bodies / 2).rounded(.down))
        report["summary"] = .object(summaryObject)
        try JSONWriter().string(.object(report)).write(to: baselineURL, atomically: true, encoding: .utf8)
        let compare = try #require(recipe.github.first { $0.contains(" scrollsim compare ") })
        let failed = try run(compare)
        #expect(failed.status != 0)
        #expect(failed.output.contains("bodyEvaluations"), "\(failed.output.suffix(2000))")
        let junit = try String(contentsOf: app.appendingPathComponent("Reports/latest/compare/junit.xml"), encoding: .utf8)
        #expect(junit.contains("<failure"))
    }
}
