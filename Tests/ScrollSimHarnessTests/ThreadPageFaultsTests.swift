#if canImport(Glibc)
import Glibc
#endif
import ScrollSimHarness
import Testing

/// `ThreadPageFaults` counts this thread's faults: touching 256 fresh 4 KiB pages of an
/// anonymous mapping (huge pages declined with `madvise`) faults each one once, so the count
/// grows by at least 256 (other work of the thread may add a few).
@Suite struct ThreadPageFaultsTests {
    @Test func touchingFreshPagesCountsAFaultAPage() throws {
        #if os(Linux)
        let pages = 256, pageSize = 4096
        let size = pages * pageSize
        let region = try #require(mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
        try #require(region != MAP_FAILED)
        defer { munmap(region, size) }
        _ = madvise(region, size, MADV_NOHUGEPAGE)
        let before = try #require(ThreadPageFaults.now())
        let bytes = region.bindMemory(to: UInt8.self, capacity: size)
        for page in 0..<pages { bytes[page * pageSize] = 1 }
        let after = try #require(ThreadPageFaults.now())
        #expect(after - before >= pages)
        #else
        #expect(ThreadPageFaults.now() == nil)
        #endif
    }
}
