import Foundation
import ScrollSimHarness

/// This process's own peak resident memory, written where a measuring parent asked for it
/// (`ChildProcess.peakResidentVariable`), as the process ends.
///
/// A parent cannot read it from outside on Linux: `wait4`'s `ru_maxrss` is the largest of every
/// memory map the process had, and a child started by `posix_spawn` (a `vfork`) had its
/// parent's map until its `exec`, so it reads at least the parent's size — `bench`'s
/// `compare-60` read 127 MB, its parent's, for a `compare` that peaked at 25. The map the
/// program ran in keeps its own high-water mark (`VmHWM` in `/proc/self/status`), which this
/// writes, in bytes. Elsewhere `getrusage`'s figure is written.
enum PeakResident {
    /// Writes the peak when the environment names a file for it; nothing otherwise, and
    /// nothing said on failure (a measurement lost is the parent's to notice).
    static func recordIfAsked() {
        guard let path = ProcessInfo.processInfo.environment[ChildProcess.peakResidentVariable], !path.isEmpty,
              let bytes = ownPeakBytes() else { return }
        try? String(bytes).write(toFile: path, atomically: false, encoding: .utf8)
    }

    /// The peak resident bytes of this process's own memory map.
    static func ownPeakBytes() -> Int? {
        #if os(Linux)
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.dropFirst("VmHWM:".count).filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }
        }
        return nil
        #else
        return Int(Harness.peakResidentBytes())
        #endif
    }
}
