#if !SCROLLSIM_SYSTEM_ALLOCATOR
import CJemalloc
#endif
import Foundation
import ScrollSimKit

/// jemalloc's counters, read through `mallctl`: the simulator's own allocations (not the memory
/// it models for the list).
///
/// jemalloc is linked into the whole process (the `CJemalloc` system library), so every Swift
/// allocation goes through it. `open()` proves that before any figure is reported: it checks
/// that `mallctl` answers and that a malloc on this thread moves `thread.allocated`. If either
/// fails it throws — a missing allocator must never show up as zeros in a report.
/// Not `Sendable`: `thread.allocatedp` points at the counter of the thread that opened it.
///
/// Allocation *requests* are not counted per thread by jemalloc, only per arena. A serial run
/// reads them over all arenas; when several threads measure at once (`scrollsim run --jobs`),
/// each opens its allocator with `ownArena: true`, which moves the thread onto an arena of its
/// own, so its requests are its own.
///
/// A build made with `SCROLLSIM_ALLOCATOR=system` (for the sanitizers, which replace malloc
/// themselves) has no jemalloc: there `open()` always throws and `Harness` counts nothing.
public struct Allocator {
    public let version: String
    private let allocatedPointer: UnsafeMutablePointer<UInt64>
    /// The `mallctl` names of the small and large request counters this allocator reads, as
    /// C strings made once: a `String` passed where C wants a `char *` may be copied to a
    /// temporary buffer on the heap for the call, and such an allocation inside
    /// `allocationRequests()` — after its flush, so counted at the next one — showed as
    /// requests of 0 bytes in every run's steady state.
    private let smallRequests: ContiguousArray<CChar>
    private let largeRequests: ContiguousArray<CChar>
    /// The arena this thread was moved to, or nil when requests are read over all arenas.
    public let arena: UInt32?

    /// - Parameter ownArena: move the calling thread onto a new arena of its own, so that the
    ///   request counters count its allocations alone (for threads that measure at once).
    /// - Throws: `ScrollSimError` when jemalloc does not answer or is not the process's allocator.
    public static func open(ownArena: Bool = false) throws -> Allocator {
        #if SCROLLSIM_SYSTEM_ALLOCATOR
        throw ScrollSimError(systemBuildNote)
        #else
        var versionPointer: UnsafePointer<CChar>?
        guard scrollsim_je_read_string("version", &versionPointer) == 0, let versionPointer else {
            throw ScrollSimError("jemalloc did not answer mallctl(\"version\"); is libjemalloc linked? (apt-get install -y libjemalloc-dev, or brew install jemalloc)")
        }
        var pointer: UnsafeMutablePointer<UInt64>?
        guard scrollsim_je_read_u64_pointer("thread.allocatedp", &pointer) == 0, let pointer else {
            throw ScrollSimError("jemalloc has no thread.allocatedp counter (built without --enable-stats?)")
        }
        var arena: UInt32?
        if ownArena {
            var index: UInt32 = 0
            guard scrollsim_je_create_arena(&index) == 0, scrollsim_je_bind_thread_arena(index) == 0 else {
                throw ScrollSimError("jemalloc could not create an arena for this thread (arenas.create, thread.arena)")
            }
            arena = index
        }
        let prefix = arena.map { "stats.arenas.\($0)" } ?? "stats.arenas.4096"
        let allocator = Allocator(version: String(cString: versionPointer), allocatedPointer: pointer,
                                  smallRequests: (prefix + ".small.nrequests").utf8CString, largeRequests: (prefix + ".large.nrequests").utf8CString, arena: arena)
        let before = allocator.threadAllocatedBytes
        let probe = malloc(64 * 1024)
        let usable = scrollsim_je_usable_size(probe)
        let after = allocator.threadAllocatedBytes
        free(probe)
        guard usable >= 64 * 1024 else {
            throw ScrollSimError("jemalloc's malloc_usable_size does not know a 64 KiB malloc; link jemalloc into the executable")
        }
        guard after >= before + 64 * 1024 else {
            throw ScrollSimError("jemalloc is loaded but malloc does not go through it (thread.allocated moved \(after - before) bytes for a 64 KiB malloc); link jemalloc into the executable")
        }
        return allocator
        #endif
    }

    /// Whether this build links jemalloc (false when built with `SCROLLSIM_ALLOCATOR=system`).
    public static var isLinked: Bool {
        #if SCROLLSIM_SYSTEM_ALLOCATOR
        return false
        #else
        return true
        #endif
    }

    /// What a build without jemalloc says where allocation counts would be.
    public static let systemBuildNote = "this build has no jemalloc (built with SCROLLSIM_ALLOCATOR=system, for the sanitizers)"

    /// Bytes this thread has allocated since it started (monotonic). One memory read.
    public var threadAllocatedBytes: UInt64 { allocatedPointer.pointee }

    /// Allocation requests served so far by all arenas (small and large), or by this thread's own
    /// arena when it has one, with this thread's cache merged in first. Flushes the thread cache: call it at the edges of a measurement,
    /// not inside one.
    public func allocationRequests() -> UInt64 {
        #if SCROLLSIM_SYSTEM_ALLOCATOR
        return 0  // unreachable: open() throws in this build
        #else
        _ = scrollsim_je_flush_thread_cache()
        _ = scrollsim_je_advance_epoch()
        var small: UInt64 = 0
        var large: UInt64 = 0
        smallRequests.withUnsafeBufferPointer { _ = scrollsim_je_read_u64($0.baseAddress, &small) }
        largeRequests.withUnsafeBufferPointer { _ = scrollsim_je_read_u64($0.baseAddress, &large) }
        return small + large
        #endif
    }

    /// Bytes currently allocated by the whole process (`stats.allocated`, after an epoch).
    public func processAllocatedBytes() -> UInt64 {
        #if SCROLLSIM_SYSTEM_ALLOCATOR
        return 0  // unreachable: open() throws in this build
        #else
        _ = scrollsim_je_advance_epoch()
        var allocated = 0
        _ = scrollsim_je_read_size("stats.allocated", &allocated)
        return UInt64(allocated)
        #endif
    }
}
