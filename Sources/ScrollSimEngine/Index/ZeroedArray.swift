#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A fixed number of plain values that start as all-zero bits: a large block in memory the
/// system hands out already zeroed (`calloc`), where a page is touched only when a value on it
/// is first written; a smaller one zeroed by a `memset`.
///
/// The position index of a 10,000,000-row list holds 200 MB of trees and heights of which a run
/// writes a few thousand values. An `Array(repeating: 0, count:)` writes every byte at set-up —
/// a page fault and a zeroing for every 4 KiB page — where `calloc` of a large block maps
/// fresh zero pages that the kernel supplies on first touch
/// ([calloc(3)](https://man7.org/linux/man-pages/man3/calloc.3.html); jemalloc and glibc both
/// skip the memset for memory they know to be fresh from `mmap`). Unwritten values read as
/// zero all the same.
///
/// Up to `memsetBytes` (4 MiB: a list of up to half a million rows) the block is
/// allocated without asking for zeros and zeroed here. jemalloc zeroes a reused block that
/// `calloc` asks for by handing its pages back to the kernel (`madvise(MADV_DONTNEED)`, its
/// `pages_purge_forced`) and the next writes fault them in again; in a process with several
/// threads (`run --jobs 2`) each of those is also a TLB shootdown, an interrupt to every other
/// core running the process. Over the shipped suite that was about 200 `madvise` calls, 2,000
/// page faults and 2,300 TLB flushes with one job, 3,300 TLB flushes with two (`perf stat`);
/// a `memset` of memory already mapped costs less than either. The block comes from `aligned_alloc`: LLVM turns a `malloc`
/// followed by a zeroing `memset` back into `calloc`.
///
/// A value type: a copy shares the storage until one of them writes (copy on write, as `Array`).
struct ZeroedArray<Element: BitwiseCopyable & Equatable>: Sendable {
    private final class Storage: @unchecked Sendable {
        let base: UnsafeMutablePointer<Element>
        let count: Int

        init(count: Int) {
            let slots = Swift.max(count, 1)
            // A size past Int's range goes to `calloc`, which refuses it (nil: the error below).
            let (bytes, overflow) = slots.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
            // A multiple of the alignment, as `aligned_alloc` asks.
            let rounded = (bytes + 15) & ~15
            let block = !overflow && bytes <= ZeroedArray.memsetBytes
                ? aligned_alloc(16, rounded).map { memset($0, 0, rounded) }
                : calloc(slots, MemoryLayout<Element>.stride)
            guard let raw = block else {
                fatalError("out of memory for \(count) values of \(MemoryLayout<Element>.stride) bytes")
            }
            base = raw.bindMemory(to: Element.self, capacity: slots)
            self.count = count
        }

        func copy() -> Storage {
            let storage = Storage(count: count)
            storage.base.update(from: base, count: count)
            return storage
        }

        deinit { free(base) }
    }

    /// The largest block zeroed by a `memset` rather than by the system (see the type).
    static var memsetBytes: Int { 4 << 20 }

    private var storage: Storage
    let count: Int

    /// `count` values of all-zero bits.
    /// - Complexity: O(`count`) up to `memsetBytes`, O(1) above (the pages are zeroed
    ///   by the system when first touched).
    init(count: Int) {
        precondition(count >= 0, "count \(count) must be ≥ 0")
        storage = Storage(count: count)
        self.count = count
    }

    /// Bounds are checked with one unsigned comparison (a negative index is a huge unsigned
    /// one; `count` is never negative): the frame loop reads heights here many times a frame.
    subscript(i: Int) -> Element {
        get {
            precondition(UInt(bitPattern: i) < UInt(bitPattern: count), "index \(i) outside 0..<\(count)")
            return storage.base[i]
        }
        set {
            precondition(UInt(bitPattern: i) < UInt(bitPattern: count), "index \(i) outside 0..<\(count)")
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            storage.base[i] = newValue
        }
    }
}

extension ZeroedArray: Equatable {
    /// Equal when they hold equal values (`==` of the element).
    static func == (a: ZeroedArray, b: ZeroedArray) -> Bool {
        guard a.count == b.count else { return false }
        if a.storage === b.storage { return true }
        for i in 0..<a.count where a.storage.base[i] != b.storage.base[i] { return false }
        return true
    }
}
