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
        let run = try runGeneratorPython(["-c", script, GeneratedMutantsTests.root.appendingPathComponent("scripts/mutate").path])
        #expect(run.status == 0)
        return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A command's limit from its own passes: none known, 1,800 s; a filters command that passed
    /// in 60 s, 3 × 60 + 60 = 240 s, kept when a later pass is faster (the longest counts); a
    /// pass of 20 s alone gives the 180 s floor. Two files' callers are two commands, and a
    /// module's rest is keyed by what it skips: one's time says nothing of the other's.
    @Test func aCommandsLimitIsThreeTimesItsLongestPassPlusAMinute() throws {
        let out = try Self.python("""
        t = m.TimeLimits()
        k = t.key("filters", ["LazyStack"])
        first = t.limit(k)
        t.learn(k, 60)
        t.learn(k, 5)
        short = t.key("filters", ["Fenwick"])
        t.learn(short, 20)
        a, b = t.key("callers", ["A"]), t.key("callers", ["B"])
        t.learn(a, 2)
        mod = t.key("module", ["ScrollSimKitTests"], ["A"])
        t.learn(mod, 700)
        print(json.dumps([first, t.limit(k), t.limit(short), t.limit(a), t.limit(b), t.limit(mod),
                          t.limit(t.key("module", ["ScrollSimKitTests"], ["B"]))]))
        """)
        #expect(out == "[1800, 240, 180, 180, 1800, 1800, 1800]")
    }

    /// The filters and callers tiers from the suites' own times: a sanity output in both
    /// runners' words gives A 100.5 s and B 20 s (XCTest's suites of suites left out); filters
    /// matching A alone may take 3 × 100.5 + 60 = 362 s, A and B 422 s, B alone the 180 s floor;
    /// a filter matching no timed suite falls back to the sanity run's whole time (400 s: 1,260),
    /// and the module tier, whose filter names no suite, to 1,800 s.
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
        t.learn_sanity(400, output)
        f = lambda *names: t.limit(t.key("filters", list(names)))
        print(json.dumps([sorted(t.suites.items()), f("A"), f("A", "B"), f("B"), f("C"),
                          t.limit(t.key("callers", ["A"])), t.limit(t.key("module", ["ScrollSimKitTests"], ["A"]))]))
        """#)
        #expect(out == #"[[["ATests", 100.5], ["BTests", 20.0]], 362, 422, 180, 1260, 362, 1800]"#)
    }

    /// A timeout is checked with the mutant off (a fake `run_tests` on a fake clock): callers
    /// timed at 2 s get the 180 s floor; the mutant runs past it; with the mutant off the same
    /// suites take 100 s, so 180 s was unfair: the mutant runs again under 3 × 100 + 60 = 360 s,
    /// and what it does then is its outcome (a failure here). A mutant still past a fair limit
    /// (the suites take 10 s with it off) is caught as a timeout, and so is one whose run with
    /// it off takes 10 s while printing a suite time of 200 s (a load spike in the output, as
    /// seed 55 met): the run's own time judges the limit, not the times it printed.
    @Test func aTimeoutIsCaughtOnlyUnderAFairLimit() throws {
        let out = try Self.python("""
        clock = [0.0]
        m.time.time = lambda: clock[0]
        calls = []
        printed = [""]
        def fake(work, filters, skip=None, timeout=None, extra_env=None, **kwargs):
            on = m.schemata.ENV in (extra_env or {})
            calls.append((on, timeout))
            if not on:
                clock[0] += plain_seconds[0]
                return 0, printed[0]
            if timeout is not None and timeout <= 180:
                clock[0] += timeout
                return None, ""
            return 1, "failed"
        m.run_tests = fake
        logs = []
        m.log = logs.append
        t = m.TimeLimits()
        t.learn(t.key("callers", ["A"]), 2)
        plain_seconds = [100.0]
        first = t.run("callers", "/tmp", ["A"], extra_env={m.schemata.ENV: "7"})
        plain_seconds = [10.0]
        t.learn(t.key("callers", ["B"]), 2)
        second = t.run("callers", "/tmp", ["B"], extra_env={m.schemata.ENV: "8"})
        printed[0] = "✔ Suite CTests passed after 200 seconds."
        t.learn(t.key("callers", ["CTests"]), 2)
        third = t.run("callers", "/tmp", ["CTests"], extra_env={m.schemata.ENV: "9"})
        print(json.dumps([first[0], calls[:3], second[0], "past 180 s" in second[1], calls[3:5], third[0], calls[5:], [("too short" in l) for l in logs]]))
        """)
        #expect(out == #"[1, [[true, 180], [false, null], [true, 360]], null, true, [[true, 180], [false, null]], null, [[true, 180], [false, null]], [true]]"#)
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

    /// At a time-out every process below the command goes, not only its process group: `swift
    /// test` starts the test runner in a group of its own, and at seed 57's first time-outs two
    /// runners outlived the group for half an hour, each on a core. Here the command starts a
    /// child in a session of its own that sleeps a minute; 2 s in, the time-out kills it too
    /// (it may linger as a zombie, dead, if no one reaps it). Left alive, it would also hold the
    /// output pipe open, and the run would wait for it, a minute here: the seed-57 run waited
    /// 27 minutes on one mutant that way, until the runners were killed by hand.
    @Test func aTimeoutKillsEveryProcessBelowTheCommand() throws {
        let out = try Self.python(#"""
        import subprocess, tempfile
        child = ("import subprocess, sys, time; "
                 "p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'], start_new_session=True); "
                 "print(p.pid, flush=True); time.sleep(60)")
        started = time.time()
        status, text = m.run([sys.executable, "-c", child], tempfile.gettempdir(), timeout=2)
        pid = int(text.split()[0])
        def alive(pid):
            if os.path.isdir("/proc/self"):
                try:
                    with open(f"/proc/{pid}/stat") as f:
                        return f.read().rsplit(") ", 1)[1][0] != "Z"
                except OSError:
                    return False
            state = subprocess.run(["ps", "-o", "stat=", "-p", str(pid)], capture_output=True, text=True).stdout.strip()
            return state[:1] not in ("", "Z")
        for _ in range(50):
            if not alive(pid):
                break
            time.sleep(0.1)
        print(status, alive(pid), time.time() - started < 30)
        print(m.descendants(10, {10: [11, 12], 11: [13], 13: [14], 20: [21]}))
        """#)
        #expect(out.split(separator: "\n").map(String.init) == ["None False True", "[11, 12, 13, 14]"])
    }
}
