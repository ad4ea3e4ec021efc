import ScrollSimHarness
import ScrollSimKit

/// The Markdown `scrollsim bench` prints (and writes with `--out`): the machine and its load,
/// then the tables of what was measured, then the targets met or missed.
enum BenchText {
    /// A figure with the decimals its size needs: `0.43`, `12.4`, `1,204`.
    static func figure(_ value: Double) -> String {
        DisplayFormat.fixed(value, abs(value) < 10 ? 2 : abs(value) < 1000 ? 1 : 0)
    }

    /// `min–max` of a spread.
    static func range(_ spread: Benchmark.Spread) -> String {
        "\(figure(spread.minimum))–\(figure(spread.maximum))"
    }

    /// The machine's cores and load average at the start and end.
    static func machine(_ start: MachineLoad, _ end: MachineLoad) -> String {
        "Machine: \(start.cores) core\(start.cores == 1 ? "" : "s"); load average (1, 5, 15 min) \(start.averages) at the start, \(end.averages) at the end."
    }

    static func header(optimized: Bool) -> [String] {
        optimized ? [] : ["> **Debug build**: these numbers are not representative; build with `swift build -c release`.", ""]
    }

    static func markdown(_ r: Benchmark.Result) -> String {
        var lines = header(optimized: r.optimized)
        lines.append("Medians of \(r.runs) runs each, \(r.allocator). Timed figures are CPU time (the measuring thread's; every thread's for work on several) with wall time beside it. Steady state: frames after the first simulated second.")
        lines.append("")
        lines.append(machine(r.loadAtStart, r.loadAtEnd))
        lines.append("")
        if !r.scenarios.isEmpty {
            lines.append("| scenario | frames | CPU µs/frame | wall µs/frame | × real time | allocations/frame | bytes/frame |")
            lines.append("|---|---:|---:|---:|---:|---:|---:|")
            for s in r.scenarios {
                lines.append("| \(s.name) | \(s.frames) | \(DisplayFormat.fixed(s.medianCPUMicrosecondsPerFrame, 2)) | \(DisplayFormat.fixed(s.medianMicrosecondsPerFrame, 2)) | \(DisplayFormat.integer(s.realTimeFactor)) | \(DisplayFormat.fixed(s.allocationsPerFrame, 2)) | \(DisplayFormat.fixed(s.bytesPerFrame, 1)) |")
            }
            lines.append("")
        }
        if let base = r.scaling.first {
            lines.append("Per-frame cost against list size (the same 10 s of flings; steady-state frames):")
            lines.append("")
            lines.append("| rows | set-up CPU ms | CPU µs/frame | wall µs/frame | × smallest list (CPU) | allocations/frame |")
            lines.append("|---:|---:|---:|---:|---:|---:|")
            for p in r.scaling {
                let ratio = base.medianCPUMicrosecondsPerFrame > 0 ? p.medianCPUMicrosecondsPerFrame / base.medianCPUMicrosecondsPerFrame : 0
                lines.append("| \(DisplayFormat.integer(Double(p.rows))) | \(DisplayFormat.fixed(p.medianSetupMs, 1)) | \(DisplayFormat.fixed(p.medianCPUMicrosecondsPerFrame, 2)) | \(DisplayFormat.fixed(p.medianMicrosecondsPerFrame, 2)) | \(DisplayFormat.fixed(ratio, 2)) | \(DisplayFormat.fixed(p.allocationsPerFrame, 2)) |")
            }
            lines.append("")
        }
        if !r.workloads.isEmpty {
            lines.append("Workloads (loop figures leave the set-up out; spread: min–max and interquartile range of the runs):")
            lines.append("")
            lines.append("| workload | what | median | min–max | IQR | wall median | also |")
            lines.append("|---|---|---:|---:|---:|---:|---|")
            for w in r.workloads {
                let value = w.value
                let wall = w.wall.map { figure($0.median) } ?? "—"
                lines.append("| \(w.workload.rawValue) | \(w.workload.summary) | \(figure(value.median)) \(w.unit) | \(range(value)) | \(figure(value.interquartileRange)) | \(wall) | \(also(w)) |")
            }
            lines.append("")
            lines += targets(Benchmark.targets(r.workloads))
        }
        return lines.joined(separator: "\n")
    }

    /// The extra figures and the note of a workload, `; `-separated.
    static func also(_ w: Benchmark.WorkloadFigures) -> String {
        let extras = w.extras.map { "\($0.name) \(DisplayFormat.fixed($0.value, $0.decimals))" }
        return (extras + (w.note.map { [$0] } ?? [])).joined(separator: "; ")
    }

    /// The targets table, or nothing when no target's workload was measured.
    static func targets(_ targets: [Benchmark.Target]) -> [String] {
        guard !targets.isEmpty else { return [] }
        var lines = ["Targets (medians above; allocations: the most of any run):", "",
                     "| target | goal | measured | |", "|---|---|---:|---|"]
        for t in targets {
            let verdict: String
            if t.met {
                verdict = "met"
            } else if let factor = t.missFactor {
                verdict = "**missed** by \(DisplayFormat.fixed(factor, 2))×"
            } else {
                verdict = "**missed**"
            }
            let note = t.note.map { " (\($0))" } ?? ""
            lines.append("| \(t.subject) | \(t.goal) | \(figure(t.measured)) \(t.unit)\(note) | \(verdict) |")
        }
        lines.append("")
        return lines
    }

    static func markdown(_ c: Benchmark.Comparison, optimized: Bool) -> String {
        var lines = header(optimized: optimized)
        lines.append("A: \(c.this)  ")
        lines.append("B: \(c.other)")
        lines.append("")
        lines.append("\(c.runs) interleaved pair\(c.runs == 1 ? "" : "s") per workload (A B A B …), each run a process of its own that measures itself (`bench --workload NAME --json`). B ÷ A is the median of the per-pair ratios: above 1, A's figure is the smaller (for a time, A is faster). Page faults per frame (medians, loop workloads): time in the kernel no instruction count shows; a change that moves them moved memory onto fresh pages.")
        lines.append("")
        lines.append(machine(c.loadAtStart, c.loadAtEnd))
        lines.append("")
        lines.append("| workload | unit | A median | B median | B ÷ A | min–max | IQR | B ÷ A wall | page faults/frame, A; B |")
        lines.append("|---|---|---:|---:|---:|---:|---:|---:|---:|")
        for p in c.workloads {
            let ratios = p.ratios
            let ratio = ratios.isEmpty ? nil : Benchmark.Spread(ratios)
            let walls = p.wallRatios
            let wall = walls.isEmpty ? "—" : DisplayFormat.fixed(Benchmark.Spread(walls).median, 2)
            let faults = p.extraMedians(Benchmark.pageFaultsName).map { "\(DisplayFormat.fixed($0.a, 3)); \(DisplayFormat.fixed($0.b, 3))" } ?? "—"
            lines.append("| \(p.workload.rawValue) | \(p.a.first?.unit ?? "") | \(figure(Benchmark.Spread(p.a.map(\.value)).median)) | \(figure(Benchmark.Spread(p.b.map(\.value)).median)) | \(ratio.map { DisplayFormat.fixed($0.median, 2) } ?? "—") | \(ratio.map { "\(DisplayFormat.fixed($0.minimum, 2))–\(DisplayFormat.fixed($0.maximum, 2))" } ?? "—") | \(ratio.map { DisplayFormat.fixed($0.interquartileRange, 2) } ?? "—") | \(wall) | \(faults) |")
        }
        lines.append("")
        return lines.joined(separator: "\n")
    }
}
