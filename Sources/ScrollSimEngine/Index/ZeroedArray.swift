#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A fixed number of plain values that start as all-zero bits, in memory the system hands out
/// already zeroed (`calloc`): a page of it is touched only when a value on it is first written.
///
/// The position index of a 10,000,000-row list holds 200 MB of trees and heights of which a run
/// writes a few thousand values. An `Array(repeating: 0, count:)` writes every byte at set-up —
/// a page fault and a zeroing for every 4 KiB page — where `calloc` of a large block maps
/// fresh zero pages that the kernel supplies on first touch
/// ([calloc(3)](https://man7.org/linux/man-pages/man3/calloc.3.html); jemalloc and glibc both
/// skip the memset for memory they know to be fresh from `mmap`). Unwritten values read as
/// zero all the same.
///
/// A value type: a copy shares the storage until one of them writes (copy on write, as `Array`).
struct ZeroedArray<Element: BitwiseCopyable & Equatable>: Sendable {
    private final class Storage: @unchecked Sendable {
        let base: UnsafeMutablePointer<Element>
        let count: Int

        init(count: Int) {
            guard let raw = calloc(Swift.max(count, 1), MemoryLayout<Element>.stride) else {
                fatalError("out of memory for \(count) values of \(MemoryLayout<Element>.stride) bytes")
            }
            base = raw.bindMemory(to: Element.self, capacity: Swift.max(count, 1))
            self.count = count
        }

        func copy() -> Storage {
            let storage = Storage(count: count)
            storage.base.update(from: base, count: count)
            return storage
        }

        deinit { free(base) }
    }

    private var storage: Storage
    let count: Int

    /// `count` values of all-zero bits.
    /// - Complexity: O(1) (the pages are zeroed by the system when first touched).
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
