import Foundation
import Testing

/// `scripts/mutate --generated --sample N` draws N mutants from each area, so the pooled tally
/// counts 25 of the guard's 181 mutants as much as 25 of the engine's 2,568: it is not the
/// population's score. The report also gives the score weighted back by each area's size (a
/// stratified estimate) with its interval. These cases are worked by hand.
@Suite(.enabled(if: generatorPython != nil, "python3 is not installed"))
struct MutationWeightedScoreTests {
    /// Area a: 900 mutants, 9 of 10 drawn killed; area b: 100 mutants, 10 of 10 killed (an
    /// equivalent is not counted). Weights 0.9 and 0.1: p = 0.9 × 0.9 + 0.1 × 1 = 0.91, where
    /// the pooled tally reads 19/20 = 0.95.
    /// Variance with q_a = 10/12, q_b = 11/12 and the finite population corrections:
    /// 0.81 × (10/12)(2/12)/10 × (1 − 10/900) + 0.01 × (11/12)(1/12)/10 × (1 − 10/100)
    /// = 0.011125 + 0.00006875 = 0.01119375. q = 0.9 × 10/12 + 0.1 × 11/12 = 0.841667, so
    /// n* = 0.841667 × 0.158333 / 0.01119375 = 11.905; Wilson at p = 0.91, n = 11.905:
    /// centre 0.80998, half-width 0.17317, so 0.6368–0.9831.
    @Test func anEqualDrawIsWeightedBackByAreaSize() throws {
        let out = try MutationTimeLimitsTests.python(#"""
        rows = [{"area": "a", "outcome": "caught-by-tests"}] * 9 + [{"area": "a", "outcome": "survived"}]
        rows += [{"area": "b", "outcome": "caught-by-tests"}] * 10 + [{"area": "b", "outcome": "equivalent"}]
        print(" ".join(f"{x:.4f}" for x in m.weighted_score(rows, {"a": 900, "b": 100})))
        print(m.tally(rows))
        """#)
        #expect(out == "0.9100 0.6368 0.9831\n(19, 20)")
    }

    /// Every area drawn whole is the population itself: no interval. An area whose size is
    /// unknown (a report written before sizes were recorded) gives no weighted score rather
    /// than one that leaves it out; so does a draw with nothing counted.
    @Test func aWholePopulationAndAnUnknownAreaAreSaidAsTheyAre() throws {
        let out = try MutationTimeLimitsTests.python(#"""
        rows = [{"area": "a", "outcome": "caught-by-tests"}] * 3 + [{"area": "a", "outcome": "survived"}]
        rows += [{"area": "b", "outcome": "caught-by-tests"}]
        print(m.weighted_score(rows, {"a": 4, "b": 1}))
        print(m.weighted_score(rows, {"a": 4}))
        print(m.weighted_score([{"area": "a", "outcome": "equivalent"}], {"a": 4}))
        """#)
        #expect(out == "(0.8, 0.8, 0.8)\nNone\nNone")
    }

    /// The report's head says both figures, and which one is the population's; a run that
    /// recorded no sizes, or drew every mutant, keeps the one line it had.
    @Test func theReportSaysTheWeightedScoreBesideThePooledOne() throws {
        let out = try MutationTimeLimitsTests.python(#"""
        rows = [{"area": "engine", "outcome": "caught-by-tests"}] * 9 + [{"area": "engine", "outcome": "survived"}]
        rows += [{"area": "guard", "outcome": "caught-by-tests"}] * 10
        meta = {"sample": 10, "seed": 1, "population_by_area": {"engine": 900, "guard": 100}}
        print(m.weighted_score_line(rows, meta))
        print(m.weighted_score_line(rows, {"sample": 10, "seed": 1}))
        print(m.weighted_score_line(rows, {"population_by_area": {"engine": 900, "guard": 100}}))
        """#)
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("- Weighted by area size (engine 900, guard 100): **91 % of the areas' generated mutants killed (95 % interval 64–98 %)**"))
        #expect(lines[1] == "None" && lines[2] == "None")
    }
}
