import Foundation
import Testing

/// The one list of system packages (scripts/system-packages.sh, derived from Package.swift's
/// system-library targets) and its checks: every recipe in the docs names it, a wrong recipe or
/// a library without its runtime row is named, and the release binary's `ldd` is compared with
/// the documented runtime libraries.
@Suite struct SystemPackagesTests {
    static let root = CompareCLI.packageRoot
    static let script = root.appendingPathComponent("scripts/system-packages.sh").path

    /// Runs the script with `arguments` (and `input` on stdin) from a scratch directory.
    static func run(_ arguments: [String], input: String? = nil) throws -> (status: Int32, output: String) {
        let scratch = URL(fileURLWithPath: try CompareCLI.temporaryDirectory("system-packages"))
        defer { try? FileManager.default.removeItem(at: scratch) }
        var command = ([Self.script] + arguments).map { "'\($0)'" }.joined(separator: " ")
        if let input {
            let file = scratch.appendingPathComponent("stdin")
            try input.write(to: file, atomically: true, encoding: .utf8)
            command += " < '\(file.path)'"
        }
        return try AppRecipeTests.shell(command, in: scratch)
    }

    static func words(_ text: String) -> Set<String> {
        Set(text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
    }

    /// A scratch package root: Package.swift (this one's, or `package`) and the given files.
    static func scratchRoot(package: String? = nil, files: [String: String]) throws -> URL {
        let dir = URL(fileURLWithPath: try CompareCLI.temporaryDirectory("system-packages-root"))
        let manifest = try package ?? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        try manifest.write(to: dir.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        for (path, text) in files {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return dir
    }

    /// The build set is Package.swift's apt providers and pkg-config, read here independently;
    /// the runtime set has one package for each system library, and the Swift runtime's.
    @Test func theSetsAreDerivedFromPackageSwift() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var providers: Set<String> = ["pkg-config"]
        for piece in manifest.components(separatedBy: ".apt([").dropFirst() {
            let list = piece.prefix { $0 != "]" }
            for name in list.split(separator: ",") { providers.insert(name.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))) }
        }
        let libraries = manifest.components(separatedBy: ".systemLibrary(").count - 1
        #expect(libraries == 3, "jemalloc, SQLite and zlib; libcrypto is no longer linked")
        let build = try Self.run(["build"])
        #expect(build.status == 0)
        #expect(Self.words(build.output) == providers)
        #expect(!providers.contains("libssl-dev"))
        let runtime = try Self.run(["runtime"])
        #expect(runtime.status == 0)
        #expect(Self.words(runtime.output) == ["libjemalloc2", "libsqlite3-0", "zlib1g", "libstdc++6"])
        #expect(Self.words(try Self.run(["libraries"]).output) == ["libjemalloc.so.2", "libsqlite3.so.0", "libz.so.1", "libstdc++.so.6"])
        #expect(Self.words(try Self.run(["brew"]).output) == ["jemalloc", "sqlite", "pkg-config"])
    }

    /// Every `apt-get install` / `brew install` of ScrollSim's packages in this repository —
    /// README, Dockerfile, scripts (the CI recipes among them), .ci, Examples and the DocC
    /// articles — names exactly the derived build, runtime or Homebrew set.
    @Test func everyRecipeInTheRepositoryNamesTheDerivedSet() throws {
        let result = try Self.run(["check-docs"])
        #expect(result.status == 0, "\(result.output)")
    }

    /// A recipe that leaves SQLite out (the trial's history recipe), one that still names
    /// libssl-dev, and a runtime line without zlib are each named by file and line; a correct
    /// line, and one that installs only chromium, pass.
    @Test func aRecipeNamingAnotherSetIsNamedByFileAndLine() throws {
        let dir = try Self.scratchRoot(files: [
            "README.md": "Build:\n\n    apt-get install -y libjemalloc-dev libsqlite3-dev zlib1g-dev pkg-config\n    apt-get install -y chromium\n",
            "Sources/Kit/Kit.docc/History.md": "one\n`apt-get update && apt-get install -y libjemalloc-dev zlib1g-dev pkg-config`, then\n",
            "scripts/ci-recipes/old.yml": "steps:\n  - run: sudo apt-get install -y libjemalloc-dev libsqlite3-dev libssl-dev zlib1g-dev pkg-config\n",
            "Dockerfile": "RUN apt-get install -y --no-install-recommends libjemalloc2 libsqlite3-0 libstdc++6 \\\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try Self.run(["check-docs", dir.path])
        #expect(result.status == 1)
        #expect(result.output.contains("Sources/Kit/Kit.docc/History.md:2: apt-get install names \"libjemalloc-dev pkg-config zlib1g-dev\""), "\(result.output)")
        #expect(result.output.contains("scripts/ci-recipes/old.yml:2:"))
        #expect(result.output.contains("Dockerfile:1:"))
        #expect(!result.output.contains("README.md"))
        // With the three lines mended, the same root passes.
        let mended = try Self.scratchRoot(files: [
            "Sources/Kit/Kit.docc/History.md": "`apt-get install -y libjemalloc-dev libsqlite3-dev zlib1g-dev pkg-config`, then\n",
            "Dockerfile": "RUN apt-get install -y libjemalloc2 libsqlite3-0 zlib1g libstdc++6\nRUN brew install jemalloc sqlite pkg-config\n",
        ])
        defer { try? FileManager.default.removeItem(at: mended) }
        let passed = try Self.run(["check-docs", mended.path])
        #expect(passed.status == 0, "\(passed.output)")
    }

    /// A system library added to Package.swift without its runtime row (package, library,
    /// feature) is refused with its name, status 2, before any recipe is judged.
    @Test func aSystemLibraryWithoutItsRuntimeRowIsRefused() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
            .replacingOccurrences(of: "        .target(name: \"ScrollSimEngine\"),", with: """
                    .systemLibrary(
                        name: "CFoo",
                        pkgConfig: "foo",
                        providers: [.apt(["libfoo-dev"])]
                    ),
                    .target(name: "ScrollSimEngine"),
            """)
        #expect(manifest.contains("CFoo"))
        let dir = try Self.scratchRoot(package: manifest, files: [:])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try Self.run(["check-docs", dir.path])
        #expect(result.status == 2)
        #expect(result.output.contains("Package.swift declares the system library CFoo, but scripts/system-packages.sh has no runtime row for it"), "\(result.output)")
    }

    /// `ldd` of a release binary (the one release.sh --check reads, here its text): glibc's and
    /// libgcc's libraries are left out; the rest must be the documented ones exactly.
    @Test func lddIsComparedWithTheDocumentedRuntimeLibraries() throws {
        let base = """
            \tlinux-vdso.so.1 (0x00007ffd)
            \tlibsqlite3.so.0 => /lib/x86_64-linux-gnu/libsqlite3.so.0 (0x00007f01)
            \tlibjemalloc.so.2 => /lib/x86_64-linux-gnu/libjemalloc.so.2 (0x00007f02)
            \tlibm.so.6 => /lib/x86_64-linux-gnu/libm.so.6 (0x00007f03)
            \tlibstdc++.so.6 => /lib/x86_64-linux-gnu/libstdc++.so.6 (0x00007f05)
            \tlibgcc_s.so.1 => /lib/x86_64-linux-gnu/libgcc_s.so.1 (0x00007f06)
            \tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f07)
            \t/lib64/ld-linux-x86-64.so.2 (0x00007f08)

            """
        let zlib = "\tlibz.so.1 => /lib/x86_64-linux-gnu/libz.so.1 (0x00007f04)\n"
        let exact = try Self.run(["check-ldd", "-"], input: base + zlib)
        #expect(exact.status == 0, "\(exact.output)")
        // The binary of the last round: libcrypto too.
        let crypto = try Self.run(["check-ldd", "-"], input: base + zlib + "\tlibcrypto.so.3 => /lib/x86_64-linux-gnu/libcrypto.so.3 (0x00007f09)\n")
        #expect(crypto.status == 1)
        #expect(crypto.output.contains("ldd lists libcrypto.so.3, which the documented runtime libraries"))
        // A documented library the binary does not link.
        let missing = try Self.run(["check-ldd", "-"], input: base)
        #expect(missing.status == 1)
        #expect(missing.output.contains("the documented runtime library libz.so.1 is not in ldd's list"))
    }

    /// The release link step prints no "the use of `mktemp' is dangerous" (issue 43): the
    /// static Foundation refers to mktemp and GNU linkers warn at every link; LLVM's lld, which
    /// Swift toolchains ship beside swift, does not, so the release flags name it when it is
    /// there (scripts/common.sh, release_flags). A full release build with these flags printed
    /// no such warning (1,134 s on the shared machine).
    @Test func theReleaseLinksWithLLDWhereTheToolchainHasIt() throws {
        let scratch = URL(fileURLWithPath: try CompareCLI.temporaryDirectory("release-flags"))
        defer { try? FileManager.default.removeItem(at: scratch) }
        let flags = try AppRecipeTests.shell("cd '\(Self.root.path)' && source scripts/common.sh && printf '%s\\n' \"${release_flags[@]}\"", in: scratch)
        #expect(flags.status == 0, "\(flags.output)")
        let lld = try AppRecipeTests.shell("[ -x \"$(dirname \"$(command -v swift)\")/ld.lld\" ] || command -v ld.lld", in: scratch)
        guard lld.status == 0 else {
            print("skipped: no ld.lld beside swift or on PATH; the release links with the default linker")
            return
        }
        #expect(flags.output.split(separator: "\n").contains("-use-ld=lld"), "\(flags.output)")
    }

    /// Install.md's table is the script's `table`, and check-release.sh runs check-ldd.
    @Test func theInstallArticleAndTheReleaseCheckUseTheList() throws {
        let article = try String(contentsOf: Self.root.appendingPathComponent("Sources/ScrollSimKit/ScrollSimKit.docc/Install.md"), encoding: .utf8)
        let table = try Self.run(["table"])
        #expect(table.status == 0)
        #expect(article.contains(table.output.trimmingCharacters(in: .newlines)), "Install.md's table differs from scripts/system-packages.sh table:\n\(table.output)")
        let check = try String(contentsOf: Self.root.appendingPathComponent("scripts/check-release.sh"), encoding: .utf8)
        #expect(check.contains("scripts/system-packages.sh check-ldd -"))
    }
}
