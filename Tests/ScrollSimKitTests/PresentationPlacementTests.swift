import Foundation
import Testing

/// Where a reader's renderings live: the kit says what a comparison *is* (its verdicts and its
/// JSON); every rendering a person reads — terminal text, Markdown, JUnit, HTML — is
/// ScrollSimPresentation's. Read from the sources, so a rendering added to the kit fails here
/// with its file and line; and `.ci/run` holds the library products' API to the baseline on
/// every run, right after the tests.
@Suite struct PresentationPlacementTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The declarations of the readable renderings.
    static let rendering = #/\bfunc (text\(colored|markdown\(|junit\(|checkText\(|html\()/#

    static func declarations(under folder: String) throws -> [String] {
        let base = root.appendingPathComponent(folder)
        let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
        var found: [String] = []
        for file in files.sorted() where file.hasSuffix(".swift") {
            let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
            found += ScenarioKeyLiteralTests.lines(in: text, path: "\(folder)/\(file)", matching: rendering)
        }
        return found
    }

    @Test func theKitDeclaresNoReadableRendering() throws {
        #expect(try Self.declarations(under: "Sources/ScrollSimKit") == [])
    }

    @Test func thePresentationLibraryDeclaresEachOfThem() throws {
        let found = try Self.declarations(under: "Sources/ScrollSimPresentation").joined(separator: "\n")
        for name in ["func text(colored", "func markdown(limit", "func junit(", "func checkText(", "func markdown()"] {
            #expect(found.contains(name), "\(name) is not declared in ScrollSimPresentation")
        }
    }

    @Test func everyCIRunChecksThePublicAPIAfterTheTests() throws {
        let script = try String(contentsOf: Self.root.appendingPathComponent(".ci/run"), encoding: .utf8)
        let defaults = script.split(separator: "\n").first { $0.contains("steps=(packages") }
        let steps = defaults.map { String($0).trimmingCharacters(in: .whitespaces) }
        #expect(steps?.hasPrefix("steps=(packages test api ") == true, "\(steps ?? "no default step list in .ci/run")")
        // The baseline's digests are committed, so the step needs no build of the baseline.
        #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(".ci/api-digests.tar.xz").path))
    }
}
