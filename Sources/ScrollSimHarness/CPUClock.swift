#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CPU time, the figure `scrollsim bench` judges speed by: on a shared machine wall time is
/// mostly waiting for a core (it ran 2–6× the CPU time while other builds were going), while
/// the CPU time a thread or process spends is what the code costs.
///
/// `thread` reads `CLOCK_THREAD_CPUTIME_ID` (POSIX `clock_gettime`: the calling thread's user
/// and system time, in nanoseconds on Linux and macOS); `process` reads `getrusage(RUSAGE_SELF)`
/// (every thread of the process, user + system, in microseconds), for work spread over threads.
public enum CPUClock {
    /// The calling thread's CPU time so far, in milliseconds.
    public static func threadMs() -> Double {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return 0 }
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }

    /// The process's CPU time so far (every thread, user + system), in milliseconds.
    public static func processMs() -> Double {
        var usage = rusage()
        #if canImport(Darwin)
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
        #else
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        #endif
        return milliseconds(usage.ru_utime) + milliseconds(usage.ru_stime)
    }

    /// A `timeval` (seconds and microseconds, as `getrusage` and `wait4` give) in milliseconds.
    static func milliseconds(_ time: timeval) -> Double {
        Double(time.tv_sec) * 1000 + Double(time.tv_usec) / 1000
    }
}
