import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The CPU time the whole machine has spent, from the kernel's own accounting: read before and
/// after a child process, it says how much of the cores other processes (and, on a virtual
/// machine, the hypervisor) took while the child ran, so a parallel run's wall time can be
/// judged by the cores it could have had rather than by who else was on the machine.
///
/// Linux only: the first line of `/proc/stat` sums every core's time in `USER_HZ` ticks
/// (usually 100 a second) as user, nice, system, idle, iowait, irq, softirq, steal, guest and
/// guest_nice; busy is all but idle and iowait (guest time is already inside user), and the
/// cores are its `cpuN` lines ([proc_stat(5)](https://man7.org/linux/man-pages/man5/proc_stat.5.html)).
/// Elsewhere `now()` is nil and callers fall back to plain wall time.
public struct MachineCPU: Equatable, Sendable {
    /// Busy time summed over every core, ms.
    public var busyMs: Double
    /// The cores `/proc/stat` accounts for.
    public var cores: Int

    public init(busyMs: Double, cores: Int) {
        self.busyMs = busyMs
        self.cores = cores
    }

    /// The machine's busy time now; nil where `/proc/stat` cannot be read or parsed.
    public static func now() -> MachineCPU? {
        guard let data = FileManager.default.contents(atPath: "/proc/stat") else { return nil }
        let ticks = sysconf(Int32(_SC_CLK_TCK))
        return parse(String(decoding: data, as: UTF8.self), ticksPerSecond: ticks > 0 ? Double(ticks) : 100)
    }

    /// Reads `/proc/stat`'s text: nil without a `cpu` line of at least eight numbers, or
    /// without a `cpuN` line.
    static func parse(_ text: String, ticksPerSecond: Double) -> MachineCPU? {
        var total: [Double]?
        var cores = 0
        for line in text.split(separator: "\n") where line.hasPrefix("cpu") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields[0] == "cpu" {
                total = fields.dropFirst().compactMap { Double($0) }
            } else if fields[0].dropFirst(3).allSatisfy(\.isNumber) {
                cores += 1
            }
        }
        guard let total, total.count >= 8, cores > 0 else { return nil }
        // user, nice, system, (idle), (iowait), irq, softirq, steal
        let busy = total[0] + total[1] + total[2] + total[5] + total[6] + total[7]
        return MachineCPU(busyMs: busy * 1000 / ticksPerSecond, cores: cores)
    }

    /// A run's wall time on a machine with nobody else on it: `wallMs` × the share of a core
    /// each of its `jobs` threads could have had.
    ///
    /// While the run took `wallMs`, the machine was busy `machineBusyMs` in all, `processCPUMs`
    /// of it the run's own; the rest, spread over the wall time, is the cores others held. What
    /// was left — at least what the run itself used — shared among `jobs` threads, at most a
    /// whole core each, is the share; a run that kept its threads busy then takes wall × share
    /// on an idle machine. With 2 cores and one other busy thread, a `--jobs 1` run keeps a core
    /// (share 1), and a `--jobs 2` run's threads get about two thirds of one each (share ⅔):
    /// the ratio of the raw wall times would charge that third to the parallel run.
    public static func normalisedWall(wallMs: Double, processCPUMs: Double, machineBusyMs: Double, cores: Int, jobs: Int) -> Double {
        guard wallMs > 0, jobs > 0 else { return wallMs }
        let others = othersCores(wallMs: wallMs, processCPUMs: processCPUMs, machineBusyMs: machineBusyMs)
        let available = max(Double(cores) - others, processCPUMs / wallMs)
        return wallMs * min(1, available / Double(jobs))
    }

    /// The cores others held while a run took `wallMs`: the machine's busy time less the run's
    /// own, spread over the wall time (never below 0: ticks can read less than the run used).
    public static func othersCores(wallMs: Double, processCPUMs: Double, machineBusyMs: Double) -> Double {
        wallMs > 0 ? max(0, machineBusyMs - processCPUMs) / wallMs : 0
    }
}
