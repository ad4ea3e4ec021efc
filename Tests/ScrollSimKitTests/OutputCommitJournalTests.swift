import Foundation
import Testing
@testable import ScrollSimKit

/// The commit journal (`OutputCommit.encode`/`decode`): what a killed commit leaves for the next
/// command to finish. Decoding is only exercised when a process died mid-commit (OutputSafetyTests
/// kills one, in the CLI's tests); here it is read back directly, field by field, and a journal
/// that is not whole or not ours is refused rather than half-applied.
struct OutputCommitJournalTests {
    static let renames = [
        OutputCommit.Rename(temporary: "/r/.scrollsim-1-a.tmp", final: "/r/a.json", backup: "/r/.scrollsim-1-b.tmp"),
        OutputCommit.Rename(temporary: "/p/.scrollsim-1-c.tmp", final: "/p/a.html", backup: nil),
    ]
    static let removals = [OutputCommit.Removal(path: "/r/gone.json", backup: "/r/.scrollsim-1-d.tmp")]
    static let directories = ["/r", "/p"]

    @Test func aJournalReadsBackAsItWasWritten() throws {
        let bytes = OutputCommit.encode(renames: Self.renames, removals: Self.removals, directories: Self.directories)
        let decoded = try #require(OutputCommit.decode(bytes))
        #expect(decoded.directories == Self.directories)
        #expect(decoded.renames.map(\.temporary) == Self.renames.map(\.temporary))
        #expect(decoded.renames.map(\.final) == Self.renames.map(\.final))
        #expect(decoded.renames.map(\.backup) == Self.renames.map(\.backup))
        #expect(decoded.removals.map(\.path) == Self.removals.map(\.path))
        #expect(decoded.removals.map(\.backup) == Self.removals.map(\.backup))
    }

    /// A commit's journal lies in the directory it commits into (where the next command looks
    /// for it, and on the same file system as the renames), named by the committing process;
    /// the root directory gets no doubled slash.
    @Test func theJournalLiesInItsDirectory() {
        #expect(OutputCommit.journalPath(in: "/r/out", pid: 42) == "/r/out/.scrollsim-42-commit.journal")
        #expect(OutputCommit.journalPath(in: "/", pid: 42) == "/.scrollsim-42-commit.journal")
    }

    @Test func aJournalCutShortOrNotOursIsRefused() {
        let bytes = OutputCommit.encode(renames: Self.renames, removals: Self.removals, directories: Self.directories)
        // Cut before its closing "end" (the writer died while writing it).
        #expect(OutputCommit.decode(Array(bytes.dropLast(4))) == nil)
        #expect(OutputCommit.decode([]) == nil)
        // Another program's file, or another version's, with the same shape.
        var foreign = Array("other-commit-1".utf8) + [0]
        foreign += bytes.drop { $0 != 0 }.dropFirst()
        #expect(OutputCommit.decode(foreign) == nil)
    }

    /// A commit with nothing to do writes the magic, "end" and the last NUL's empty field:
    /// three fields, which read back as nothing to do (not refused).
    @Test func anEmptyJournalReadsBackEmpty() throws {
        let bytes = OutputCommit.encode(renames: [], removals: [], directories: [])
        #expect(bytes.split(separator: 0, omittingEmptySubsequences: false).count == 3)
        let decoded = try #require(OutputCommit.decode(bytes))
        #expect(decoded.renames.isEmpty && decoded.removals.isEmpty && decoded.directories.isEmpty)
    }

    /// A record with fewer paths than its letter needs, closed by "end" (another version's
    /// journal, or a hand-edited one): refused, never read with "end" as one of its paths.
    /// Each letter one path short: `j` with none, `r` with two of three, `d` with one of two.
    @Test func aRecordCutShortBeforeEndIsRefused() {
        func journal(_ fields: [String]) -> [UInt8] {
            ([OutputCommit.magic] + fields).flatMap { Array($0.utf8) + [0] }
        }
        #expect(OutputCommit.decode(journal(["j", "end"])) == nil)
        #expect(OutputCommit.decode(journal(["r", "/r/t.tmp", "/r/a.json", "end"])) == nil)
        #expect(OutputCommit.decode(journal(["d", "/r/gone.json", "end"])) == nil)
        // The same records whole are read.
        let whole = OutputCommit.decode(journal(["j", "/r", "r", "/r/t.tmp", "/r/a.json", "", "d", "/r/gone.json", "/r/b.tmp", "end"]))
        #expect(whole?.directories == ["/r"] && whole?.renames.map(\.final) == ["/r/a.json"] && whole?.removals.map(\.backup) == ["/r/b.tmp"])
    }

    /// A path's last name, as basename(1) gives it: trailing slashes go first, and the root is
    /// "/" however many slashes spell it.
    @Test func aPathsNameIsItsLastComponent() {
        #expect(OutputCommit.name(of: "/r/a.json") == "a.json")
        #expect(OutputCommit.name(of: "a.json") == "a.json")
        #expect(OutputCommit.name(of: "r/html//") == "html")
        #expect(OutputCommit.name(of: "x/") == "x")
        #expect(OutputCommit.name(of: "/") == "/")
        #expect(OutputCommit.name(of: "//") == "/")
        #expect(OutputCommit.name(of: "///") == "/")
    }

    /// A commit journal left whole by a process that is gone is finished by the next command
    /// that writes into its folder: its renames are made and the journal removed. This
    /// process's own journal there is not touched.
    @Test func aDeadProcesssWholeJournalIsFinished() throws {
        let dir = try OutputBatchTests.directory()
        let real = OutputGuard.resolved(dir)
        let dead = try OutputBatchTests.deadPid()
        let temporary = real + "/.scrollsim-\(dead)-1.tmp"
        try "new".write(toFile: temporary, atomically: false, encoding: .utf8)
        try "old".write(toFile: real + "/a.json", atomically: false, encoding: .utf8)
        let journal = OutputCommit.encode(renames: [OutputCommit.Rename(temporary: temporary, final: real + "/a.json", backup: nil)],
                                          removals: [], directories: [real])
        try OutputBatch.writeFile(journal, to: OutputCommit.journalPath(in: real, pid: dead), for: real + "/journal")
        // This process's own journal in the same folder is left alone.
        let mine = OutputCommit.journalPath(in: real, pid: getpid())
        try OutputBatch.writeFile(journal, to: mine, for: real + "/journal")
        defer { unlink(mine) }
        OutputCommit.resolveLeftovers(in: real)
        #expect(try String(contentsOfFile: real + "/a.json", encoding: .utf8) == "new")
        #expect(access(OutputCommit.journalPath(in: real, pid: dead), F_OK) != 0)
        #expect(access(mine, F_OK) == 0)
    }

    /// A journal whose process still runs is that process's commit under way: the next command
    /// in its folder leaves it and its files alone, and asks whether the process runs with the
    /// null signal, which sends nothing. SIGHUP (1) would end a writer that did nothing wrong,
    /// and then, its journal skipped as a live one's, leave the commit unfinished. The answer is
    /// kill(2)'s result: a call that succeeds leaves `errno` as it was, and a dead process's
    /// journal read just before leaves ESRCH there, so `errno` alone would take the live
    /// process for a dead one and finish its commit under it.
    @Test func aLiveProcesssJournalIsLeftAndSentNoSignal() throws {
        let real = OutputGuard.resolved(try OutputBatchTests.directory())
        let live = try OutputBatchTests.sleepingChild()
        defer { OutputBatchTests.end(live) }
        let temporary = real + "/.scrollsim-\(live)-1.tmp"
        try "new".write(toFile: temporary, atomically: false, encoding: .utf8)
        let journal = OutputCommit.encode(renames: [OutputCommit.Rename(temporary: temporary, final: real + "/a.json", backup: nil)],
                                          removals: [], directories: [real])
        try OutputBatch.writeFile(journal, to: OutputCommit.journalPath(in: real, pid: live), for: real + "/journal")
        errno = ESRCH
        OutputCommit.resolveLeftovers(in: real)
        #expect(access(OutputCommit.journalPath(in: real, pid: live), F_OK) == 0)
        #expect(access(temporary, F_OK) == 0)
        #expect(access(real + "/a.json", F_OK) != 0)
        #expect(OutputBatchTests.stillRuns(live))
    }
}
