import Foundation
import Testing

/// `scripts/mutate`'s time limits (its `TimeLimits` and `run`): a mutant that makes the tests
/// loop forever is caught once its run passes the tier's limit, a factor of the same tests' time
/// with no mutant plus a constant (PIT's rule), and the whole process group goes at the limit,
/// the test runner `swift test` started included. Killing only the direct child (what
/// `subprocess.run`'s timeout does) would leave the runner looping on a core for the rest of the
/// run. Seed 53's run met such a loop (a Fenwick tree's `bit *= 2` made `/= 2`) and, with a flat
/// 30-minute limit, was stopped by hand.
@Suite(.enabled(if: generatorPython != nil, "python3 is not installed"))
struct MutationTimeLimitsTests {
    /// Loads `scripts/mutate` as a module and runs `body` (Python) with it as `m`; returns what
    /// the body printed.
    static func python(_ body: String) throws -> String {
        let script = """
        import importlib.machinery, importlib.util, json, os, sys, time
        loader = importlib.machinery.SourceFileLoader("mutate", sys.argv[1])
        spec = importlib.util.spec_from_loader("mutate", loader)
        m = importlib.util.module_from_spec(spec)
        loader.exec_module(m)
        \(body)
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(generatorPython))
        process.arguments = ["-c", script, GeneratedMutantsTests.root.appendingPathComponent("scripts/mutate").path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// No time known: 1,800 s. The filters tier timed at 20 s: 3 × 20 + 60 = 120 s; a later,
    /// faster pass does not shorten it (the longest pass counts). The module tier of one test
    /// module is not another's, and no limit passes 1,800 s.
    @Test func aTiersLimitIsThreeTimesItsLongestPassPlusAMinute() throws {
        let out = try Self.python("""
        t = m.TimeLimits()
        first = t.limit(("filters",))
        t.learn(("filters",), 20)
        t.learn(("filters",), 5)
        t.learn(("module", "ScrollSimEngineTests"), 700)
        print(json.dumps([first, t.limit(("filters",)), t.limit(("module", "ScrollSimEngineTests")), t.limit(("module", "ScrollSimKitTests"))]))
        """)
        #expect(out == "[1800, 120, 1800, 1800]")
    }

    /// The filters tier from the suites' own times: a sanity output in both runners' words gives
    /// A 100 s and B 20 s (XCTest's suites of suites left out); filters matching A alone may
    /// take 3 × 100 + 60 = 360 s, A and B 3 × 120 + 60 = 420 s, B alone the 180 s floor; a
    /// filter matching no timed suite falls back to the sanity run's whole time (400 s: 1,260).
    @Test func aMutantsOwnSuitesMayTakeThreeTimesTheirTimeWithNoMutant() throws {
        let out = try Self.python(#"""
        output = "\n".join([
            "✔ Suite ATests passed after 100.5 seconds.",
            "✔ Suite ATests passed after 99 seconds.",
            "Test Suite 'BTests' passed at 2026-12-06 12:26:12.859.",
            "\t Executed 6 tests, with 0 failures (0 unexpected) in 20.0 (20.1) seconds",
            "Test Suite 'Selected tests' passed at 2026-12-06 12:26:12.860.",
            "\t Executed 9 tests, with 0 failures (0 unexpected) in 500.0 (500.0) seconds",
            "✘ Suite CTests failed after 3.0 seconds with 1 issue.",
        ])
        t = m.TimeLimits()
        t.learn(("filters",), 400)
        t.learn_suites(output)
        print(json.dumps([sorted(t.suites.items()), t.limit(("filters",), ["A"]), t.limit(("filters",), ["A", "B"]),
                          t.limit(("filters",), ["B"]), t.limit(("filters",), ["C"])]))
        """#)
        #expect(out == #"[[["ATests", 100.5], ["BTests", 20.0]], 362, 422, 180, 1260]"#)
    }

    /// A command whose child never ends: `run` returns at the limit (1 s) with no status and the
    /// output written so far, and the child is gone (no process, or only a zombie left to init);
    /// `caught` names the timeout with its limit.
    @Test func aRunPastItsLimitEndsWithItsChildAndIsCaughtAsATimeout() throws {
        let out = try Self.python("""
        import tempfile
        pidfile = tempfile.mktemp()
        started = time.time()
        cmd = ["bash", "-c", f"echo started; sleep 300 & echo $! > {pidfile}; wait"]
        status, output = m.run(cmd, "/tmp", timeout=1)
        seconds = time.time() - started
        pid = int(open(pidfile).read())
        os.remove(pidfile)
        state = "gone"
        if os.path.isdir("/proc/self"):
            if os.path.exists(f"/proc/{pid}/stat"):
                state = open(f"/proc/{pid}/stat").read().split(") ")[1][0]
        else:
            try:
                os.kill(pid, 0)
                state = "running"
            except ProcessLookupError:
                pass
        result = m.caught(status, output + "\\n[mutate] timed out: past 1 s, the limit for the filters tier\\n", "filters")
        print(json.dumps({"status": status, "output": output.strip(), "quick": seconds < 60, "child": state in ("gone", "Z"), "tests": result["tests"]}, sort_keys=True))
        """)
        #expect(out == #"{"child": true, "output": "started", "quick": true, "status": null, "tests": ["timeout (past 1 s)"]}"#)
    }
}
