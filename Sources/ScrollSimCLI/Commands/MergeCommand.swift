import Foundation
import ScrollSimKit
import ScrollSimPresentation

/// `scrollsim merge`: joins the directories of a sharded sweep into the whole sweep's.
struct MergeCommand: Command {
    static let spec = CommandSpec(
        name: "merge",
        abstract: "Join the output directories of a sweep's shards into the whole sweep's.",
        arguments: "DIR...",
        minimumArguments: 1,
        maximumArguments: nil,
        options: [
            .init(name: "out", short: "o", value: "DIR", help: "Where the merged sweep goes (required; not one of the shards' directories)."),
            .init(name: "quiet", short: "q", value: nil, help: "Print only the final lines."),
        ],
        discussion: """
        Each DIR is the --out directory of 'scrollsim sweep --shard I/N' (or of a whole
        sweep). They must hold the same sweep-plan.json, one directory for each of the N
        shards, no shard twice, and a report for every variant of each shard. The merged
        directory is the same bytes as the sweep played in one go: the reports copied, the
        summary and heatmap made from them. Exit status: 0 when written, 2 when the
        directories do not fit (a shard missing or given twice, another sweep) or the output
        cannot be written; nothing is written then.
        """
    )

    var directories: [String]
    var out: String

    var quiet: Bool

    init(_ arguments: ParsedArguments) throws {
        directories = arguments.positionals
        guard let out = try OutputOptions.path(arguments, "out", command: "merge") else {
            throw ScrollSimError.usage(command: "merge", "--out DIR is required: where the merged sweep goes")
        }
        self.out = out
        quiet = arguments.flag("quiet")
    }

    func run(_ console: Console) throws -> ExitStatus {
        // Every shard's directory, its reports and its files are inputs: --out (or a link to
        // it) must be none of them, and the merge never writes or deletes among them.
        var inputs = OutputGuard()
        for directory in directories {
            inputs.read(directory)
            inputs.read((directory as NSString).appendingPathComponent("reports"))
            inputs.read([SweepDirectory.planFile, SweepDirectory.shardFile].map { (directory as NSString).appendingPathComponent($0) })
        }
        if let same = directories.first(where: { OutputGuard.resolved($0) == OutputGuard.resolved(out) }) {
            throw ScrollSimError.usage(command: "merge", "--out \(out) is also a shard's directory (\(same)); merge into another directory")
        }
        try OutputOptions.claim([], directories: [out, (out as NSString).appendingPathComponent("reports"), (out as NSString).appendingPathComponent(SweepDirectory.pagesFolder)], inputs: inputs)
        let merged: SweepDirectory.Merged
        do {
            merged = try SweepDirectory.read(directories)
        }
        try OutputOptions.check(files: [], directories: [out])
        let batch = OutputBatch(guarding: inputs)
        let summary: SweepSummary?
        do {
            summary = try SweepDirectory.stage(plan: merged.plan, shard: .whole, reports: merged.reports, directory: out, in: batch)
        }
        try batch.commit()
        if !quiet {
            console.out("merged \(merged.shards.count) shard\(merged.shards.count == 1 ? "" : "s"), \(merged.reports.count) variants\n")
        }
        if let summary { SweepCommand.printSummary(summary, out: out, quiet: true, console: console) }
        return .success
    }
}
