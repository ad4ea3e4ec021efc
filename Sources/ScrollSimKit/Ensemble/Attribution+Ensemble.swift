import ScrollSimEngine

extension Attribution {
    /// The view types of an ensemble: each type's figures averaged over the runs — work and
    /// late work in ms per run, builds per run rounded to whole views — and its share of the
    /// over-budget work of all the runs together, so that the "cause" names the type that
    /// owns the late work across the ensemble, not in one draw.
    ///
    /// Every run of one scenario has the same types in the same order; a type is matched by
    /// its position.
    /// - Complexity: O(runs × types × phases).
    static func mean(of runs: [[TypeRow]]) -> [TypeRow] {
        guard let first = runs.first else { return [] }
        let n = Double(runs.count)
        var lateTotal = 0.0
        for run in runs { for row in run { lateTotal += row.lateWorkMs } }
        return first.indices.map { t in
            var work: [String: Double] = [:]
            var late: [String: Double] = [:]
            var lateMs = 0.0
            var cold = 0, prefetched = 0, cached = 0
            for run in runs {
                let row = run[t]
                for phase in PhaseWork.Phase.names {
                    work[phase, default: 0] += row.workMs[phase] ?? 0
                    late[phase, default: 0] += row.lateWorkByPhaseMs[phase] ?? 0
                }
                lateMs += row.lateWorkMs
                cold += row.coldBuilds
                prefetched += row.prefetchedBuilds
                cached += row.fromCache
            }
            func perRun(_ total: Int) -> Int { Int((Double(total) / n).rounded()) }
            return TypeRow(name: first[t].name, coldBuilds: perRun(cold), prefetchedBuilds: perRun(prefetched), fromCache: perRun(cached),
                           workMs: work.mapValues { $0 / n }, lateWorkMs: lateMs / n, lateWorkByPhaseMs: late.mapValues { $0 / n },
                           overBudgetShare: lateTotal > 0 ? lateMs / lateTotal : 0)
        }
    }
}
