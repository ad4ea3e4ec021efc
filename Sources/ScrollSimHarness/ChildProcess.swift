import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ScrollSimKit

/// Runs another program to the end and measures it from outside: its exit status, what it
/// printed, its wall time and the CPU time the kernel charged it (user + system, every thread,
/// from `wait4(2)`'s `rusage`, the figures `time(1)` prints).
///
/// `scrollsim bench` runs builds this way: `run --jobs N` (a whole process: decoding, playing,
/// writing) and, with `--against`, each workload in each binary (`bench --workload NAME
/// --json`). Output goes to files in a temporary directory of its own (removed afterwards), so
/// a child that writes much to both streams cannot block on a full pipe.
public struct ChildProcess: Equatable, Sendable {
    public var status: Int32
    public var out: String
    public var err: String
    public var wallMs: Double
    public var cpuMs: Double
    /// The most memory it held resident at once, in bytes: what the child wrote of its own
    /// (a scrollsim does, `peakResidentVariable`), else `rusage`'s `ru_maxrss`, which on Linux
    /// is at least the parent's size at the spawn (the child had the parent's memory map until
    /// its `exec`).
    public var peakResidentBytes: Int = 0

    /// The environment variable naming the file a scrollsim child writes its own peak resident
    /// bytes to as it ends.
    public static let peakResidentVariable = "SCROLLSIM_PEAK_RESIDENT_FILE"

    /// Starts `executable` (a path, not searched for in `PATH`) with `arguments` and waits for
    /// it. A program that starts and fails is not an error here: look at `status`.
    /// - Throws: `ScrollSimError` when it cannot be started (no such file, not executable).
    public static func run(_ executable: String, _ arguments: [String]) throws -> ChildProcess {
        let manager = FileManager.default
        let directory = manager.temporaryDirectory.appendingPathComponent("scrollsim-child-\(getpid())-\(UUID().uuidString)").path
        try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? manager.removeItem(atPath: directory) }
        let outPath = directory + "/out"
        let errPath = directory + "/err"

        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let clock = ContinuousClock()
        let start = clock.now
        var pid: pid_t = 0
        let peakPath = directory + "/peak"
        var environment = ProcessInfo.processInfo.environment
        environment[ChildProcess.peakResidentVariable] = peakPath
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        // A program just written (a build's output, a test's script) is "busy" while any
        // process started meanwhile still holds the writer's descriptor, until that process
        // execs or exits: a moment, so the start is tried again for up to a second.
        var tries = 0
        while spawned == ETXTBSY && tries < 100 {
            usleep(10_000)
            tries += 1
            spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        }
        guard spawned == 0 else {
            throw ScrollSimError("\(executable): cannot run it (\(String(cString: strerror(spawned))))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw ScrollSimError("\(executable): lost track of the process (\(String(cString: strerror(errno))))") }
        }
        let wallMs = Harness.milliseconds(clock.now - start)
        let out = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        let err = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        return ChildProcess(status: exitStatus(status), out: out, err: err, wallMs: wallMs,
                            cpuMs: CPUClock.milliseconds(usage.ru_utime) + CPUClock.milliseconds(usage.ru_stime),
                            peakResidentBytes: (try? String(contentsOfFile: peakPath, encoding: .utf8)).flatMap { Int($0) }
                                ?? residentBytes(maxrss: Int(usage.ru_maxrss)))
    }

    /// `ru_maxrss` in bytes: Linux counts kilobytes, macOS bytes.
    static func residentBytes(maxrss: Int) -> Int {
        #if canImport(Darwin)
        return maxrss
        #else
        return maxrss * 1024
        #endif
    }

    /// The exit status a shell shows for a `wait` status: the program's own (0–255), or
    /// 128 + the signal that ended it.
    static func exitStatus(_ status: Int32) -> Int32 {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}
