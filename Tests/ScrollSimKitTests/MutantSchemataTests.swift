import Foundation
import Testing

/// `scripts/mutate --generated --schemata` compiles every chosen mutant into one build and
/// switches each on at run time (`scripts/mutation_schemata.py`). A schema that did something
/// other than its mutant would score the wrong program, so the script checks itself on a
/// fixture (`Tests/Fixtures/MutantSchemata`): each of its generated mutants switched on in the
/// instrumented program must print exactly what the same mutant planted alone prints — every
/// comparison, equality, arithmetic (plain and compound), logic, bound, boolean, `max`/`min`
/// and condition mutant of the fixture. The fixture's `+` on two strings and its tuple comparison
/// cannot be instrumented (the generic operator functions do not cover them) and must be put
/// back and left to be planted alone, as its range must. Run once with no mutant on and
/// `SCROLLSIM_MUTANT_REACH` set, the instrumented program must record every site whose mutant
/// changes what it prints, and no site of the function `main` never calls (line 29): a test
/// selected by those records misses no mutant it could kill.
///
/// The sanitizer builds skip it (`SCROLLSIM_SCHEMATA_CHECK=0`): nothing of ScrollSim runs in it.
@Suite(.enabled(if: generatorPython != nil, "python3 is not installed"),
       .enabled(if: ProcessInfo.processInfo.environment["SCROLLSIM_SCHEMATA_CHECK"] != "0", "SCROLLSIM_SCHEMATA_CHECK=0"))
struct MutantSchemataTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyInstrumentedMutantDoesWhatItsPlantedTwinDoes() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-schemata-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let fixtures = Self.root.appendingPathComponent("Tests/Fixtures/MutantSchemata")
        let (status, output) = try runGeneratorPython([Self.root.appendingPathComponent("scripts/mutation_schemata.py").path, "--check",
                                                       fixtures.appendingPathComponent("Fixture.swift").path,
                                                       fixtures.appendingPathComponent("main.swift").path, scratch.path],
                                                      standardError: true)
        #expect(status == 0, "\(output)")
        #expect(output.contains("46 mutants switched on one at a time, 7 planted alone instead"), "\(output)")
        #expect(output.contains("not reached with no mutant on: line 29\n"), "\(output)")
        #expect(!output.contains("MISMATCH"), "\(output)")
    }
}
