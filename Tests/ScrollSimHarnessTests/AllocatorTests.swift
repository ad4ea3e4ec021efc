import Foundation
import Testing
@testable import ScrollSimHarness

/// `Allocator.open(ownArena: true)`: a thread on an arena of its own counts its own allocation
/// requests, whatever other threads allocate meanwhile.
@Suite struct AllocatorTests {
    final class Flags: @unchecked Sendable {
        let lock = NSCondition()
        var started = false
        var stop = false
        var noise = 0
        var delta: UInt64 = 0
        var failure: String?
    }

    @Test(.enabled(if: Harness.countsAllocations, "needs jemalloc"))
    func ownArenaCountsOnlyItsThreadsRequests() throws {
        let flags = Flags()
        // Another thread allocates and frees as fast as it can until told to stop.
        let noise = Thread {
            flags.lock.lock(); flags.started = true; flags.lock.broadcast(); flags.lock.unlock()
            var count = 0
            while true {
                for _ in 0..<1000 { free(malloc(48)) }
                count += 1000
                flags.lock.lock()
                let stop = flags.stop
                flags.lock.unlock()
                if stop { break }
            }
            flags.lock.lock(); flags.noise = count; flags.lock.broadcast(); flags.lock.unlock()
        }
        noise.start()
        flags.lock.lock()
        while !flags.started { flags.lock.wait() }
        flags.lock.unlock()

        let measured = Thread {
            do {
                let allocator = try Allocator.open(ownArena: true)
                var pointers = [UnsafeMutableRawPointer?](repeating: nil, count: 1000)
                let before = allocator.allocationRequests()
                for i in 0..<1000 { pointers[i] = malloc(48) }
                for _ in 0..<2000 { usleep(0) }
                let after = allocator.allocationRequests()
                for pointer in pointers { free(pointer) }
                flags.lock.lock(); flags.delta = after &- before; flags.lock.unlock()
            } catch {
                flags.lock.lock(); flags.failure = "\(error)"; flags.lock.unlock()
            }
            flags.lock.lock(); flags.stop = true; flags.lock.broadcast(); flags.lock.unlock()
        }
        measured.start()
        flags.lock.lock()
        while flags.noise == 0 { flags.lock.wait() }
        flags.lock.unlock()

        let delta = flags.delta
        #expect(flags.failure == nil, "\(flags.failure ?? "")")
        // 1,000 mallocs of this thread; the other thread made at least 1,000 more meanwhile,
        // which a shared counter would have added.
        #expect(delta >= 1000 && delta < 1100, "requests counted: \(delta); the other thread made \(flags.noise)")
        #expect(flags.noise >= 1000)
    }
}
