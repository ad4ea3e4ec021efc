import Foundation
import Testing

/// The python3 that runs the mutation scripts in these tests (GeneratedMutantsTests,
/// MutantSchemataTests); nil when none is installed.
let generatorPython = ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

/// Runs that python3 with `arguments`; returns its exit status and what it printed on standard
/// output (and standard error too, with `standardError`).
func runGeneratorPython(_ arguments: [String], standardError: Bool = false) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(generatorPython))
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    if standardError { process.standardError = pipe }
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// `scripts/mutate --generated` derives mutants mechanically (`scripts/mutation_generate.py`).
/// Its generator is checked on a fixture worked by hand: every operator it knows, at the right
/// column, and nothing in a comment, a string literal or an assertion.
@Suite(.enabled(if: generatorPython != nil, "python3 is not installed"))
struct GeneratedMutantsTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func generate(_ source: String) throws -> [String] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-mutants-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("Fixture.swift")
        try Data(source.utf8).write(to: file)
        let run = try runGeneratorPython([root.appendingPathComponent("scripts/mutation_generate.py").path, file.path])
        #expect(run.status == 0)
        return run.output.split(separator: "\n").map(String.init)
    }

    /// A mutant's own suites are found by its file's name: `LazyStack+ViewResolution.swift`
    /// gives `LazyStackViewResolution`, `LazyStack`, and the suites that start with the
    /// extension's own concept, `\.ViewResolution` (ViewResolutionTests: the suite that kills
    /// that file's mutants, where the run otherwise reached it after 23 minutes of other
    /// suites); a file with no `+` gives its name alone. (In an empty package: no type's users.)
    @Test func ownSuitesComeFromTheFileNameAndItsExtensionsConcept() throws {
        let script = """
        import sys
        sys.path.insert(0, sys.argv[1])
        import mutation_generate as g
        for path in ("Sources/X/LazyStack+ViewResolution.swift", "Sources/X/OutputBatch.swift", "Sources/X/A+B+C.swift"):
            print(g.filters_for("/nonexistent", path, ""))
        """
        let run = try runGeneratorPython(["-c", script, Self.root.appendingPathComponent("scripts").path])
        #expect(run.status == 0)
        #expect(run.output.split(separator: "\n").map(String.init) == [
            #"['LazyStackViewResolution', 'LazyStack', '\\.ViewResolution']"#,
            "['OutputBatch']",
            #"['ABC', 'A', '\\.B', '\\.C']"#,
        ])
    }

    /// Line 4, `    if a < b && b != 3 {`: `<` at column 10 made non-strict and negated, `&&` at 14,
    /// `!=` at 19, the bound 3 at 22 moved by one each way, and the condition (from column 8)
    /// negated. Line 5: `max` at 16, `<=` at 26 made strict and negated, `*` at 31 (the 0 and the
    /// 2 stand beside no comparison). Line 8: `true` at 12. Line 10: the range `..<` at 11, its
    /// bounds 0 (at 10: up only) and 4 (at 14), and `-` at 24. Lines 1, 2 and 7 — a comment, a
    /// string, an assertion — and the arrow of line 3 give none.
    @Test func everyOperatorAtItsColumnAndNothingElse() throws {
        let source = """
        // a < b in a comment
        let s = "x < y"
        func f(_ a: Int, _ b: Int) -> Bool {
            if a < b && b != 3 {
                return max(a, 0) <= b * 2
            }
            assert(a > 0)
            return true
        }
        for i in 0..<4 { _ = i - 1 }
        """
        #expect(try Self.generate(source) == [
            "4:8 condition a < b && b != 3 → !(a < b && b != 3)",
            "4:10 boundary < → <=", "4:10 negate < → >=", "4:14 logic && → ||", "4:19 equality != → ==",
            "4:22 bound 3 → 2", "4:22 bound 3 → 4",
            "5:16 minmax max → min", "5:26 boundary <= → <", "5:26 negate <= → >", "5:31 arith * → /",
            "8:12 bool true → false",
            "10:10 bound 0 → 1", "10:11 range ..< → ...", "10:14 bound 4 → 3", "10:14 bound 4 → 5", "10:24 arith - → +",
        ])
    }

    /// A condition that binds (`if let`), a comma list and generics give no condition mutant and
    /// no comparison; a block comment and a multi-line string hide what they hold.
    @Test func bindingsGenericsCommentsAndStringsAreLeftAlone() throws {
        let source = """
        if let x = y {
        }
        guard a, b else {
        }
        let list: Array<Int> = []
        /* a < b
           c > d */
        let text = \"\"\"
        a + b
        \"\"\"
        """
        #expect(try Self.generate(source) == [])
    }

    /// A closure's argument (`$0`) is no integer literal: comparing it gives the comparison's
    /// mutants, never a bound that would rename it `$1`.
    @Test func aClosuresArgumentIsNoBound() throws {
        #expect(try Self.generate("let n = xs.filter { $0 == 2 }.count") == [
            "1:24 equality == → !=", "1:27 bound 2 → 1", "1:27 bound 2 → 3",
        ])
    }

    /// A `+` or `+=` that joins a string literal or appends an array literal gives no mutant:
    /// `-` there does not compile (seed 51 drew ten such, each a build to find it invalid).
    /// Arithmetic beside them on the same line, and a subscript's `]` before a `+`, still do.
    @Test func joiningStringsAndArraysGivesNoArithmeticMutant() throws {
        let source = """
        let path = dir + "/" + name
        fields += ["r", name]
        let more = list + [1]
        var t = "a"
        t += "b"
        let n = a[i] + 1 - b
        """
        #expect(try Self.generate(source) == ["6:14 arith + → -", "6:18 arith - → +"])
    }
}
