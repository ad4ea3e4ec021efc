#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls that write an output file, as values, so that a test can make one fail the
/// way a full disk, a quota or a lost network file server does. Each returns what the system call
/// returns and, when it fails, leaves the reason in `errno`.
///
/// On a local disk `close` and `fsync` almost never fail, yet on NFS and on some FUSE file
/// systems a write's error is reported only by them. `OutputBatch.writeFile` must then report
/// the first error and delete the temporary file; `.system` is what every command uses.
struct FileWriteCalls {
    var write: (Int32, UnsafeRawPointer?, Int) -> Int
    var fsync: (Int32) -> Int32
    var close: (Int32) -> Int32

    #if canImport(Glibc)
    static let system = FileWriteCalls(write: Glibc.write, fsync: Glibc.fsync, close: Glibc.close)
    #else
    static let system = FileWriteCalls(write: Darwin.write, fsync: Darwin.fsync, close: Darwin.close)
    #endif
}
