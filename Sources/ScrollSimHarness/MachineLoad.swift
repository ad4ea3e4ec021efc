import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How busy the machine was: benchmark figures from a loaded machine are read with its load
/// beside them (Reports/bench.md once quoted a 10M/10k ratio that never reproduced, from one
/// run on a machine whose load it did not record).
///
/// The load averages are the kernel's 1-, 5- and 15-minute averages of runnable (and, on Linux,
/// uninterruptible) tasks, the first line of `/proc/loadavg` (`getloadavg(3)`, on Linux and
/// macOS alike); `cores` is how many the process may use. A load above `cores` means threads
/// were waiting for a core.
public struct MachineLoad: Equatable, Sendable {
    public var oneMinute: Double
    public var fiveMinutes: Double
    public var fifteenMinutes: Double
    public var cores: Int

    public init(oneMinute: Double, fiveMinutes: Double, fifteenMinutes: Double, cores: Int) {
        self.oneMinute = oneMinute
        self.fiveMinutes = fiveMinutes
        self.fifteenMinutes = fifteenMinutes
        self.cores = cores
    }

    /// The load now (zeros where the system does not say).
    public static func now() -> MachineLoad {
        var averages = [Double](repeating: 0, count: 3)
        let count = Int(getloadavg(&averages, 3))
        for i in max(0, count)..<3 { averages[i] = 0 }
        return MachineLoad(oneMinute: averages[0], fiveMinutes: averages[1], fifteenMinutes: averages[2],
                           cores: ProcessInfo.processInfo.activeProcessorCount)
    }

    /// `1.35 1.91 2.13`: the three averages as `/proc/loadavg` writes them.
    public var averages: String {
        [oneMinute, fiveMinutes, fifteenMinutes].map { String(format: "%.2f", $0) }.joined(separator: " ")
    }
}
