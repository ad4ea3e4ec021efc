#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Page faults the calling thread has taken so far, for `scrollsim bench` to show beside the
/// loop's CPU time: a fault costs the thread CPU time in the kernel that no instruction count
/// (callgrind) sees. A change that moves allocations around can land the loop's arrays on fresh
/// pages instead of memory the allocator already has mapped — the masonry rotation once took
/// 3,600 more faults in four plays from a change that allocated no more bytes.
///
/// Linux only: `getrusage(RUSAGE_THREAD)` (minor + major faults, `ru_minflt + ru_majflt`);
/// nil elsewhere (Darwin has no per-thread usage).
public enum ThreadPageFaults {
    public static func now() -> Int? {
        #if os(Linux)
        var usage = rusage()
        // RUSAGE_THREAD is 1 on Linux (getrusage(2)); the Glibc module does not always name it.
        guard getrusage(__rusage_who_t(1), &usage) == 0 else { return nil }
        return usage.ru_minflt + usage.ru_majflt
        #else
        return nil
        #endif
    }
}
