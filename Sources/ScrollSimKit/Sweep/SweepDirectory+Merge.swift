import Foundation

extension SweepDirectory {
    /// Shard directories read and checked, ready to be staged as the whole sweep.
    public struct Merged: Sendable {
        public var plan: SweepPlan
        public var reports: [Written]
        /// 1/N … N/N, in order.
        public var shards: [Shard]
    }

    /// Reads the directories written by the shards of one sweep (`sweep --shard I/N`) and
    /// checks that they fit: every one holds the same `sweep-plan.json`, all name the same
    /// number of shards, no shard is given twice, none is missing, and each holds a report for
    /// every variant of its shard. A whole sweep's directory counts as shard 1/1.
    /// - Throws: `ScrollSimError` naming the directory and what does not fit.
    public static func read(_ directories: [String]) throws -> Merged {
        guard !directories.isEmpty else { throw ScrollSimError("no directories to merge") }
        var plan: SweepPlan?
        var planBytes: [UInt8]?
        var firstDirectory = ""
        var byShard: [Int: (directory: String, reports: [Written])] = [:]
        var total: Int?
        for directory in directories {
            func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }
            let bytes: [UInt8]
            do {
                bytes = try InputFile.contents(path(planFile), limit: 1 << 24, limitName: "plan bytes")
            } catch let error as ScrollSimError {
                throw ScrollSimError("\(directory): cannot read \(planFile): \(error.reason); is it the --out directory of scrollsim sweep?")
            }
            if let planBytes {
                guard bytes == planBytes else {
                    throw ScrollSimError("\(directory): its \(planFile) differs from \(firstDirectory)'s: the directories are not shards of one sweep (another scenario, other values, metric or objective)")
                }
            } else {
                plan = try SweepPlan.read(planText: bytes, path: path(planFile))
                planBytes = bytes
                firstDirectory = directory
            }
            guard let plan else { continue }
            let shard: Shard
            let indices: [Int]
            if FileManager.default.fileExists(atPath: path(shardFile)) {
                (shard, indices) = try readShard(path(shardFile), plan: plan)
            } else {
                shard = .whole
                indices = Array(0..<plan.count)
            }
            if let total, total != shard.total {
                throw ScrollSimError("\(directory): shard \(shard) of \(shard.total), but \(firstDirectory) is of \(total) shards")
            }
            total = shard.total
            if let other = byShard[shard.index] {
                throw ScrollSimError("shard \(shard) is given twice: \(other.directory) and \(directory)")
            }
            var reports: [Written] = []
            for k in indices {
                let name = plan.variantName(k)
                let file = path(SweepSummary.reportPath(name))
                do {
                    reports.append(Written(index: k, name: name, text: try InputFile.contents(file, limit: Report.maximumFileBytes)))
                } catch let error as ScrollSimError {
                    throw ScrollSimError("\(directory): the report of variant \(k) (\(file)) cannot be read: \(error.reason)")
                }
            }
            byShard[shard.index] = (directory, reports)
        }
        guard let plan, let total else { throw ScrollSimError("no directories to merge") }
        let missing = (0..<total).filter { byShard[$0] == nil }
        if !missing.isEmpty {
            var names = missing.prefix(10).map { Shard(index: $0, total: total).description }.joined(separator: ", ")
            if missing.count > 10 { names += " and \(ScenarioLimits.grouped(missing.count - 10)) more" }
            throw ScrollSimError("shard\(missing.count == 1 ? "" : "s") \(names) \(missing.count == 1 ? "is" : "are") missing: every one of the \(total) shards' directories is needed")
        }
        var reports = (0..<total).flatMap { byShard[$0]?.reports ?? [] }
        reports.sort { $0.index < $1.index }
        return Merged(plan: plan, reports: reports, shards: (0..<total).map { Shard(index: $0, total: total) })
    }

    /// A `shard.json`: its shard, and its variants, which must be exactly the shard's share.
    static func readShard(_ path: String, plan: SweepPlan) throws -> (Shard, [Int]) {
        let bytes = try InputFile.contents(path, limit: 1 << 24, limitName: "shard file bytes")
        return try readShard(bytes: bytes, path: path, plan: plan)
    }

    /// The text of a `shard.json` (`path` names it in messages), checked against `plan`: the
    /// reader `merge` uses, and the one Fuzz/ShardFuzz feeds.
    /// - Throws: `ScrollSimError` naming every key with a problem (`SweepKeys.shard(of:)`),
    ///   never a trap.
    public static func readShard(bytes: [UInt8], path: String, plan: SweepPlan) throws -> (Shard, [Int]) {
        let root = try JSONParser.parse(bytes, file: path)
        guard case .object = root else { throw ScrollSimError(file: path, message: "expected an object, found \(root.kindDescription)") }
        let context = DecodingContext(file: path)
        var draft = SweepKeys.ShardDraft()
        SweepKeys.shard(of: plan).decode(root, at: "", into: &draft, context)
        if let error = context.error { throw error }
        guard let shard = draft.shard else { throw ScrollSimError(file: path, location: .keyPath("shard"), message: "is required") }
        return (shard, draft.variants)
    }
}
