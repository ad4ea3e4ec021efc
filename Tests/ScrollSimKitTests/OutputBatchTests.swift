import Foundation
@testable import ScrollSimKit
import Testing

/// Outputs are written all or nothing: staged to recognisable temporary files in their
/// directory, renamed at the commit; an abort (or a dropped batch) leaves nothing new, not even
/// the directories it made; temporary files of a killed run are swept by the next.
@Suite struct OutputBatchTests {
    static func directory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-batch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func names(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    @Test func filesAppearOnlyAtTheCommit() throws {
        let dir = try Self.directory()
        let batch = OutputBatch()
        try batch.stage("one", to: dir + "/a.json")
        try batch.stage("two", to: dir + "/b.json")
        // Before the commit: only this process's temporary files, by their recognisable names.
        let pid = getpid()
        #expect(Self.names(dir) == [".scrollsim-\(pid)-1.tmp", ".scrollsim-\(pid)-2.tmp"])
        try batch.commit()
        #expect(Self.names(dir) == ["a.json", "b.json"])
        #expect(try String(contentsOfFile: dir + "/b.json", encoding: .utf8) == "two")
    }

    /// The folder an exit test's child process of `parent` writes in.
    static func exitTestFolder(parent: pid_t) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-batch-exit-\(parent)").path
    }

    /// A batch is used once: after its commit it takes no more files (a precondition, so the
    /// process stops, in every build), where a file staged would be left as a temporary file no
    /// commit renames. Found by a generated mutant that left the batch open after its commit.
    @Test func aCommittedBatchTakesNoMoreFiles() async throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // The child process writes in a folder named after this one, which removes it after.
        defer { try? FileManager.default.removeItem(atPath: Self.exitTestFolder(parent: getpid())) }
        await #expect(processExitsWith: .failure) {
            let dir = OutputBatchTests.exitTestFolder(parent: getppid())
            try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            let batch = OutputBatch()
            try? batch.stage("one", to: dir + "/a.json")
            try? batch.commit()
            try? batch.stage("two", to: dir + "/b.json")
        }
        // The same batch committed once, and nothing staged after: it passes.
        let batch = OutputBatch()
        try batch.stage("one", to: dir + "/a.json")
        try batch.commit()
        #expect(Self.names(dir) == ["a.json"])
    }

    /// A temporary file's path: in its output's directory, with one slash in the root.
    @Test func aTemporaryFileLiesBesideItsOutput() {
        let pid = getpid()
        #expect(OutputBatch.temporary(in: "/a/b", 1) == "/a/b/.scrollsim-\(pid)-1.tmp")
        #expect(OutputBatch.temporary(in: "/", 12) == "/.scrollsim-\(pid)-12.tmp")
    }

    /// The directory an output lands in, as dirname(3) answers: trailing slashes go first, and
    /// a bare name lies in ".". The root is "/" however many slashes spell it (glibc's dirname
    /// keeps "//" as it is, which POSIX allows).
    @Test func anOutputsDirectoryIsItsPathLessItsLastName() {
        let cases = [("/", "/"), ("//", "/"), ("/a", "/"), ("/a/", "/"), ("a", "."), ("a/", "."), ("", "."),
                     ("a/b", "a"), ("a/b/", "a"), ("/r/out/x.json", "/r/out")]
        for (path, directory) in cases {
            #expect(OutputBatch.directory(of: path) == directory, "\(path)")
        }
    }

    @Test func anAbortLeavesNothingNewNotEvenDirectories() throws {
        let dir = try Self.directory()
        try "old".write(toFile: dir + "/a.json", atomically: true, encoding: .utf8)
        let batch = OutputBatch()
        try batch.stage("new", to: dir + "/a.json")
        try batch.stage("page", to: dir + "/html/deep/index.html")
        batch.abort()
        #expect(Self.names(dir) == ["a.json"])
        #expect(try String(contentsOfFile: dir + "/a.json", encoding: .utf8) == "old")
    }

    /// An abort removes only the directories the batch made: an empty folder that was there
    /// before (the user's, made for the outputs) is kept, beside and above the one it made.
    @Test func anAbortKeepsAnEmptyDirectoryItDidNotMake() throws {
        let dir = try Self.directory()
        try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: true)
        let batch = OutputBatch()
        try batch.stage("report", to: dir + "/out/a.json")
        try batch.stage("page", to: dir + "/out/html/index.html")
        batch.abort()
        #expect(Self.names(dir) == ["out"])
        #expect(Self.names(dir + "/out") == [])
    }

    /// A folder that cannot be made is said as such, with the folder and the system's reason.
    /// The checks before it catch a file on the path or a name over 255 bytes, so what is left
    /// is the system refusing (a full disk, a read-only mount); mkdir(2) is replaced by one that
    /// says `ENOSPC`. Found by a generated mutant that threw only on EEXIST and went on as if
    /// the folder had been made.
    @Test func aFolderThatCannotBeMadeIsSaid() throws {
        let dir = try Self.directory()
        let batch = OutputBatch()
        let error = #expect(throws: ScrollSimError.self) {
            try batch.makeDirectory(dir + "/new/deep", for: dir + "/new/deep/a.json") { _, _ in
                errno = ENOSPC
                return -1
            }
        }
        #expect(error?.reason == "cannot create \(dir)/new: \(InputFile.reason(ENOSPC))")
        #expect(Self.names(dir) == [])
    }

    /// A folder another process makes between the look and the mkdir (two runs writing to one
    /// `Reports/`) is used, not counted as made: an abort leaves it to its maker. The stand-in
    /// mkdir makes the folder, as the other process would, then answers EEXIST.
    @Test func aFolderAnotherProcessMadeFirstIsTheirs() throws {
        let dir = try Self.directory()
        let batch = OutputBatch()
        try batch.makeDirectory(dir + "/shared", for: dir + "/shared/a.json") { path, mode in
            _ = mkdir(path, mode)
            errno = EEXIST
            return -1
        }
        #expect(batch.created.isEmpty)
        try batch.stage("report", to: dir + "/shared/a.json")
        batch.abort()
        #expect(Self.names(dir) == ["shared"])
    }

    @Test func aDroppedBatchAborts() throws {
        let dir = try Self.directory()
        do {
            let batch = OutputBatch()
            try batch.stage("x", to: dir + "/new/a.json")
        }
        #expect(Self.names(dir) == [])
    }

    @Test func aFailedStageAbortsEverythingStagedBefore() throws {
        let dir = try Self.directory()
        try FileManager.default.createDirectory(atPath: dir + "/taken.json", withIntermediateDirectories: true)
        let batch = OutputBatch()
        try batch.stage("report", to: dir + "/reports/a.json")
        #expect(throws: ScrollSimError.self) { try batch.stage("x", to: dir + "/taken.json") }
        #expect(Self.names(dir) == ["taken.json"])
    }

    @Test func removalsHappenAtTheCommit() throws {
        let dir = try Self.directory()
        try "stale".write(toFile: dir + "/gone.json", atomically: true, encoding: .utf8)
        let batch = OutputBatch()
        try batch.stageRemoval(dir + "/gone.json")
        try batch.stage("fresh", to: dir + "/kept.json")
        #expect(Self.names(dir).contains("gone.json"))
        try batch.commit()
        #expect(Self.names(dir) == ["kept.json"])
    }

    /// A pid that is certainly not running: a child that has exited and been reaped.
    static func deadPid() throws -> Int32 {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        return child.processIdentifier
    }

    @Test func temporaryFilesOfDeadProcessesAreSwept() throws {
        let dir = try Self.directory()
        let dead = try Self.deadPid()
        let alive = getppid()
        try "half".write(toFile: dir + "/.scrollsim-\(dead)-1.tmp", atomically: false, encoding: .utf8)
        try "busy".write(toFile: dir + "/.scrollsim-\(alive)-1.tmp", atomically: false, encoding: .utf8)
        try "mine".write(toFile: dir + "/.scrollsim-notes.tmp", atomically: false, encoding: .utf8)
        let batch = OutputBatch()
        try batch.stage("r", to: dir + "/r.json")
        try batch.commit()
        // The dead process's file is gone; a live process's, and a name that is not ours, stay.
        #expect(Self.names(dir) == [".scrollsim-\(alive)-1.tmp", ".scrollsim-notes.tmp", "r.json"])
    }

    /// A temporary file's owner is read only from a name of the batch's own shape: a process
    /// id above 0 (kill(2) reads 0 and below as process groups) and a counter. A name with an
    /// empty part (`--5`) is not one: the sweep must not delete another tool's file because
    /// process 5 is gone.
    @Test func onlyABatchsOwnNameHasAnOwner() {
        #expect(OutputBatch.owner(ofTemporary: ".scrollsim-4242-7.tmp") == 4242)
        #expect(OutputBatch.owner(ofTemporary: ".scrollsim-1-1.tmp") == 1)
        #expect(OutputBatch.owner(ofTemporary: ".scrollsim-0-1.tmp") == nil)
        #expect(OutputBatch.owner(ofTemporary: ".scrollsim--5-1.tmp") == nil)
        #expect(OutputBatch.owner(ofTemporary: ".scrollsim-4242.tmp") == nil)
        #expect(OutputBatch.owner(ofTemporary: ".scrollsim-4242-7-1.tmp") == nil)
        #expect(OutputBatch.owner(ofTemporary: ".scrollsim-4242-x.tmp") == nil)
        #expect(OutputBatch.owner(ofTemporary: ".scrollsim-notes.tmp") == nil)
        #expect(OutputBatch.owner(ofTemporary: "scrollsim-4242-7.tmp") == nil)
        #expect(OutputBatch.owner(ofTemporary: ".scrollsim-4242-7.json") == nil)
    }

    /// The sweep asks whether a temporary file's process is alive with the null signal (0),
    /// which checks and sends nothing: a live process whose file it finds keeps running, and
    /// its file stays. Any other signal (SIGHUP is 1) would end a writer that did nothing wrong.
    /// (`sleepingChild` is a writer that a SIGHUP would end.)
    @Test func theSweepSendsALiveProcessNoSignal() throws {
        let dir = try Self.directory()
        let pid = try Self.sleepingChild()
        defer { Self.end(pid) }
        let busy = ".scrollsim-\(pid)-1.tmp"
        try "busy".write(toFile: dir + "/" + busy, atomically: false, encoding: .utf8)
        let batch = OutputBatch()
        try batch.stage("r", to: dir + "/r.json")
        try batch.commit()
        #expect(Self.names(dir) == [busy, "r.json"])
        #expect(Self.stillRuns(pid))
        // The answer is kill(2)'s result, not `errno`: a call that succeeds leaves it as it was,
        // and a dead process's file looked at just before leaves ESRCH there.
        errno = ESRCH
        OutputBatch().sweep(dir)
        #expect(Self.names(dir) == [busy, "r.json"])
    }

    /// A live process that did nothing wrong (`sleep 60`), started with SIGHUP at its default
    /// action (ending it) and no signal blocked, not ignored or blocked as it may be here (under
    /// `nohup`, in a test runner's thread), so that a SIGHUP sent to it would show. `end` kills
    /// and reaps it.
    static func sleepingChild() throws -> pid_t {
        #if canImport(Darwin)
        var attributes: posix_spawnattr_t? = nil
        #else
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGHUP)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let arguments = ["/bin/sleep", "60"]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        try #require(posix_spawn(&pid, "/bin/sleep", nil, &attributes, argv, environ) == 0)
        return pid
    }

    /// Whether the child still runs. A signal, had one been sent, is delivered before kill(2)
    /// returns; the child is given a moment to end all the same before it is asked.
    static func stillRuns(_ pid: pid_t) -> Bool {
        usleep(100_000)
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == 0
    }

    static func end(_ pid: pid_t) {
        var status: Int32 = 0
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
    }

    @Test func pathsAreCheckedBeforeAnyWorkInPlainWords() throws {
        let dir = try Self.directory()
        try "x".write(toFile: dir + "/file", atomically: true, encoding: .utf8)
        func reason(_ body: () throws -> Void) -> String {
            do {
                try body()
                return "ok"
            } catch let failure as ScrollSimError {
                return failure.description
            } catch {
                return "\(error)"
            }
        }
        #expect(reason { try OutputBatch.checkFile(dir) } == "cannot write \(dir): it is a directory")
        #expect(reason { try OutputBatch.checkFile("") } == "cannot write \"\": the path is empty; give a file name")
        #expect(reason { try OutputBatch.checkFile(dir + "/file/a.json") } == "cannot write \(dir)/file/a.json: \(dir)/file is a file, not a directory")
        #expect(reason { try OutputBatch.checkDirectory(dir + "/file") } == "cannot write \(dir)/file: exists and is not a directory")
        let long = String(repeating: "n", count: 300)
        #expect(reason { try OutputBatch.checkFile(dir + "/\(long).json") } == "cannot write \(dir)/\(long).json: the name \"\(long.prefix(40))…\" is longer than 255 bytes")
        #expect(reason { try OutputBatch.checkFile(dir + "/new/deeper/a.json") } == "ok")
        // NAME_MAX is 255 bytes: a name of 255 (250 + ".json") is fine, one of 256 is not.
        let longest = String(repeating: "n", count: 250) + ".json"
        #expect(reason { try OutputBatch.checkFile(dir + "/" + longest) } == "ok")
        #expect(reason { try OutputBatch.checkFile(dir + "/n" + longest) }
                == "cannot write \(dir)/n\(longest): the name \"\(("n" + longest).prefix(40))…\" is longer than 255 bytes")
        // PATH_MAX is 4,096 bytes with the terminating NUL: a path of 4,095 is fine, 4,096 not.
        let deep = { (length: Int) -> String in
            var path = dir
            while path.utf8.count + 101 < length { path += "/" + String(repeating: "d", count: 100) }
            return path + "/" + String(repeating: "f", count: length - path.utf8.count - 1)
        }
        #expect(deep(4095).utf8.count == 4095 && deep(4096).utf8.count == 4096)
        #expect(reason { try OutputBatch.checkFile(deep(4095)) } == "ok")
        #expect(reason { try OutputBatch.checkFile(deep(4096)) } == "cannot write \(deep(4096)): the path is too long")
        #expect(Self.names(dir) == ["file"], "checking creates nothing")
    }
}
