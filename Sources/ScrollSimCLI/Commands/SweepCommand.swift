import Foundation
import ScrollSimKit
import ScrollSimPresentation

/// `scrollsim sweep`: plays the grid of a scenario's variants and writes their reports, a
/// summary table and a heatmap (`SweepPlan`, `SweepDirectory`).
struct SweepCommand: Command {
    static let spec = CommandSpec(
        name: "sweep",
        abstract: "Play every combination of values of some keys of a scenario; tabulate and chart a metric over them.",
        arguments: "SCENARIO",
        minimumArguments: 1,
        maximumArguments: 1,
        options: [
            .init(name: "vary", short: nil, value: "KEY=V1,V2,…", help: "A key path of the scenario file (content.types[0].bodyMs, or by name as compare prints it: content.types[reel].bodyMs) and the values it takes (JSON, or bare strings). Repeatable: the grid is every combination.", repeatable: true),
            .init(name: "sweep", short: nil, value: "FILE", help: "A JSON sweep file: {\"vary\": [{\"key\": …, \"values\": […]}, …], \"metric\": …, \"objective\": …, \"runs\": …}."),
            .init(name: "out", short: "o", value: "DIR", help: "Where the reports, summary and heatmap go (default Reports/sweep)."),
            .init(name: "metric", short: nil, value: "M", help: "The summary metric the summary ranks and the heatmap colours by (default hitchRatio)."),
            .init(name: "objective", short: nil, value: "min|max", help: "Whether the best variant has the lowest or highest metric (default: the metric's better direction)."),
            .init(name: "quiet", short: "q", value: nil, help: "Print only the final lines."),
            .init(name: "runs", short: nil, value: "N",
                  help: "Play each variant as an ensemble of N runs: every metric as its mean with a 95 % interval, and a best variant only if it is significantly better than every other (default: the sweep file's runs, else each variant's ensemble.runs, else 1)."),
            JobsOption.option,
            ScenarioFiles.limitOption,
            ScenarioFiles.allowOutsideDataOption,
        ] + ShardOptions.options(suite: false),
        discussion: """
        Each variant is the scenario file with each varied key path set to one of its values
        (content.count, prefetch.distance, content.types[0].height.fixed, …), then checked by
        the scenario decoder like any file: a key path that does not fit the file or a value
        it refuses is an error naming it, before anything is played (exit 2). Variants are
        numbered from 0 with the first key varying slowest and named <scenario>-v<k>; a
        variant's report records its values under scenario.variant, and its content hash is
        that of the changed scenario.

        DIR gets sweep-plan.json, reports/<variant>.json (without the harness section, so the
        bytes do not depend on the machine), summary.json, summary.csv, summary.md,
        index.html (a heatmap of the metric over the first two keys, the best variant marked,
        coloured by the metric's budget or grade where it has one) and pages/<variant>.html
        (each variant's scenario page, linked from the heatmap and the table).

        With --runs N (or runs in the sweep file, or an ensemble in the scenario), each variant
        plays as an ensemble of N runs; run i of every variant draws from the same seed, so two
        variants are compared run by run. The table shows each metric's mean ± the half-width of
        its 95 % interval, and the page draws the intervals as error bars. The variant with the
        best mean is the best only if its paired difference from every other variant has a 95 %
        interval that excludes 0 in its favour; otherwise no variant is best, and the variants
        the runs cannot tell apart from it are listed with their differences. --jobs plays
        variants at once and gives the threads left over to each ensemble's runs; the files are
        the same for any number of jobs.

        --shard I/N plays only the variants k with k mod N = I-1 and writes their reports and
        shard.json instead of the summary; without --shard the shard is taken from GitLab CI
        (CI_NODE_INDEX, 1-based, and CI_NODE_TOTAL), Buildkite (BUILDKITE_PARALLEL_JOB, 0-based,
        and BUILDKITE_PARALLEL_JOB_COUNT) or a Kubernetes Indexed Job (JOB_COMPLETION_INDEX,
        0-based, with --shard-total or SCROLLSIM_SHARD_TOTAL). 'scrollsim merge' joins the
        shards' directories into the whole sweep's, byte for byte.
        Exit status: 0 when written, 2 for invalid input or an unwritable output.
        """
    )

    var path: String
    var vary: [String]
    var sweepFile: String?
    var out: String
    var metric: String?
    var objective: String?
    var quiet: Bool
    var runs: Int?
    var jobs: Int
    var limits: ScenarioLimits
    var shardOptions: ShardOptions

    init(_ arguments: ParsedArguments) throws {
        path = arguments.positionals[0]
        vary = arguments.all("vary")
        sweepFile = try OutputOptions.path(arguments, "sweep", command: "sweep")
        out = try OutputOptions.path(arguments, "out", command: "sweep") ?? "Reports/sweep"
        metric = arguments.value("metric")
        objective = arguments.value("objective")
        quiet = arguments.flag("quiet")
        runs = try RunsOption.parse(arguments, command: "sweep")
        jobs = try JobsOption.parse(arguments, command: "sweep")
        limits = try ScenarioFiles.limits(arguments, command: "sweep")
        shardOptions = ShardOptions(arguments)
        if vary.isEmpty && sweepFile == nil {
            throw ScrollSimError.usage(command: "sweep", "nothing to vary: give --vary key.path=v1,v2,… or --sweep FILE")
        }
    }

    func run(_ console: Console) throws -> ExitStatus {
        let shard = try shardOptions.resolve(command: "sweep", environmentByDefault: true, console: console)
        let base = try ScenarioFiles.load([path], limits: limits, console: console)[0]
        let plan: SweepPlan
        do {
            plan = try makePlan(base)
        }
        let indices = shard.shard.select(Array(0..<plan.count))
        let scenarios: [Scenario]
        do {
            scenarios = try plan.scenarios(indices, directory: URL(fileURLWithPath: path).deletingLastPathComponent(), limits: limits)
        }
        try OutputOptions.check(files: [], directories: [out])
        var inputs = ScenarioFiles.inputs([path], [base])
        inputs.read(sweepFile.map { [$0] } ?? [])
        try OutputOptions.claim([], directories: [out, (out as NSString).appendingPathComponent("reports"), (out as NSString).appendingPathComponent(SweepDirectory.pagesFolder)], inputs: inputs)
        if let source = shard.source {
            console.err("shard \(shard.shard) from \(source): \(indices.count) of \(plan.count) variants\n")
        }

        let written = try SweepDirectory.play(scenarios, indices: indices, jobs: jobs)
        let batch = OutputBatch(guarding: inputs)
        let summary = try SweepDirectory.stage(plan: plan, shard: shard.shard, reports: written, directory: out, in: batch)
        try batch.commit()

        guard let summary else {
            console.out("shard \(shard.shard): \(written.count) of \(plan.count) variants of \(plan.name) played; reports in \((out as NSString).appendingPathComponent("reports")); join the shards with scrollsim merge\n")
            return .success
        }
        SweepCommand.printSummary(summary, out: out, quiet: quiet, console: console)
        return .success
    }

    /// The plan from the sweep file (its axes first) and the --vary arguments.
    func makePlan(_ base: Scenario) throws -> SweepPlan {
        var axes: [SweepAxis] = []
        var fileMetric: String?
        var fileObjective: String?
        var fileRuns: Int?
        if let sweepFile {
            let file = try SweepPlan.File.load(path: sweepFile)
            axes += file.axes
            fileMetric = file.metric
            fileObjective = file.objective
            fileRuns = file.runs
        }
        axes += try vary.map(SweepAxis.parse)
        let metricText = metric ?? fileMetric ?? Metric.hitchRatio.rawValue
        let chosen = try SweepPlan.metric(metricText, origin: metric != nil ? "--metric" : "\(sweepFile ?? ""): metric")
        let objectiveText = objective ?? fileObjective
        let goal = try SweepPlan.objective(objectiveText, for: chosen, origin: objective != nil ? "--objective" : "\(sweepFile ?? ""): objective")
        let root = try JSONParser.parse(InputFile.contents(path, limit: limits.fileBytes, limitName: "file-bytes"), file: path)
        return try SweepPlan(file: path, root: root, name: base.name, contentHash: base.contentHash, axes: axes, metric: chosen, objective: goal,
                             runs: runs ?? fileRuns)
    }

    /// The table of variants (unless quiet) and the best one. For a sweep of ensembles the
    /// table has a `runs` column and each metric as mean ± the half-width of its 95 %
    /// interval; `*` marks the best, `≈` the variants tied with the best mean when there is no
    /// best (`SweepChoice`).
    static func printSummary(_ summary: SweepSummary, out: String, quiet: Bool, console: Console) {
        let plan = summary.plan
        let compact = JSONWriter(decimals: 6)
        let choice = summary.choice
        let bestIndex = summary.best?.index
        if !quiet {
            let metrics = summary.shownMetrics
            let tied = Set(choice.map { $0.isSignificant ? [] : $0.tied } ?? [])
            var rows = [["variant"] + plan.axes.map(\.key) + (choice != nil ? ["runs"] : []) + metrics.map(\.rawValue) + ["budgets"]]
            for row in summary.rows {
                var cells = [row.name + (row.index == bestIndex ? " *" : tied.contains(row.index) ? " ≈" : "")]
                cells += row.values.map { compact.compact($0) }
                if choice != nil { cells.append(String(row.runs)) }
                cells += metrics.map { metric in summary.cell(metric, row) }
                cells.append(row.budgetsPassed.map { $0 ? "pass" : "fail" } ?? "")
                rows.append(cells)
            }
            console.out(Format.table(rows) + "\n")
        }
        if let lines = summary.choiceLines(rivals: quiet ? 3 : 8) {
            console.out(lines.joined(separator: "\n") + "\n")
        }
        console.out("\(plan.count) variant\(plan.count == 1 ? "" : "s") of \(plan.name) played; summary in \((out as NSString).appendingPathComponent("summary.md")), heatmap in \((out as NSString).appendingPathComponent("index.html"))\n")
    }
}
