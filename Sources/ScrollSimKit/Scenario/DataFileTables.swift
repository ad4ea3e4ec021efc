import Foundation
import ScrollSimEngine

/// Data files already read and checked while loading one batch of scenarios, so that a data
/// file several scenarios name is parsed once.
///
/// Scenario pairs share their data: the shipped suite's ten photo feeds name the same
/// 10,000-line CSV, and parsing it was an eighth of `run`'s CPU over the suite. A table is
/// reused only for the same bytes read under the same terms — the file's kind (CSV or JSON
/// Lines), the scenario's view type names and height forms (which a record's type and size are
/// checked against) and the record limit — so the result is the one a fresh read would give.
/// Only a read that reported nothing is kept: a file with problems is read again by each
/// scenario that names it, and each reports them under its own name and key.
///
/// The bytes are still read from disk by every scenario (the file may have changed between
/// two reads, and the reads are cheap); only the parse is shared. Safe to share between the
/// threads of `OrderedParallel` (a lock around the list).
package final class DataFileTables: @unchecked Sendable {
    /// What a table was read under.
    struct Terms: Equatable {
        var csv: Bool
        var typeNames: [String]
        var heightForms: [HeightSpec]
        var dataRows: Int
    }

    /// A table and the terms it was read under.
    private struct Kept {
        var terms: Terms
        var table: DataFile.Table

        /// Whether it was read from exactly these bytes under these terms.
        func matches(_ bytes: [UInt8], _ terms: Terms) -> Bool {
            self.terms == terms && DataFileTables.same(table.bytes, bytes)
        }
    }

    private var kept: [Kept] = []
    private let lock = NSLock()

    package init() {}

    /// The table read from exactly these bytes under these terms, if one was kept.
    func table(_ bytes: [UInt8], _ terms: Terms) -> DataFile.Table? {
        lock.lock()
        defer { lock.unlock() }
        return kept.first { $0.matches(bytes, terms) }?.table
    }

    /// Keeps a table that was read without a problem.
    func keep(_ table: DataFile.Table, _ terms: Terms) {
        lock.lock()
        defer { lock.unlock() }
        guard !kept.contains(where: { $0.matches(table.bytes, terms) }) else { return }
        kept.append(Kept(terms: terms, table: table))
    }

    /// Whether two files' bytes are the same: their counts, then one `memcmp`.
    static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { a in b.withUnsafeBytes { b in a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }
    }
}
