// libFuzzer target: bytes → the readers of a sharded sweep's files: `sweep-plan.json`
// (SweepPlan.read), `shard.json` against a plan (SweepDirectory.readShard, as `merge` reads
// it), and the shard specs of `--shard` and of the CI systems' variables (Shard.parse,
// Shard.resolve). Built by scripts/fuzz (not by `swift build`). Any trap is a finding: a file
// that reads must give a shard inside its plan, and one that does not must be refused with a
// message.
import Foundation
import ScrollSimKit

/// A plan of six variants (2 × 3), read once, that shard files are checked against.
let plan: SweepPlan = {
    let text = """
    {"schema": 1, "scenario": {"file": "s.json", "name": "feed", "contentHash": "0"},
     "vary": ["stack.spacing=0,8", "content.count=10,20,30"], "metric": "hitchRatio", "objective": "min"}
    """
    do {
        return try SweepPlan.read(planText: Array(text.utf8), path: "sweep-plan.json")
    } catch {
        fatalError("the fuzz target's own plan does not read: \(error)")
    }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func shardFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // The same bytes as each of the files a merge reads.
    if let read = try? SweepPlan.read(planText: bytes, path: "sweep-plan.json") {
        _ = read.count
        if read.count <= 10_000 { _ = (0..<read.count).map(read.variantName) }
    }
    if let read = try? SweepDirectory.readShard(bytes: bytes, path: "shard.json", plan: plan) {
        let (shard, indices) = read
        precondition(shard.total >= 1 && shard.index < shard.total, "a shard read outside its total")
        precondition(indices.allSatisfy { $0 >= 0 && $0 < plan.count }, "a variant read outside the plan")
    }
    // As text: `--shard I/N`, and the variables of the CI systems.
    let text = String(decoding: bytes.prefix(200), as: UTF8.self)
    _ = try? Shard.parse(text)
    let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
    let environment = ["CI_NODE_INDEX": parts.first ?? "", "CI_NODE_TOTAL": parts.last ?? "",
                       "JOB_COMPLETION_INDEX": parts.first ?? "", "SCROLLSIM_SHARD_TOTAL": parts.last ?? ""]
    _ = try? Shard.resolve(flag: nil, totalFlag: nil, environment: environment)
    return 0
}
