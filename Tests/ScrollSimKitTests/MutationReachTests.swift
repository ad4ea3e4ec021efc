import Foundation
import Testing

/// `scripts/mutate --schemata`'s reach pass and reach tier: every suite runs alone once with no
/// mutant on, each instrumented site recording that it was reached; a mutant its own suites
/// missed then runs against the suites that reach it, of every test module, and nothing else.
/// A test that never executes a mutant's line cannot fail because of it, so those suites are
/// every test that could kill it (PIT's coverage-targeted selection). That the sites record
/// their reach truly is MutantSchemataTests' part; this is the script's bookkeeping.
@Suite(.enabled(if: generatorPython != nil, "python3 is not installed"))
struct MutationReachTests {
    /// The suites are read from the test binary's own listings: an XCTest class, a Swift Testing
    /// suite, a nested suite (its outer and inner names), a module's free tests; the listing's
    /// header and blank lines are no suite.
    @Test func suitesAreReadFromBothListings() throws {
        let out = try MutationTimeLimitsTests.python(#"""
        lines = ["Listing 158 tests in debug.xctest:", "", "ScrollSimKitTests.BrowserTests/testPages",
                 "ScrollSimCLITests.AbCommandTests/aFix()", "ScrollSimKitTests.Outer/Inner/t(_:)", "ScrollSimKitTests/free()"]
        print(json.dumps([(lambda x: x and x.group(1))(m.LISTED_TEST.match(l)) for l in lines]))
        print(m.suite_filter("ScrollSimKitTests.Outer/Inner"))
        """#)
        #expect(out == #"""
        [null, null, "ScrollSimKitTests.BrowserTests", "ScrollSimCLITests.AbCommandTests", "ScrollSimKitTests.Outer/Inner", "ScrollSimKitTests"]
        ScrollSimKitTests\.Outer/Inner/
        """#)
    }

    /// Site 3 is reached by A (the mutant's own suite, which runs first with it on) and B: the
    /// tier runs B alone. Of its own suites a mutant runs only those that reach its line. Site 5
    /// is reached only by a suite of another module: that suite runs (a module pass would have
    /// missed it), and its own suite A, which never executes the line, does not. Site 4, reached by its own suite alone, and site 9, reached by
    /// none, run nothing more, and say why they survived: the second has no coverage, and is not
    /// reached, so not even its own suites run with it on.
    @Test func aMutantRunsTheSuitesThatReachItLessItsOwn() throws {
        let out = try MutationTimeLimitsTests.python(#"""
        reach = {m.suite_filter("ScrollSimKitTests.ATests"): {3}, m.suite_filter("ScrollSimKitTests.BTests"): {3, 4},
                 m.suite_filter("ScrollSimCLITests.CTests"): {5}}
        for number, own in ((3, "ATests"), (5, "ATests"), (4, "BTests"), (9, "ATests")):
            mutant = {"filters": [own]}
            reaching = m.reaching_suites(mutant, number, reach)
            print(number, m.reached(number, reach), m.own_reaching_suites(mutant, number, reach), reaching,
                  m.reach_survived(mutant, number, reach, reaching))
        """#)
        #expect(out.split(separator: "\n").map(String.init) == [
            #"3 True ['ScrollSimKitTests\\.ATests/'] ['ScrollSimKitTests\\.BTests/'] every suite that reaches its line passes: 1 of its own, 1 more (--quick: the whole suite and the gate not run)"#,
            #"5 True [] ['ScrollSimCLITests\\.CTests/'] every suite that reaches its line passes: 0 of its own, 1 more (--quick: the whole suite and the gate not run)"#,
            #"4 True ['ScrollSimKitTests\\.BTests/'] [] every suite that reaches its line passes: 1 of its own, 0 more (--quick: the whole suite and the gate not run)"#,
            "9 False [] [] no test reaches its line (with no mutant on): no coverage",
        ])
    }

    /// The pass itself, on a fake test binary (a shell script answering as the real one does):
    /// its two listings give three suites, each run alone with its own reach file; an XCTest
    /// class by name, a Swift Testing suite by its filter. A site written twice counts once; a
    /// failing suite is named and kept. The result is saved in the clone's build folder and read
    /// back by a run with the same commit and sites; a mutant's own suite failing there stops
    /// the run, as the sanity check did.
    @Test func eachSuiteRunsAloneAndTheResultIsKept() throws {
        let out = try MutationTimeLimitsTests.python(#"""
        import subprocess, tempfile
        work = tempfile.mkdtemp()
        subprocess.check_call(["git", "init", "-q", work])
        subprocess.check_call(["git", "-C", work, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "x"])
        os.makedirs(os.path.join(work, ".build", "debug"))
        binary = os.path.join(work, ".build", "debug", "FakePackageTests.xctest")
        with open(binary, "w") as f:
            f.write('''#!/bin/sh
        case "$*" in
          "--list-tests") printf 'Listing 2 tests in debug.xctest:\n\nK.XTests/testA\nK.XTests/testB\n' ;;
          "--testing-library swift-testing --list-tests") printf 'K.ATests/a()\nC.Outer/Inner/b()\n' ;;
          "K.XTests") printf '3\n3\n' >> "$SCROLLSIM_MUTANT_REACH" ;;
          *"K\\.ATests/"*) printf '3\n4\n' >> "$SCROLLSIM_MUTANT_REACH" ;;
          *"C\\.Outer/Inner/"*) exit 1 ;;
        esac
        ''')
        os.chmod(binary, 0o755)
        m.log = lambda message: print("log:", message)
        t = m.TimeLimits()
        reach = m.reach_pass(work, [{"id": "a", "filters": ["XTests"]}], {"a": 3, "b": 4, "c": 5}, t, "")
        print(json.dumps({k: sorted(v) for k, v in sorted(reach.items())}), json.dumps(sorted(t.reach_seconds)), json.dumps(sorted(t.suites)))
        print(m.reach_pass(work, [{"id": "a", "filters": ["XTests"]}], {"a": 3, "b": 4, "c": 5}, m.TimeLimits(), "") == reach)
        try:
            m.reach_pass(work, [{"id": "a", "filters": ["Inner"]}], {"a": 3}, m.TimeLimits(), "")
        except SystemExit as e:
            print("exit:", e)
        subprocess.check_call(["rm", "-rf", work])
        """#)
        let lines = out.split(separator: "\n").map(String.init)
            .filter { !$0.isEmpty && !$0.hasPrefix("log: schemata: reach pass,") && !$0.hasPrefix("log: schemata: the reach pass of this commit") }
        #expect(lines == [
            "log: schemata: failing with no mutant on: C.Outer/Inner",
            #"{"C\\.Outer/Inner/": [], "K\\.ATests/": [3, 4], "K\\.XTests/": [3]} ["C\\.Outer/Inner/", "K\\.ATests/", "K\\.XTests/"] ["ATests", "XTests"]"#,
            "True",
            "log: schemata: failing with no mutant on: C.Outer/Inner",
            "exit: the instrumented clone, no mutant on, fails the mutants' filters: C.Outer/Inner",
        ])
        #expect(out.contains("log: schemata: reach pass, 3 suites alone in 0 s; 2 of 3 instrumented mutants reached by a test"))
        #expect(out.contains("log: schemata: the reach pass of this commit and these sites, read back from /"))
        #expect(out.contains("/.build/mutate-reach.json"))
    }

    /// The reach tier runs in batches of about 60 s of suites' times alone, the quickest first,
    /// and stops at the first batch that fails: suites of 10, 50, 5, 30 and 40 s and one never
    /// timed (counted 60) make [5, 10, 30, 40] (85 s), [50, the untimed one]; a tier whose
    /// second batch fails runs two batches, not three. A batch's time-out stops it too.
    @Test func theReachTierRunsInBatchesAndStopsAtTheFirstFailure() throws {
        let out = try MutationTimeLimitsTests.python(#"""
        seconds = {"a": 10, "b": 50, "c": 5, "d": 30, "e": 40}
        print(m.reach_batches(["a", "b", "c", "d", "e", "f"], seconds))
        t = m.TimeLimits()
        t.reach_seconds = {"p": 1, "q": 70, "r": 70, "s": 70}
        ran = []
        def fake(tier, work, filters, **kwargs):
            ran.append(filters)
            return (1 if "r" in filters else 0), "out"
        t.run = fake
        print(m.run_reach_tier(t, "/w", ["s", "r", "q", "p"]), ran)
        ran.clear()
        t.kills = {}  # r's kill would put it first (theSuitesThatKilledRunFirst)
        t.run = lambda tier, work, filters, **kwargs: (ran.append(filters), (None, "timed out"))[1]
        print(m.run_reach_tier(t, "/w", ["s", "r", "q", "p"]), ran)
        """#)
        #expect(out.split(separator: "\n").map(String.init) == [
            "[['c', 'a', 'd', 'e'], ['b', 'f']]",
            "(1, 'out') [['p', 'q'], ['r']]",
            "(None, 'timed out') [['p', 'q']]",
        ])
    }

    /// The reach tier's history: a suite that killed comes before quicker ones that did not, by
    /// kills per second of its time (PIT orders a mutant's tests by their past kills). K.Slow
    /// (100 s, 2 kills: 0.02 a second) goes before K.Mid (20 s, no kill) but after K.Sure (50 s,
    /// 3 kills: 0.06); a nested suite counts its outer and inner names' kills. A kill is counted
    /// to the suites its failing tests name (a parameterized test's summary line names none),
    /// or, when they name none (a time-out), to every suite of the batch that ran it; a tier's
    /// kill teaches the next mutant's order.
    @Test func theSuitesThatKilledRunFirst() throws {
        let out = try MutationTimeLimitsTests.python(#"""
        slow, mid, sure, nested = (m.suite_filter(s) for s in ("K.Slow", "K.Mid", "K.Sure", "K.Outer/Inner"))
        seconds = {slow: 100, mid: 20, sure: 50, nested: 10}
        print(m.reach_batches([slow, mid, sure, nested], seconds, target=1, kills={"Slow": 2, "Sure": 3}))
        print(m.reach_batches([slow, mid, sure, nested], seconds, target=1, kills={"Slow": 2, "Inner": 1}))
        kills = {}
        m.credit_kill(kills, ["Slow: a()", '"a claim" with 3 test cases', "K.Mid.testB"])
        m.credit_kill(kills, ["timeout (past 420 s)"], [sure, nested])
        print(sorted(kills.items()))
        t = m.TimeLimits()
        t.reach_seconds = {slow: 100, mid: 20}
        t.run = lambda tier, work, filters, **kwargs: (1, "✘ Test b() recorded an issue at Slow.swift:3:1: x") if slow in filters else (0, "")
        print(m.run_reach_tier(t, "/w", [slow, mid])[0], t.kills, m.reach_batches([slow, mid], t.reach_seconds, kills=t.kills))
        """#)
        #expect(out.split(separator: "\n").map(String.init) == [
            #"[['K\\.Sure/'], ['K\\.Slow/'], ['K\\.Outer/Inner/'], ['K\\.Mid/']]"#,
            #"[['K\\.Outer/Inner/'], ['K\\.Slow/'], ['K\\.Mid/'], ['K\\.Sure/']]"#,
            "[('Inner', 1), ('Mid', 1), ('Outer', 1), ('Slow', 1), ('Sure', 1)]",
            #"1 {'Slow': 1} [['K\\.Slow/'], ['K\\.Mid/']]"#,
        ])
    }

    /// The history a run starts with is the last recorded run's kills; a report that is missing,
    /// not JSON, or shaped otherwise gives none, and entries that are not kills or not strings
    /// count nothing.
    @Test func theHistoryIsTheLastRecordedRunsKills() throws {
        let out = try MutationTimeLimitsTests.python(#"""
        import tempfile
        folder = tempfile.mkdtemp()
        def kills(text):
            path = os.path.join(folder, "r.json")
            with open(path, "w") as f:
                f.write(text)
            return sorted(m.recorded_kills(path).items())
        print(m.recorded_kills(os.path.join(folder, "none.json")), kills("{"), kills("[1]"), kills('{"results": 3}'))
        print(kills(json.dumps({"results": [
            {"outcome": "caught-by-tests", "tests": ["ATests: a()", "ATests: b()", 7]},
            {"outcome": "caught-by-tests", "tests": ["ATests: c()", "K.BTests.testX"]},
            {"outcome": "survived", "tests": ["CTests: d()"]}, "x", {"outcome": "caught-by-tests", "tests": "ATests: e()"}]})))
        """#)
        #expect(out.split(separator: "\n").map(String.init) == [
            "{} [] [] []",
            "[('ATests', 2), ('BTests', 1)]",
        ])
    }

    /// A run that has its reach pass takes its mutants in the order of what each would cost if it
    /// survived, the summed times alone of the suites reaching its site, so that a run stopped at
    /// a time limit has the most outcomes: an unreached site costs nothing, an untimed suite a
    /// batch (60 s), equal costs keep the draw's order, and a mutant with no site (planted alone
    /// later) goes last.
    @Test func theCheapestMutantsRunFirst() throws {
        let out = try MutationTimeLimitsTests.python(#"""
        a, b = m.suite_filter("K.A"), m.suite_filter("K.B")
        reach = {a: {1, 2, 3}, b: {2, 4}}
        mutants = [{"id": i} for i in ("alone", "two", "one", "none", "untimed", "one-again")]
        numbers = {"two": 2, "one": 1, "none": 9, "untimed": 4, "one-again": 3}
        print([x["id"] for x in m.cheapest_first(mutants, numbers, reach, {a: 100})])
        """#)
        #expect(out == "['none', 'untimed', 'one', 'one-again', 'two', 'alone']")
    }

    /// A batch of suites named one by one has the sum of their times alone as its limit
    /// (process start included): 50 s and 70 s give 3 × 120 + 60 = 420 s; a suite the pass never
    /// timed leaves it to the 1,800 s default. So for the reach tier and for the own suites that
    /// reach a line, run first as tier "filters": seed 61 waited the default on one hang there.
    @Test(arguments: ["reach", "filters"])
    func aBatchOfSuitesIsLimitedByTheirTimesAlone(tier: String) throws {
        let out = try MutationTimeLimitsTests.python("""
        t = m.TimeLimits()
        a, b = m.suite_filter("K.ATests"), m.suite_filter("K.BTests")
        t.reach_seconds = {a: 50, b: 70}
        print(t.limit(t.key("\(tier)", [a, b])), t.limit(t.key("\(tier)", [a, m.suite_filter("K.C")])))
        """)
        #expect(out == "420 1800")
    }

    /// `--coverage` runs no mutant: each is reached, not reached (no test executes its line, so it
    /// survives whatever it changes), equivalent by hand, or not instrumented (its site did not
    /// compile so). The count is of the instrumented ones; the table lists the unreached lines by
    /// file, most first, a line with several mutants with its count.
    @Test func theCoverageRunListsTheLinesNoTestExecutes() throws {
        let out = try MutationTimeLimitsTests.python(#"""
        mutants = [{"id": i, "file": f, "line": l, "area": a, "op": "arith", "original": "+", "replacement": "-"}
                   for i, f, l, a in (("a", "A.swift", 3, "engine"), ("b", "A.swift", 9, "engine"), ("c", "B.swift", 4, "guard"),
                                      ("d", "B.swift", 4, "guard"), ("e", "B.swift", 7, "guard"), ("f", "B.swift", 8, "guard"),
                                      ("g", "C.swift", 1, "guard"))]
        reach = {m.suite_filter("K.A"): {1}, m.suite_filter("K.B"): set()}
        rows = m.coverage_rows(mutants, {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5}, reach, {"f": "why"})
        print(" ".join(r["coverage"] for r in rows))
        print(m.coverage_line(rows))
        meta = {"toolchain": "t", "commit": "0123456789abcdef", "population": 7, "areas": ["engine", "guard"],
                "suites": 2, "seconds": 5, "date": "d"}
        text = m.coverage_markdown(rows, meta)
        print("\n".join(l for l in text.splitlines() if l.startswith("| ") and not l.startswith("| Area") and not l.startswith("| File")))
        """#)
        #expect(out.split(separator: "\n").map(String.init) == [
            "reached not reached not reached not reached not reached equivalent not instrumented",
            "4 of 5 instrumented mutants are on lines no test executes (80.0 %): each survives whatever it changes",
            "| engine | 2 | 1 | 1 | 0 | 0 |",
            "| guard | 5 | 0 | 3 | 1 | 1 |",
            "| `B.swift` | 3 | 4 (2), 7 |",
            "| `A.swift` | 1 | 9 |",
        ])
    }
}
