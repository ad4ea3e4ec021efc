import Foundation
import ScrollSimKit
import Testing

/// `scripts/mutate` plants each mutant of `scripts/mutants.json` by replacing a snippet that must
/// occur exactly once in its file. Code rewritten for speed left eight snippets pointing at
/// lines that no longer existed, and the score would have counted them as invalid rather than
/// as bugs the tests catch. This keeps the catalogue in step with the code it mutates.
///
/// While `scripts/mutate` runs the tests with a mutant planted, that mutant's snippet is
/// replaced on purpose: the script names it in `SCROLLSIM_PLANTED_MUTANT`, and this test checks
/// its replacement is there instead (failing on it would count as catching every mutant); a
/// generated mutant's file, named in `SCROLLSIM_PLANTED_FILE`, is left alone for the same reason.
@Suite struct MutantsCatalogueTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Mutant {
        var id: String
        var file: String
        var original: String
        var replacement: String
        var filters: [String]
    }

    static func mutants() throws -> [Mutant] {
        let data = try Data(contentsOf: root.appendingPathComponent("scripts/mutants.json"))
        let catalogue = try JSONParser.parse(Array(data))
        let list = try #require(catalogue["mutants"]?.arrayValue, "scripts/mutants.json has a mutants array")
        return try list.map { entry in
            Mutant(id: try #require(entry["id"]?.stringValue), file: try #require(entry["file"]?.stringValue),
                   original: try #require(entry["original"]?.stringValue), replacement: try #require(entry["replacement"]?.stringValue),
                   filters: entry["filters"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        }
    }

    @Test func everySnippetOccursOnceInItsFileAndChangesIt() throws {
        let mutants = try Self.mutants()
        #expect(mutants.count >= 79)
        #expect(Set(mutants.map(\.id)).count == mutants.count, "ids are unique")
        let planted = ProcessInfo.processInfo.environment["SCROLLSIM_PLANTED_MUTANT"]
        // A generated mutant (`scripts/mutate --generated`) may change a catalogued snippet of
        // its file; failing on it would count as catching the generated mutant.
        // With mutant schemata (`--schemata`) every instrumented file, separated by colons.
        let plantedFiles = Set((ProcessInfo.processInfo.environment["SCROLLSIM_PLANTED_FILE"] ?? "").split(separator: ":").map(String.init))
        for mutant in mutants where !plantedFiles.contains(mutant.file) {
            let path = Self.root.appendingPathComponent(mutant.file).path
            let text = try String(contentsOfFile: path, encoding: .utf8)
            if mutant.id == planted {
                #expect(mutant.replacement.isEmpty || text.contains(mutant.replacement), "\(mutant.id) is planted")
            } else {
                #expect(text.components(separatedBy: mutant.original).count - 1 == 1, "\(mutant.id): its snippet occurs once in \(mutant.file)")
            }
            #expect(mutant.original != mutant.replacement, "\(mutant.id) changes something")
            #expect(!mutant.filters.isEmpty, "\(mutant.id) names the tests that should catch it")
        }
    }
}
