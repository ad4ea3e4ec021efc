"""Generated mutants: one-token bugs derived mechanically from the source, for `scripts/mutate
--generated`. Nobody chooses them, so they fall where nobody thought to plant one.

Each mutant is one change at one place of a line of code (never inside a comment or a string
literal, never on an `assert`/`precondition` line, an attribute, a `#if` or an `import`):

  boundary   a comparison made strict or non-strict          a < b   → a <= b     (and >, <=, >=)
  negate     a comparison replaced by its negation            a < b   → a >= b     (and >, <=, >=)
  equality   == and != swapped                                a == b  → a != b
  arith      + and -, * and / swapped (compound forms too)    a + b   → a - b,  a *= b → a /= b
  logic      && and || swapped                                a && b  → a || b
  range      closed and half-open ranges swapped              0..<n   → 0...n
  bool       a boolean constant flipped                       true    → false
  minmax     max( and min( swapped                            max(a, b) → min(a, b)
  bound      an integer literal beside a comparison or a range, ±1   i < 3  → i < 4, i < 2
  condition  an if/guard/while condition negated (no bindings, no comma lists)
                                                              if x > 0 {  → if !(x > 0) {

Not generated (said so in the docs): dropping a term of a sum, swapping same-typed arguments.
Binary operators are recognised by the spaces around them (Swift's style, which this repository
follows), so generics (`Array<Int>`), arrows and prefix/postfix operators are left alone. A `+`
or `+=` beside a string literal or before an array literal (`dir + "/"`, `a += [x]`) gives no
mutant: `-` there cannot compile. Any other mutant that does not compile (`+` on two string
variables, say) is reported as invalid and left out of the score.

A mutant's id is stable across unrelated edits: the file, the operator, a hash of the line's
text and the occurrence of that (operator, text) pair in the file, e.g.
`G-LazyStack+Prefetch-boundary-3f2a91c0-0`; the line and column say where it was planted.
"""

import hashlib
import os
import random
import re
import subprocess

# Areas the score is stated for, by path prefix (first match wins).
AREAS = [
    ("guard", ("Sources/ScrollSimKit/Report/OutputGuard.swift", "Sources/ScrollSimKit/Report/OutputBatch.swift",
               "Sources/ScrollSimKit/Report/OutputCommit.swift")),
    ("calibration", ("Sources/ScrollSimTraces/Calibration/",)),
    ("compare", ("Sources/ScrollSimKit/Compare/", "Sources/ScrollSimPresentation/Compare/")),
    ("readers", ("Sources/ScrollSimTraces/TraceImport/", "Sources/ScrollSimKit/JSON/")),
    ("history", ("Sources/ScrollSimHistory/",)),
    ("engine", ("Sources/ScrollSimEngine/",)),
]

# The test module that holds a source target's tests.
TEST_MODULES = {
    "ScrollSimEngine": "ScrollSimEngineTests",
    "ScrollSimKit": "ScrollSimKitTests",
    "ScrollSimHistory": "ScrollSimHistoryTests",
    "ScrollSimCLI": "ScrollSimCLITests",
    "ScrollSimHarness": "ScrollSimHarnessTests",
    "ScrollSimPresentation": "ScrollSimKitTests",
    "ScrollSimTraces": "ScrollSimKitTests",
    "ScrollSimTesting": "ScrollSimKitTests",
}

SKIPPED_LINE = re.compile(r"^\s*(assert|assertionFailure|precondition|preconditionFailure|debugPrecondition|fatalError|#|import |@)")

COMPARISONS = {"<": ("<=", ">="), "<=": ("<", ">"), ">": (">=", "<="), ">=": (">", "<")}
SWAPS = {
    "equality": {"==": "!=", "!=": "=="},
    "arith": {"+": "-", "-": "+", "*": "/", "/": "*", "+=": "-=", "-=": "+=", "*=": "/=", "/=": "*="},
    "logic": {"&&": "||", "||": "&&"},
}
BINARY = re.compile(r"(?<= )(<=|>=|==|!=|&&|\|\||\+=|-=|\*=|/=|<|>|\+|-|\*|/)(?= )")
RANGE = re.compile(r"(?<=[\w)\]])(\.\.\.|\.\.<)(?=[\w(\[])")
BOOL = re.compile(r"\b(true|false)\b")
MINMAX = re.compile(r"(?<![\w])(max|min)(?=\()")
INT_AFTER = re.compile(r"(?:(?<= (?:<|>)) |(?<= (?:<=|>=|==|!=)) |(?<=\.\.<)|(?<=\.\.\.))(\d+)\b(?![.\w])")
# Not the digits of a closure's argument (`$0 == x`): `$1` does not compile in a closure of one
# argument, and seed 59 drew three such mutants, each planted alone to be found invalid.
INT_BEFORE = re.compile(r"(?<![\w.$])(\d+)(?= (?:<|>|<=|>=|==|!=) |\.\.<|\.\.\.)")
CONDITION = re.compile(r"^(\s*(?:\} else )?(?:if|guard|while) )(.+?)( \{| else \{)\s*$")


def code_mask(lines):
    """For each line, the set of column ranges that are code: comments (//, /* */) and string
    literals ("…", \"\"\" blocks, their interpolations included) are not."""
    masks = []
    in_block_comment = False
    in_multiline_string = False
    for line in lines:
        code = [False] * len(line)
        i = 0
        in_string = False
        while i < len(line):
            if in_block_comment:
                end = line.find("*/", i)
                if end < 0:
                    i = len(line)
                    break
                in_block_comment = False
                i = end + 2
                continue
            if in_multiline_string:
                end = line.find('"""', i)
                if end < 0:
                    i = len(line)
                    break
                in_multiline_string = False
                i = end + 3
                continue
            if in_string:
                if line[i] == "\\":
                    i += 2
                    continue
                if line[i] == '"':
                    in_string = False
                i += 1
                continue
            if line.startswith("//", i):
                break
            if line.startswith("/*", i):
                in_block_comment = True
                i += 2
                continue
            if line.startswith('"""', i):
                in_multiline_string = True
                i += 3
                continue
            if line[i] == '"':
                in_string = True
                i += 1
                continue
            code[i] = True
            i += 1
        masks.append(code)
    return masks


def _is_code(mask, start, end):
    return all(mask[k] for k in range(start, end))


def _joins_literals(line, start, end):
    """Whether the `+` or `+=` at start..<end joins a string literal (`"a" + b`, `s += "x"`) or
    appends an array literal (`a + [x]`, `a += [x]`): `-` there does not compile, so the mutant
    would only cost a build to be found invalid."""
    before = line[:start].rstrip()
    after = line[end:].lstrip()
    return before.endswith('"') or after.startswith('"') or after.startswith("[")


def line_mutants(line, mask):
    """(op, column, original, replacement) for every mutant of one line."""
    found = []
    if SKIPPED_LINE.match(line):
        return found
    for m in BINARY.finditer(line):
        token, col = m.group(1), m.start(1)
        if not _is_code(mask, col, m.end(1)):
            continue
        if token in COMPARISONS:
            strict, negated = COMPARISONS[token]
            found.append(("boundary", col, token, strict))
            found.append(("negate", col, token, negated))
            continue
        if token in ("+", "+=") and _joins_literals(line, col, m.end(1)):
            continue
        for op, table in SWAPS.items():
            if token in table:
                found.append((op, col, token, table[token]))
    for m in RANGE.finditer(line):
        if _is_code(mask, m.start(1), m.end(1)):
            found.append(("range", m.start(1), m.group(1), "..<" if m.group(1) == "..." else "..."))
    for m in BOOL.finditer(line):
        if _is_code(mask, m.start(1), m.end(1)):
            found.append(("bool", m.start(1), m.group(1), "false" if m.group(1) == "true" else "true"))
    for m in MINMAX.finditer(line):
        if _is_code(mask, m.start(1), m.end(1)):
            found.append(("minmax", m.start(1), m.group(1), "min" if m.group(1) == "max" else "max"))
    seen_ints = set()
    for pattern in (INT_AFTER, INT_BEFORE):
        for m in pattern.finditer(line):
            col = m.start(1)
            if col in seen_ints or not _is_code(mask, col, m.end(1)):
                continue
            seen_ints.add(col)
            value = int(m.group(1))
            found.append(("bound", col, m.group(1), str(value + 1)))
            if value > 0:
                found.append(("bound", col, m.group(1), str(value - 1)))
    c = CONDITION.match(line)
    if c:
        cond = c.group(2)
        start = c.start(2)
        simple = (_is_code(mask, start, c.end(2)) and not re.search(r"\b(let|var|case)\b", cond)
                  and "," not in cond and "{" not in cond and not cond.startswith("!("))
        if simple:
            found.append(("condition", start, cond, "!(" + cond + ")"))
    return sorted(found, key=lambda f: (f[1], f[0], f[3]))


def area_of(path):
    for name, prefixes in AREAS:
        if any(path == p or (p.endswith("/") and path.startswith(p)) for p in prefixes):
            return name
    return None


DECLARED = re.compile(r"^(?:public |internal |private |fileprivate |final |@\w+ )*(?:struct|enum|class|actor|protocol|extension) (\w+)", re.M)
_test_files = {}


def test_files(root):
    """{suite file stem: its text} of every Swift test file (read once)."""
    if root not in _test_files:
        found = {}
        for dirpath, _, files in os.walk(os.path.join(root, "Tests")):
            for name in files:
                if name.endswith(".swift"):
                    with open(os.path.join(dirpath, name), encoding="utf-8", errors="replace") as f:
                        found[name[:-len(".swift")]] = f.read()
        _test_files[root] = found
    return _test_files[root]


_source_files = {}


def source_files(root):
    """{path: text} of every Swift source file (read once)."""
    if root not in _source_files:
        found = {}
        for dirpath, _, files in os.walk(os.path.join(root, "Sources")):
            for name in files:
                if name.endswith(".swift"):
                    full = os.path.join(dirpath, name)
                    with open(full, encoding="utf-8", errors="replace") as f:
                        found[os.path.relpath(full, root)] = f.read()
        _source_files[root] = found
    return _source_files[root]


def filters_for(root, path, text):
    """The test filters tried first: suites named after the file (`LazyStack+Prefetch.swift` →
    `LazyStackPrefetch`, `LazyStack`), and the test files that name a type the file declares or
    extends (their suites are named after them)."""
    base = os.path.basename(path)[:-len(".swift")]
    parts = base.split("+")
    names = ["".join(parts)]
    if parts[0] not in names:
        names.append(parts[0])
    # An extension's own concept has suites of its own (`LazyStack+ViewResolution.swift` →
    # `ViewResolutionTests`): the suites whose names start with it.
    names += [r"\." + part for part in parts[1:] if part and r"\." + part not in names]
    types = set(DECLARED.findall(text))
    if types:
        pattern = re.compile(r"\b(?:" + "|".join(re.escape(t) for t in sorted(types)) + r")\b")
        # The suites named after the source files that use this file's types (AttributeTally
        # is tested through CalibrationSamples), when few do.
        using = sorted({"".join(os.path.basename(other)[:-len(".swift")].split("+"))
                        for other, body in source_files(root).items() if other != path and pattern.search(body)})
        if len(using) <= 12:
            names += [u for u in using if u not in names]
        # The test files that name those types (a type every suite uses, such as the engine's
        # configuration, says nothing: kept only when 40 or fewer do).
        users = sorted(stem for stem, body in test_files(root).items() if pattern.search(body))
        if len(users) <= 40:
            names += [u for u in users if u not in names]
    # Filters are regular expressions over `Module.Suite/test`: a file stem's `+` is literal.
    return [n.replace("+", "\\+") for n in names]


def callers_for(root, path, text, first):
    """The next tier when a mutant's own suites (`first`) miss it: the test files that name a
    type declared in a source file that uses this file's types (the callers' tests, one step
    further than `filters_for`), left out when more than 40 would run (that is nearly the
    module, which runs next anyway). Cheaper than the module, and where a bug in a helper
    shows first: AttributeTally's through Calibration's suites."""
    types = set(DECLARED.findall(text))
    if not types:
        return []
    pattern = re.compile(r"\b(?:" + "|".join(re.escape(t) for t in sorted(types)) + r")\b")
    caller_types = set()
    for other, body in source_files(root).items():
        if other != path and pattern.search(body):
            caller_types |= set(DECLARED.findall(body))
    caller_types -= types
    if not caller_types:
        return []
    callers = re.compile(r"\b(?:" + "|".join(re.escape(t) for t in sorted(caller_types)) + r")\b")
    taken = {f.replace("\\+", "+") for f in first}
    users = sorted(stem for stem, body in test_files(root).items()
                   if callers.search(body) and not any(t in stem for t in taken))
    return [u.replace("+", "\\+") for u in users] if len(users) <= 40 else []


def module_filter(path):
    target = path.split("/")[1] if path.startswith("Sources/") else ""
    return TEST_MODULES.get(target)


def mutants_of_file(root, path, lines_only=None):
    """Every generated mutant of the Swift file `path` (relative to root); with `lines_only`, of
    those 1-based lines only."""
    with open(os.path.join(root, path), encoding="utf-8") as f:
        text = f.read()
    lines = text.split("\n")
    filters = filters_for(root, path, text)
    callers = callers_for(root, path, text, filters)
    masks = code_mask(lines)
    stem = os.path.basename(path)[:-len(".swift")]
    counts = {}
    result = []
    for number, (line, mask) in enumerate(zip(lines, masks), 1):
        mutants = line_mutants(line, mask)
        digest = hashlib.sha1(line.strip().encode()).hexdigest()[:8]
        for op, col, original, replacement in mutants:
            key = (op, digest, original, replacement)
            k = counts.get(key, 0)
            counts[key] = k + 1
            if lines_only is not None and number not in lines_only:
                continue
            result.append({
                "id": f"G-{stem}-{op}-{digest}-{original}-{replacement}-{k}",
                "file": path, "line": number, "column": col + 1,
                "original": original, "replacement": replacement, "op": op,
                "description": f"{op}: `{original}` → `{replacement}` at line {number}: {line.strip()[:90]}",
                "filters": filters, "callers": callers, "module": module_filter(path),
                "area": area_of(path),
            })
    return result


def swift_files(root, prefixes):
    out = []
    for prefix in prefixes:
        full = os.path.join(root, prefix)
        if os.path.isfile(full):
            out.append(prefix)
            continue
        for dirpath, _, files in os.walk(full):
            for name in files:
                if name.endswith(".swift"):
                    out.append(os.path.relpath(os.path.join(dirpath, name), root))
    return sorted(set(out))


def population(root, files=None, changed=None):
    """Every generated mutant of the areas' files (or of `files`), or, with `changed` (a git
    ref), of the lines the change since that ref touches in those files."""
    if files is None:
        files = swift_files(root, [p for _, prefixes in AREAS for p in prefixes])
    if changed is None:
        return [m for path in files for m in mutants_of_file(root, path)]
    touched = changed_lines(root, changed)
    out = []
    for path in files:
        if path in touched:
            out += mutants_of_file(root, path, touched[path])
    return out


def changed_lines(root, ref):
    """{path: set of new-side line numbers} of the diff from `ref` to the working tree."""
    diff = subprocess.check_output(["git", "diff", "-U0", ref, "--", "Sources"], cwd=root, text=True)
    touched = {}
    path = None
    for line in diff.splitlines():
        if line.startswith("+++ "):
            path = line[6:] if line.startswith("+++ b/") else None
        elif line.startswith("@@") and path and path.endswith(".swift"):
            m = re.match(r"@@ -\S+ \+(\d+)(?:,(\d+))? @@", line)
            start, count = int(m.group(1)), int(m.group(2) or "1")
            touched.setdefault(path, set()).update(range(start, start + count))
    return touched


def sample(mutants, per_area, seed):
    """`per_area` mutants drawn from each area (all of an area that has fewer), the same draw for
    the same population and seed."""
    rng = random.Random(seed)
    by_area = {}
    for m in sorted(mutants, key=lambda m: m["id"]):
        by_area.setdefault(m["area"], []).append(m)
    chosen = []
    for area in sorted(by_area, key=str):
        group = by_area[area]
        chosen += group if len(group) <= per_area else rng.sample(group, per_area)
    return chosen


def plant(text, m):
    """The file's text with the mutant planted at its line and column, or None when the text
    there is not the mutant's original (the file changed since it was generated)."""
    lines = text.split("\n")
    if m["line"] > len(lines):
        return None
    line = lines[m["line"] - 1]
    col = m["column"] - 1
    if line[col:col + len(m["original"])] != m["original"]:
        return None
    lines[m["line"] - 1] = line[:col] + m["replacement"] + line[col + len(m["original"]):]
    return "\n".join(lines)


def wilson(killed, total, z=1.96):
    """The Wilson score interval of a proportion (a sampled score's 95 % interval)."""
    if total == 0:
        return (0.0, 1.0)
    return wilson_at(killed / total, total, z)


def wilson_at(p, total, z=1.96):
    """Wilson's interval for an estimate `p` from `total` draws (which may be an effective,
    fractional sample size)."""
    if total <= 0:
        return (0.0, 1.0)
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    half = z * ((p * (1 - p) / total + z * z / (4 * total * total)) ** 0.5) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


if __name__ == "__main__":
    # `python3 scripts/mutation_generate.py FILE…`: each file's mutants, one a line
    # (`line:column op original → replacement`), for a look or a test.
    import sys
    for path in sys.argv[1:]:
        directory, name = os.path.split(os.path.abspath(path))
        for m in mutants_of_file(directory, name):
            print(f"{m['line']}:{m['column']} {m['op']} {m['original']} → {m['replacement']}")
