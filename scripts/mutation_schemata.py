"""Mutant schemata for `scripts/mutate --generated`: every chosen mutant compiled into one build,
each switched on at run time, so a mutant costs a test run instead of a build.

Planting one mutant at a time rebuilds its module and every module above it: 10 s to several
minutes a mutant on a loaded two-core machine, most of it the compiler. Mutation tools that score
thousands of mutants (Mull, Stryker's "mutant schemata", mutmut's trampolines) compile every
mutant in at once, each behind a check of a value the test process reads at start-up. This
module does that for Swift, in the scratch clone only:

- each mutated place becomes a *site* with a number for each of its mutants;
- the process reads `SCROLLSIM_MUTANT_SITE` once (a global `let`); no site is on when it is
  unset, so the instrumented build passes the tests the plain one passes (the script checks);
- a binary operator becomes an operator of its own, with the original's precedence group,
  whose function does the original or the mutant's operation (`a < b` becomes `a <⨀⨂ b`, and
  `<⨀⨂` compares with `<=` when its number is on): the operands are never re-parsed, so a
  site needs no knowledge of where its operands start and end;
- a boolean constant, an integer bound and a `max`/`min` call are replaced in place by a choice;
  a condition is compared with the site's switch (`if (site == n) != (x > 0) {`);
- every site records that it was reached, once per process, when `SCROLLSIM_MUTANT_REACH`
  names a file (its numbers appended, a line each): `scripts/mutate` runs each test suite alone
  that way, with no mutant on, and learns which suites reach which mutant. A test that never
  executes a line cannot tell its mutant from the original (the mutant changes nothing else),
  so the suites reaching a mutant are every test that could kill it: PIT's coverage-targeted
  test selection, with the schemata's own switches as the coverage probes.

A site whose instrumented line does not compile (an operator on strings or tuples, which the
generic operator functions do not cover, a literal where a constant is required) is put back as
it was and its mutants are planted one at a time instead, as before. Ranges (`...` and `..<`,
two different types) are always planted one at a time.

Nothing here runs outside the scratch clone; the repository's own sources never carry a site.
"""

import os
import re

ENV = "SCROLLSIM_MUTANT_SITE"
REACH_ENV = "SCROLLSIM_MUTANT_REACH"
FILE_NAME = "ScrollSimMutantSchemata.swift"

# The operator kinds a site can carry, with their precedence groups and function bodies. Each
# entry: (precedence group, [(generic parameter clause, signature, returns)], how the body
# applies an operator `OP` to l and r).
PRECEDENCE = {
    "<": "ComparisonPrecedence", "<=": "ComparisonPrecedence", ">": "ComparisonPrecedence", ">=": "ComparisonPrecedence",
    "==": "ComparisonPrecedence", "!=": "ComparisonPrecedence",
    "+": "AdditionPrecedence", "-": "AdditionPrecedence",
    "*": "MultiplicationPrecedence", "/": "MultiplicationPrecedence",
    "&&": "LogicalConjunctionPrecedence", "||": "LogicalDisjunctionPrecedence",
    "+=": "AssignmentPrecedence", "-=": "AssignmentPrecedence", "*=": "AssignmentPrecedence", "/=": "AssignmentPrecedence",
}
# Generic constraints under which the operator and all its replacements exist.
CONSTRAINTS = {
    "<": ["Comparable"], "<=": ["Comparable"], ">": ["Comparable"], ">=": ["Comparable"],
    "==": ["Equatable"], "!=": ["Equatable"],
    "+": ["AdditiveArithmetic"], "-": ["AdditiveArithmetic"], "+=": ["AdditiveArithmetic"], "-=": ["AdditiveArithmetic"],
    "*": ["BinaryInteger", "FloatingPoint"], "/": ["BinaryInteger", "FloatingPoint"],
    "*=": ["BinaryInteger", "FloatingPoint"], "/=": ["BinaryInteger", "FloatingPoint"],
}
OPERATOR_KINDS = {"boundary", "negate", "equality", "arith", "logic"}
IN_PLACE_KINDS = {"bool", "bound", "minmax", "condition"}
# U+2A00…U+2A0F: operator characters in Swift's grammar, one for each hex digit of a site number.
DIGITS = [chr(0x2A00 + i) for i in range(16)]
SWITCH = "__scrollsimMutantSite"
REACH = "__scrollsimReach"
ON = "__scrollsimOn"


def operator_name(original, site):
    return original + "".join(DIGITS[int(d, 16)] for d in format(site, "x"))


def target_of(path):
    """`Sources/ScrollSimKit/Report/X.swift` → `ScrollSimKit`."""
    parts = path.split("/")
    return parts[1] if len(parts) > 2 and parts[0] == "Sources" else None


class Schemata:
    """The sites of one scratch clone: which mutant is which number, the declarations each
    target needs, and the original lines to put back when a site does not compile."""

    def __init__(self, work):
        self.work = work
        self.number = {}          # mutant id → the number that switches it on
        self.declarations = {}    # target → [Swift declarations]
        self.sites_on_line = {}   # (path, line) → [mutant ids]
        self.original_lines = {}  # path → the file's original lines
        self.current_lines = {}   # path → the instrumented lines
        self.declaration_site = {}  # (target, line in the schemata file) → [mutant ids]
        self.fallback = []        # mutant ids planted one at a time
        self.next_number = 1

    def instrument(self, mutants):
        by_file = {}
        for m in mutants:
            by_file.setdefault(m["file"], []).append(m)
        for path, group in sorted(by_file.items()):
            self._instrument_file(path, group)
        self.write()

    def _instrument_file(self, path, group):
        full = os.path.join(self.work, path)
        with open(full, encoding="utf-8") as f:
            lines = f.read().split("\n")
        self.original_lines[path] = list(lines)
        target = target_of(path)
        if target is not None:
            self.declarations.setdefault(target, [])
        by_line = {}
        for m in group:
            if m["op"] == "range" or target is None:
                self.fallback.append(m["id"])
            else:
                by_line.setdefault(m["line"], []).append(m)
        for number, ms in sorted(by_line.items()):
            new_line = self._instrument_line(lines[number - 1], ms, target)
            if new_line is None:
                ids = {m["id"] for m in ms}
                for i in ids:
                    self.number.pop(i, None)
                self.declarations[target] = [(t, d) for t, d in self.declarations.get(target, []) if not set(d) & ids]
                self.fallback += sorted(ids)
                continue
            lines[number - 1] = new_line
            self.sites_on_line[(path, number)] = [m["id"] for m in ms if m["id"] in self.number]
        self.current_lines[path] = lines

    def _instrument_line(self, line, ms, target):
        """The line with every mutant of `ms` behind a site, or None when two of them overlap in a
        way one line cannot hold."""
        # Group the mutants by the place they change: a `<` with its boundary and negate mutants
        # is one site with two numbers.
        places = {}
        conditions = []
        for m in ms:
            if m["op"] == "condition":
                conditions.append(m)
            else:
                places.setdefault((m["column"] - 1, m["original"], m["op"] in OPERATOR_KINDS), []).append(m)
        # Right to left, so the columns of the places not yet replaced stay right.
        out = line
        for (col, original, is_operator), group in sorted(places.items(), key=lambda p: -p[0][0]):
            if out[col:col + len(original)] != original:
                return None
            numbers = []
            for m in group:
                self.number[m["id"]] = self.next_number
                numbers.append((self.next_number, m))
                self.next_number += 1
            site = numbers[0][0]
            if is_operator:
                name = operator_name(original, site)
                self._declare_operator(target, name, original, numbers)
                replacement = name
            else:
                op = group[0]["op"]
                if op == "bool":
                    # `true` is on unless the site's one number is.
                    n = numbers[0][0]
                    replacement = f"(!{ON}({n}))" if original == "true" else f"({ON}({n}))"
                elif op == "bound":
                    choice = original
                    for n, m in reversed(numbers):
                        choice = f"{ON}({n}) ? {m['replacement']} : {choice}"
                    replacement = f"({choice})"
                elif op == "minmax":
                    if col > 0 and out[col - 1] == ".":
                        for _, m in numbers:
                            del self.number[m["id"]]
                        return None
                    name = f"__scrollsimMinMax{site}"
                    self._declare_minmax(target, name, original, numbers)
                    replacement = name
                else:
                    return None
            out = out[:col] + replacement + out[col + len(original):]
        for m in conditions:
            match = re.match(r"^(\s*(?:\} else )?(?:if|guard|while) )(.+?)( \{| else \{)\s*$", out)
            if not match:
                return None
            n = self.next_number
            self.number[m["id"]] = n
            self.next_number += 1
            out = out[:match.start(2)] + f"({ON}({n})) != ({match.group(2)})" + out[match.end(2):]
        return out

    def _declare(self, target, text, ids):
        decls = self.declarations.setdefault(target, [])
        decls.append((text, ids))

    def _declare_operator(self, target, name, original, numbers):
        group = PRECEDENCE[original]
        ids = [m["id"] for _, m in numbers]
        text = [f"infix operator {name} : {group}"]
        reach = "".join(f"    {REACH}({n})\n" for n, _ in numbers)
        if original in ("&&", "||"):
            cases = "".join(f"    case {n}: return try {'l || r()' if m['replacement'] == '||' else 'l && r()'}\n" for n, m in numbers)
            text.append(f"@usableFromInline func {name} (_ l: Bool, _ r: @autoclosure () throws -> Bool) rethrows -> Bool {{\n"
                        f"{reach}    switch {SWITCH} {{\n{cases}    default: return try l {original} r()\n    }}\n}}")
        elif original.endswith("=") and original not in ("<=", ">=", "==", "!="):
            for constraint in CONSTRAINTS[original]:
                cases = "".join(f"    case {n}: l {m['replacement']} r\n" for n, m in numbers)
                text.append(f"@usableFromInline func {name} <T: {constraint}>(_ l: inout T, _ r: T) {{\n"
                            f"{reach}    switch {SWITCH} {{\n{cases}    default: l {original} r\n    }}\n}}")
        else:
            returns = "Bool" if PRECEDENCE[original] == "ComparisonPrecedence" else "T"
            for constraint in CONSTRAINTS[original]:
                cases = "".join(f"    case {n}: return l {m['replacement']} r\n" for n, m in numbers)
                text.append(f"@usableFromInline func {name} <T: {constraint}>(_ l: T, _ r: T) -> {returns} {{\n"
                            f"{reach}    switch {SWITCH} {{\n{cases}    default: return l {original} r\n    }}\n}}")
        self._declare(target, "\n".join(text), ids)

    def _declare_minmax(self, target, name, original, numbers):
        ids = [m["id"] for _, m in numbers]
        n = numbers[0][0]
        other = numbers[0][1]["replacement"]
        text = (f"@usableFromInline func {name}<T: Comparable>(_ x: T, _ y: T) -> T {{\n"
                f"    {ON}({n}) ? Swift.{other}(x, y) : Swift.{original}(x, y)\n}}\n"
                f"@usableFromInline func {name}<T: Comparable>(_ x: T, _ y: T, _ z: T, _ rest: T...) -> T {{\n"
                f"    let pick: (T, T) -> T = {ON}({n}) ? Swift.{other} : Swift.{original}\n"
                f"    return rest.reduce(pick(pick(x, y), z), pick)\n}}")
        self._declare(target, text, ids)

    def schemata_path(self, target):
        return os.path.join(self.work, "Sources", target, FILE_NAME)

    def write(self):
        """Writes every instrumented file and each target's schemata file."""
        for path, lines in self.current_lines.items():
            with open(os.path.join(self.work, path), "w", encoding="utf-8") as f:
                f.write("\n".join(lines))
        self.declaration_site = {}
        for target, decls in self.declarations.items():
            head = ["// Written by scripts/mutation_schemata.py in a scratch clone: never committed.",
                    "#if canImport(Glibc)", "import Glibc", "#elseif canImport(Darwin)", "import Darwin", "#endif", "",
                    "/// The mutant switched on for this process (none when unset).",
                    f"@usableFromInline let {SWITCH}: Int = {{",
                    f"    guard let text = getenv(\"{ENV}\") else {{ return 0 }}",
                    "    return Int(String(cString: text)) ?? 0",
                    "}()",
                    "/// The file this process appends the numbers of the sites it reaches to (-1: none).",
                    "@usableFromInline let __scrollsimReachFile: Int32 = {",
                    f"    guard let path = getenv(\"{REACH_ENV}\") else {{ return -1 }}",
                    "    return open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)",
                    "}()",
                    "/// The numbers this process has written already, a byte each (a race at worst writes one twice).",
                    "@usableFromInline nonisolated(unsafe) let __scrollsimReachedSites: UnsafeMutablePointer<UInt8> = {",
                    f"    let seen = UnsafeMutablePointer<UInt8>.allocate(capacity: {self.next_number})",
                    f"    seen.initialize(repeating: 0, count: {self.next_number})",
                    "    return seen",
                    "}()",
                    "/// Records that site `n` was reached: its number, once, on a line of its own (O_APPEND",
                    "/// keeps the lines of the processes one test run starts whole).",
                    f"@usableFromInline func {REACH}(_ n: Int) {{",
                    "    guard __scrollsimReachFile >= 0, __scrollsimReachedSites[n] == 0 else { return }",
                    "    __scrollsimReachedSites[n] = 1",
                    "    let text = Array(\"\\(n)\\n\".utf8)",
                    "    _ = text.withUnsafeBytes { write(__scrollsimReachFile, $0.baseAddress, $0.count) }",
                    "}",
                    "/// Whether site `n`'s mutant is the one on; records that the site was reached.",
                    f"@usableFromInline func {ON}(_ n: Int) -> Bool {{",
                    f"    {REACH}(n)",
                    f"    return {SWITCH} == n",
                    "}", ""]
            lines = head
            for text, ids in decls:
                start = len(lines) + 1
                lines += text.split("\n")
                for k in range(start, len(lines) + 1):
                    self.declaration_site[(target, k)] = ids
                lines.append("")
            with open(self.schemata_path(target), "w", encoding="utf-8") as f:
                f.write("\n".join(lines))

    def put_back(self, errors):
        """Puts back as they were the sites on the lines `errors` names ((path, line) pairs, paths
        relative to the clone); their mutants go to the one-at-a-time path. Returns how many
        sites were put back (0: the errors are somewhere this cannot fix)."""
        dropped = set()
        for path, line in errors:
            ids = self.sites_on_line.pop((path, line), None)
            if ids is not None:
                self.current_lines[path][line - 1] = self.original_lines[path][line - 1]
                dropped.update(ids)
                continue
            if path in self.current_lines:
                # An error reported away from its site (a statement over several lines is
                # reported where it starts): the sites just below and above it, else the file's.
                near = [(p, l) for (p, l) in self.sites_on_line if p == path and line - 3 <= l <= line + 8]
                near = near or [(p, l) for (p, l) in self.sites_on_line if p == path]
                for key in near:
                    self.current_lines[path][key[1] - 1] = self.original_lines[path][key[1] - 1]
                    dropped.update(self.sites_on_line.pop(key))
                continue
            target = target_of(path) if os.path.basename(path) == FILE_NAME else None
            if target and (target, line) in self.declaration_site:
                ids = self.declaration_site[(target, line)]
                for (p, l), on_line in list(self.sites_on_line.items()):
                    if set(on_line) & set(ids):
                        self.current_lines[p][l - 1] = self.original_lines[p][l - 1]
                        dropped.update(on_line)
                        del self.sites_on_line[(p, l)]
        if not dropped:
            return 0
        for i in dropped:
            self.number.pop(i, None)
            if i not in self.fallback:
                self.fallback.append(i)
        for target in list(self.declarations):
            self.declarations[target] = [(t, ids) for t, ids in self.declarations[target] if not set(ids) & dropped]
        self.write()
        return len(dropped)


ERROR = re.compile(r"^(/[^:\n]+\.swift):(\d+):\d+: error:", re.M)


def error_lines(work, output):
    """(path relative to the clone, line) of every compile error in `output`."""
    found = set()
    prefix = os.path.realpath(work) + "/"
    for m in ERROR.finditer(output):
        path = os.path.realpath(m.group(1))
        if path.startswith(prefix):
            found.add((path[len(prefix):], int(m.group(2))))
    return sorted(found)


def check(fixture, main, scratch):
    """The schemata's own test: every mutant of `fixture` (a file declaring `enum Fixture`, run by
    `main`) switched on in one instrumented program must print what the same mutant planted
    alone prints. Two compiles: the instrumented program, and every planted variant in one
    program (`enum Fixture_N`, chosen by its argument). The instrumented program run once with
    no mutant on and `REACH_ENV` set must record every mutant whose planted twin prints
    something else than the original (a mutant reached by no test would be called a survivor
    without running one). Returns (instrumented, put back, mismatches, the lines of the
    mutants not reached)."""
    import shutil
    import subprocess
    import sys
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import mutation_generate as generated
    source = os.path.join(scratch, "Sources", "Fixture")
    os.makedirs(source, exist_ok=True)
    path = "Sources/Fixture/Fixture.swift"
    shutil.copy(fixture, os.path.join(scratch, path))
    with open(fixture, encoding="utf-8") as f:
        original = f.read()
    with open(main, encoding="utf-8") as f:
        main_text = f.read()
    mutants = generated.mutants_of_file(scratch, path)
    sites = Schemata(scratch)
    sites.instrument(mutants)
    schemata_file = os.path.join(source, FILE_NAME)
    program = os.path.join(scratch, "instrumented")
    for _ in range(10):
        r = subprocess.run(["swiftc", "-Onone", "-o", program, os.path.join(scratch, path), schemata_file, main],
                           capture_output=True, text=True)
        if r.returncode == 0:
            break
        if sites.put_back(error_lines(scratch, r.stderr)) == 0:
            raise SystemExit("the instrumented fixture does not compile:\n" + r.stderr[-3000:])
    chosen = [m for m in mutants if m["id"] in sites.number]
    variants = [original]  # variant 0: the original
    for m in chosen:
        variants.append(generated.plant(original, m))
    combined = []
    for k, text in enumerate(variants):
        combined.append(text.replace("enum Fixture ", f"enum Fixture_{k} "))
    # Top-level code must be in a file named main.swift: every variant and a dispatcher on argv.
    dispatch = ["let variant = Int(CommandLine.arguments[1])!", "switch variant {"]
    for k in range(len(variants)):
        dispatch.append(f"case {k}:")
        dispatch += ["    " + line for line in main_text.replace("Fixture.", f"Fixture_{k}.").split("\n")]
    dispatch += ["default: fatalError()", "}"]
    os.makedirs(os.path.join(scratch, "planted"), exist_ok=True)
    planted_main = os.path.join(scratch, "planted", "main.swift")
    with open(planted_main, "w", encoding="utf-8") as f:
        f.write("\n".join(combined) + "\n" + "\n".join(dispatch) + "\n")
    planted_program = os.path.join(scratch, "planted-variants")
    r = subprocess.run(["swiftc", "-Onone", "-o", planted_program, planted_main], capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("the planted variants do not compile:\n" + r.stderr[-3000:])

    def output(cmd, env=None):
        try:
            # The switch of a mutation run that runs this check (MutantSchemataTests under
            # `scripts/mutate --schemata`) is not the fixture's.
            inherited = {k: v for k, v in os.environ.items() if k != ENV}
            return subprocess.run(cmd, capture_output=True, text=True, timeout=10,
                                  env={**inherited, **(env or {})}).stdout
        except subprocess.TimeoutExpired:
            return "timeout"

    mismatches = []
    original_output = output([planted_program, "0"])
    reach_file = os.path.join(scratch, "reached")
    if output([program], {REACH_ENV: reach_file}) != original_output:
        mismatches.append("no mutant on: the instrumented program differs from the original")
    with open(reach_file, encoding="utf-8") as f:
        reached = {int(line) for line in f.read().split()}
    for k, m in enumerate(chosen, 1):
        got = output([program], {ENV: str(sites.number[m["id"]])})
        want = output([planted_program, str(k)])
        if got != want:
            mismatches.append(f"{m['line']}:{m['column']} {m['op']} {m['original']} → {m['replacement']}: {got!r} ≠ {want!r}")
        if want != original_output and sites.number[m["id"]] not in reached:
            mismatches.append(f"{m['line']}:{m['column']} {m['op']} {m['original']} → {m['replacement']}: changes the output, never recorded as reached")
    unreached = sorted({m["line"] for m in chosen if sites.number[m["id"]] not in reached})
    return len(chosen), len(sites.fallback), mismatches, unreached


if __name__ == "__main__":
    # `python3 scripts/mutation_schemata.py --check FIXTURE MAIN SCRATCH`
    import sys
    if len(sys.argv) == 5 and sys.argv[1] == "--check":
        instrumented, put_back, mismatches, unreached = check(sys.argv[2], sys.argv[3], sys.argv[4])
        print(f"{instrumented} mutants switched on one at a time, {put_back} planted alone instead")
        print("not reached with no mutant on: " + (", ".join(f"line {n}" for n in unreached) or "none"))
        for line in mismatches:
            print("MISMATCH " + line)
        sys.exit(1 if mismatches else 0)
    print("usage: mutation_schemata.py --check FIXTURE MAIN SCRATCH", file=sys.stderr)
    sys.exit(2)
