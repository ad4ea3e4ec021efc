// libFuzzer target: bytes → a history database file → what `history show`, `changes` and
// `page` do with it: HistoryDatabase.openForReading (recognition, schema version), read(),
// HistoryChanges.find, every HistoryFormat of show and changes, and the pages. The corpus is
// small histories (Fuzz/HistoryFuzz/corpus: two commits as `record` writes them, a version-1
// history, and the catalogue's tampered ones, all with 512-byte pages so a file is ~20 KB),
// mutated byte by byte: damaged pages, rows SQLite accepts that no `record` writes, schemas
// edited. Built by scripts/fuzz (not by `swift build`). Any trap is a finding: a database must
// be read or refused with a ScrollSimError that says why.
import Foundation
import ScrollSimHistory
import ScrollSimKit

let path = NSTemporaryDirectory() + "scrollsim-history-fuzz-\(getpid()).sqlite"

func removeDatabase() {
    for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func historyFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    removeDatabase()
    defer { removeDatabase() }
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes: data, count: size)) else { return 0 }
    do {
        let db = try HistoryDatabase.openForReading(path)
        let history = try db.read()
        let changes = HistoryChanges.find(history)
        for format in HistoryFormat.allCases {
            _ = HistoryFormat.show(history, as: format)
            _ = HistoryFormat.changes(changes, in: history, as: format)
        }
        let pages = HistoryPages.render(history, changes: changes, reportsURL: nil)
        precondition(!pages.isEmpty, "no page")
    } catch let error as ScrollSimError {
        precondition(!error.problems.isEmpty && error.problems.allSatisfy { !$0.message.isEmpty }, "an empty refusal")
    } catch {
        preconditionFailure("not a ScrollSimError: \(error)")
    }
    return 0
}
