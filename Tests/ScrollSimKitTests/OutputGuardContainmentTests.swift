import Foundation
@testable import ScrollSimKit
import ScrollSimEngine
import Testing

/// `OutputGuard`'s containment — an output may not be an input nor lie directly inside an input
/// directory — for paths written every way a user writes them: relative to the working
/// directory, through `..`, through symbolic links to folders, one folder given two ways. The
/// guard resolves with the file system (`realpath`); the reference here resolves in memory,
/// from the tree the test built, and the two must agree on every path drawn.
@Suite struct OutputGuardContainmentTests {
    /// A scratch tree, by real path:
    ///
    ///     root/in/a.json        in/ is an input directory
    ///     root/in/sub/
    ///     root/out/b.json       an input file
    ///     root/link-in  → in    root/link-out → out    root/out/up → .. (root)
    struct Tree {
        let root: String
        /// Symbolic links by real path of the link, to the real path they resolve to.
        let links: [String: String]
        /// Real paths of everything that exists (not links).
        let entries: Set<String>

        init() throws {
            let base = FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-guard-\(UUID().uuidString)").path
            let fm = FileManager.default
            try fm.createDirectory(atPath: base + "/in/sub", withIntermediateDirectories: true)
            try fm.createDirectory(atPath: base + "/out", withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: URL(fileURLWithPath: base + "/in/a.json"))
            try Data("{}".utf8).write(to: URL(fileURLWithPath: base + "/out/b.json"))
            try fm.createSymbolicLink(atPath: base + "/link-in", withDestinationPath: "in")
            try fm.createSymbolicLink(atPath: base + "/link-out", withDestinationPath: base + "/out")
            try fm.createSymbolicLink(atPath: base + "/out/up", withDestinationPath: "..")
            root = try #require(OutputGuard.realPath(base))
            links = [root + "/link-in": root + "/in", root + "/link-out": root + "/out", root + "/out/up": root]
            entries = [root, root + "/in", root + "/in/a.json", root + "/in/sub", root + "/out", root + "/out/b.json"]
        }

        /// The reference resolution: component by component from `start` (a real path), `.`
        /// skipped, `..` the real parent (a link's `..` is its target's parent, as the kernel
        /// has it), a link replaced by its target, and from the first name that does not exist
        /// on, names appended as they are (`..` still dropping the name before).
        func resolve(_ components: [String], from start: String) -> String {
            var current = start
            var exists = true
            for name in components where name != "." && !name.isEmpty {
                if name == ".." {
                    current = Self.parent(current)
                    continue
                }
                let candidate = (current == "/" ? "" : current) + "/" + name
                if exists, let target = links[candidate] {
                    current = target
                } else if exists, entries.contains(candidate) {
                    current = candidate
                } else {
                    exists = false
                    current = candidate
                }
            }
            return current
        }

        static func parent(_ path: String) -> String {
            guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
            return String(path[..<slash])
        }

        /// A path to `root` relative to the working directory: `..` up to `/`, then down.
        func relativeRoot() -> String {
            let cwd = OutputGuard.resolved(".")
            let depth = cwd.split(separator: "/").count
            return Array(repeating: "..", count: depth).joined(separator: "/") + root
        }

        /// The guard with `in/` and `out/b.json` registered as inputs, given as written.
        func guarded(relative: Bool) -> OutputGuard {
            var guardian = OutputGuard()
            let prefix = relative ? relativeRoot() : root
            guardian.read(prefix + "/link-in")
            guardian.read(prefix + "/link-out/b.json")
            return guardian
        }

        /// Whether the reference refuses a write to `real`.
        func refuses(_ real: String) -> Bool {
            real == root + "/in" || real == root + "/out/b.json" || Self.parent(real) == root + "/in"
        }
    }

    /// The fault the guard once had: the containment check took the parent of the path as
    /// written, not as resolved, so a relative output inside an input folder got through.
    @Test func aRelativeOutputInsideAnInputFolderIsRefused() throws {
        let tree = try Tree()
        let relative = tree.relativeRoot()
        for path in [relative + "/in/new.json", relative + "/in/a.json", relative + "/out/../in/new.json",
                     relative + "/link-out/up/in/new.json", relative + "/in/sub/../new.json"] {
            var guardian = tree.guarded(relative: false)
            #expect(throws: ScrollSimError.self, "\(path)") { try guardian.claim(path, as: "the report") }
            #expect(throws: ScrollSimError.self, "\(path)") { try guardian.checkRemoval(path) }
        }
        // Beside the input folder, and in a subfolder of it (only files directly inside an
        // input directory are its inputs), the writes are allowed.
        for path in [relative + "/out/new.json", relative + "/in/sub/new.json", relative + "/link-in/sub/x.json", relative + "/new.json"] {
            var guardian = tree.guarded(relative: true)
            #expect(throws: Never.self, "\(path)") { try guardian.claim(path, as: "the report") }
        }
    }

    /// One folder given two ways — through a link and by its own name, one relative and one
    /// absolute — is one folder: an output claimed both ways is one file claimed twice.
    @Test func oneFileGivenTwoWaysIsClaimedOnce() throws {
        let tree = try Tree()
        var guardian = OutputGuard()
        try guardian.claim(tree.root + "/out/c.json", as: "the report of a")
        #expect(throws: ScrollSimError.self) { try guardian.claim(tree.relativeRoot() + "/link-out/c.json", as: "the report of b") }
        #expect(throws: ScrollSimError.self) { try guardian.claim(tree.root + "/out/up/link-out/./c.json", as: "the report of c") }
    }

    /// The property: for 2,000 paths drawn from the tree's names, `.`, `..`, links and names that
    /// do not exist, absolute or relative, the guard refuses exactly the writes the reference
    /// refuses, and resolves each path where the reference does.
    @Test func theGuardAgreesWithTheReferenceOnDrawnPaths() throws {
        let tree = try Tree()
        let names = ["in", "out", "sub", "link-in", "link-out", "up", "a.json", "b.json", "new.json", ".", "..", "x"]
        var rng = SplitMix64(seed: 48_2026)
        for draw in 0..<2000 {
            let length = Int.random(in: 1...5, using: &rng)
            let components = (0..<length).map { _ in names.randomElement(using: &rng)! }
            let relative = Bool.random(using: &rng)
            let path = (relative ? tree.relativeRoot() : tree.root) + "/" + components.joined(separator: "/")
            // `relativeRoot()` climbs from the working directory to `/` and comes down real names
            // to the root, so both forms start at the root.
            let expected = tree.resolve(components, from: tree.root)
            #expect(OutputGuard.resolved(path) == expected, "draw \(draw): \(path)")
            var guardian = tree.guarded(relative: Bool.random(using: &rng))
            let refused: Bool
            do {
                try guardian.claim(path, as: "the report")
                refused = false
            } catch {
                refused = true
            }
            #expect(refused == tree.refuses(expected), "draw \(draw): \(path) → \(expected)")
        }
    }
}
