import Foundation
import Testing

/// `scripts/mutants-equivalent.json` marks generated mutants equivalent by id, and an id hashes
/// its line: when the line changes, the entry marks nothing and the mutant runs again under a
/// new id. Every `--generated` run (and `--list`) names such stale entries, and the committed
/// file has none.
@Suite(.enabled(if: generatorPython != nil, "python3 is not installed"))
struct MutationEquivalentsTests {
    @Test func staleEntriesAreNamedAndLiveOnesAreNot() throws {
        let out = try MutationTimeLimitsTests.python(#"""
        print(json.dumps(m.stale_equivalents_lines({"G-a": "why", "G-b": "why"}, {"G-a", "G-b", "G-c"})))
        print("\n".join(m.stale_equivalents_lines({"G-a": "why", "G-z": "why"}, {"G-a"})))
        print("\n".join(m.stale_equivalents_lines({"G-y": "why", "G-x": "why"}, set())))
        """#)
        #expect(out.split(separator: "\n").map(String.init) == [
            "[]",
            "scripts/mutants-equivalent.json: 1 entry names no generated mutant at HEAD (the line changed or left the areas); drop it, or mark its mutant again under the new id:",
            "  G-z",
            "scripts/mutants-equivalent.json: 2 entries name no generated mutant at HEAD (the line changed or left the areas); drop them, or mark their mutants again under the new ids:",
            "  G-x",
            "  G-y",
        ])
    }

    /// The committed file against the source as it is: every entry names a mutant there. Only
    /// the files the entries name (an id starts with its file's name) are generated.
    @Test func everyCommittedEntryNamesAMutant() throws {
        let out = try MutationTimeLimitsTests.python(#"""
        sys.path.insert(0, os.path.join(m.ROOT, "scripts"))
        import mutation_generate as g
        stems = {i.split("-")[1] for i in m.load_equivalents()}
        files = [f for f in g.swift_files(m.ROOT, [p for _, prefixes in g.AREAS for p in prefixes])
                 if os.path.splitext(os.path.basename(f))[0] in stems]
        ids = {x["id"] for x in g.population(m.ROOT, files)}
        print("\n".join(m.stale_equivalents_lines(m.load_equivalents(), ids)) or "none")
        """#)
        #expect(out == "none")
    }
}
