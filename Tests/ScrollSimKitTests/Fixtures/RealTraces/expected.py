#!/usr/bin/env python3
"""The figures a correct trace reader must find in each file of the real-trace corpus.

Written apart from ScrollSim's readers (Python 3 standard library only, no code shared with
Sources/), from the formats' own documents and the importers that define them in practice:

Chrome / Perfetto trace-event JSON (the "Trace Event Format" document; catapult's
trace_event_importer and Perfetto's JSON importer for what the document leaves open):
  * The file is a bare array of events or an object whose "traceEvents" holds them.
  * A bare array whose closing "]" is missing, or that ends in a trailing comma, is repaired as
    catapult repairs it (drop a final comma, add the "]"): writers that stop mid-trace leave
    exactly that. The repair is listed under "repairs"; anything else that is not JSON is a
    refusal.
  * "X" (complete): an interval from ts for dur. An X without "dur" never finished (catapult
    marks it didNotFinish): left out and counted.
  * "B"/"E" (duration): per (pid, tid), the events stably sorted by ts (the format does not
    require sorted events; Perfetto sorts before pairing); an E closes the innermost open B,
    whatever its name; the interval is named by its B. A B still open at the end is left out
    (unfinished); an E with nothing open is left out.
  * "b"/"e" (nestable async): grouped by category and id (id, or id2.global, or id2.local with
    the pid; with "scope" when present), stably sorted by ts; an e closes the innermost open b
    of the same name, and the b's still open above it never finished (catapult's rule). An
    unmatched b or e is left out.
  * "S"/"F" (legacy async): grouped by name and id (as above); S opens, F closes ("T"/"p" are
    steps and change nothing). A second S with the same name and id while one is open is
    ignored (catapult warns); an S never closed is left out; an F with nothing open is left
    out.
  * Every other phase (instants, counters, metadata, flows, samples, objects) is counted under
    "other_phases" and gives no interval.
  * Times are microseconds, whole or fractional; they are read exactly (decimal), never
    through a binary float, and figures are written in milliseconds rounded to the
    nanosecond. A name that is not a string gives the name "".

OTLP/JSON (opentelemetry-proto's JSON encoding; the File Exporter document): an
ExportTraceServiceRequest / TracesData object, JSON Lines of such objects (one per line, as
the file exporter writes), or an array of them. resourceSpans[].scopeSpans[] (or the older
instrumentationLibrarySpans[]) .spans[]: a span lasts endTimeUnixNano - startTimeUnixNano
(64-bit integers, written as decimal strings). Attribute keys are the span's, and the
resource's as "resource.KEY".

xctrace export XML (`xcrun xctrace export --xpath ...`): a <trace-query-result> of <node>s,
each a <schema> of <col>s (mnemonic, name, engineering-type) then <row>s whose children are
the cells in column order. Any element with id="N" defines a value that a later element with
ref="N" reuses (resolved here over the whole document, in order); <sentinel/> is an empty
cell. A table with "start" and "duration" columns holds intervals (named by the first of the
name-like columns present); other tables (time-profile samples, os-signpost points) are
counted by rows, with the reason a reader should give for skipping them.

Refused files: zip archives, gzip that does not inflate, Perfetto or OTLP protobuf, and JSON
beyond repair are listed with the reason a correct reader should give, and the words its
message must contain ("must_mention", case-insensitive).

Run:  python3 expected.py [TRACES]
TRACES is the directory holding the trace files (default: $SCROLLSIM_REAL_TRACES, else the
directory of this script). The list of files is SOURCES.md's, beside this script, and the
figures go to expected.json beside it (sorted keys, fixed layout: the same bytes every run).
Exits 1 if a file SOURCES.md lists is missing, or a trace file in TRACES is not listed.
"""

import gzip
import hashlib
import json
import os
import re
import statistics
import sys
import xml.etree.ElementTree as ET
import zlib
from decimal import Decimal, ROUND_HALF_EVEN

NS = Decimal(1)
SKIP = {"expected.py", "expected.json", "SOURCES.md", ".gitignore"}


# --------------------------------------------------------------------------- common figures

def ms(ns):
    """Nanoseconds (a Decimal) as milliseconds, rounded to the nanosecond, as a float."""
    return float((ns / Decimal(1_000_000)).quantize(Decimal("0.000001"), rounding=ROUND_HALF_EVEN))


def stats(durations_ns):
    values = sorted(durations_ns)
    total = sum(values, Decimal(0))
    return {
        "count": len(values),
        "sum_ms": ms(total),
        "min_ms": ms(values[0]),
        "median_ms": ms(Decimal(statistics.median(values))),
        "max_ms": ms(values[-1]),
    }


def per_name(intervals):
    """intervals: (name, duration_ns, kind) -> {name: stats + kinds}."""
    by_name = {}
    for name, duration, kind in intervals:
        entry = by_name.setdefault(name, ([], {}))
        entry[0].append(duration)
        entry[1][kind] = entry[1].get(kind, 0) + 1
    out = {}
    for name, (durations, kinds) in by_name.items():
        figures = stats(durations)
        figures["kinds"] = kinds
        out[name] = figures
    return out


# --------------------------------------------------------------------------- trace-event JSON

def micros(value):
    """A trace-event time (µs) as exact nanoseconds, or None when it is not a number."""
    if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
        return None
    return Decimal(value) * 1000


def event_name(event):
    name = event.get("name")
    return name if isinstance(name, str) else ""


def scoped_id(event):
    """catapult's ScopedId: (scope, id[, pid]) or None."""
    scope = event.get("scope")
    if "id" in event:
        return (scope, json.dumps(event["id"], default=str))
    id2 = event.get("id2")
    if isinstance(id2, dict):
        if "global" in id2:
            return (scope, "global", json.dumps(id2["global"], default=str))
        if "local" in id2:
            return (scope, "local", json.dumps(id2["local"], default=str), json.dumps(event.get("pid"), default=str))
    return None


def load_trace_event_json(text):
    """(events, repairs) or raises ValueError with the reason."""
    repairs = []
    try:
        root = json.loads(text, parse_float=Decimal)
    except json.JSONDecodeError as error:
        stripped = text.strip()
        if not stripped.startswith("["):
            raise ValueError("not JSON (%s) and not a bare event array catapult could repair" % error)
        repaired = re.sub(r"\s*,\s*$", "", stripped)
        if repaired != stripped:
            repairs.append("trailing comma")
        if not repaired.endswith("]"):
            repaired += "]"
            repairs.append("missing closing ]")
        try:
            root = json.loads(repaired, parse_float=Decimal)
        except json.JSONDecodeError as second:
            raise ValueError("not JSON even after catapult's repair (%s)" % second)
    if isinstance(root, dict) and isinstance(root.get("traceEvents"), list):
        return root["traceEvents"], repairs, root
    if isinstance(root, list):
        return root, repairs, None
    raise ValueError("JSON, but neither an event array nor an object with traceEvents")


def trace_event_figures(text):
    events, repairs, container = load_trace_event_json(text)
    intervals = []
    left_out = {}
    other = {}

    def leave(reason, count=1):
        left_out[reason] = left_out.get(reason, 0) + count

    threads = {}      # (pid, tid) -> [(ts, seq, event)]
    nestable = {}     # (cat, scoped id) -> [(ts, seq, event)]
    legacy = []       # [(ts, seq, event)]
    for seq, event in enumerate(events):
        if not isinstance(event, dict):
            leave("not an object")
            continue
        ph = event.get("ph")
        ts = micros(event.get("ts"))
        if ph == "X":
            if "dur" not in event:
                leave("X without dur (unfinished)")
                continue
            dur = micros(event.get("dur"))
            if ts is None or dur is None:
                leave("X with a ts or dur that is not a number")
                continue
            intervals.append((event_name(event), dur, "X"))
        elif ph in ("B", "E"):
            if ts is None:
                leave("%s without a numeric ts" % ph)
                continue
            key = (json.dumps(event.get("pid"), default=str), json.dumps(event.get("tid"), default=str))
            threads.setdefault(key, []).append((ts, seq, event))
        elif ph in ("b", "e"):
            sid = scoped_id(event)
            if ts is None or sid is None or not isinstance(event.get("cat"), str):
                leave("%s without ts, id or cat" % ph)
                continue
            nestable.setdefault((event["cat"], sid), []).append((ts, seq, event))
        elif ph in ("S", "F", "T", "p"):
            if ts is None or scoped_id(event) is None:
                leave("%s without ts or id" % ph)
                continue
            legacy.append((ts, seq, event))
        else:
            key = ph if isinstance(ph, str) else "(no ph)"
            other[key] = other.get(key, 0) + 1

    # B/E: per thread, stably by ts; E closes the innermost open B.
    for key in sorted(threads):
        stack = []
        for ts, _, event in sorted(threads[key], key=lambda item: (item[0], item[1])):
            if event["ph"] == "B":
                stack.append((ts, event))
            elif stack:
                begin_ts, begin = stack.pop()
                intervals.append((event_name(begin), ts - begin_ts, "B/E"))
            else:
                leave("E without B")
        if stack:
            leave("B without E (unfinished)", len(stack))

    # b/e: per (cat, id), stably by ts; e closes the innermost open b of its name.
    for key in sorted(nestable, key=repr):
        stack = []
        for ts, _, event in sorted(nestable[key], key=lambda item: (item[0], item[1])):
            if event["ph"] == "b":
                stack.append((ts, event))
                continue
            name = event_name(event)
            match = next((i for i in range(len(stack) - 1, -1, -1) if event_name(stack[i][1]) == name), None)
            if match is None:
                leave("e without b")
                continue
            begin_ts, begin = stack[match]
            intervals.append((event_name(begin), ts - begin_ts, "b/e"))
            abandoned = len(stack) - match - 1     # opened inside it and never ended
            if abandoned:
                leave("b without e (unfinished)", abandoned)
            del stack[match:]
        if stack:
            leave("b without e (unfinished)", len(stack))

    # S/F: by (name, id), stably by ts.
    open_legacy = {}
    for ts, _, event in sorted(legacy, key=lambda item: (item[0], item[1])):
        key = (event_name(event), scoped_id(event))
        ph = event["ph"]
        if ph == "S":
            if key in open_legacy:
                leave("S while the same name and id is open (ignored)")
            else:
                open_legacy[key] = ts
        elif ph == "F":
            if key in open_legacy:
                intervals.append((key[0], ts - open_legacy.pop(key), "S/F"))
            else:
                leave("F without S")
        # T and p are steps inside an S/F slice.
    if open_legacy:
        leave("S without F (unfinished)", len(open_legacy))

    negative = sum(1 for _, duration, _ in intervals if duration < 0)
    figures = {
        "format": "chrome-json",
        "events": len(events),
        "repairs": repairs,
        "slices": per_name(intervals),
        "left_out": left_out,
        "other_phases": other,
    }
    if container is not None and isinstance(container.get("displayTimeUnit"), str):
        figures["displayTimeUnit"] = container["displayTimeUnit"]
    if negative:
        figures["refusal"] = {"reason": "%d interval(s) end before they start" % negative, "must_mention": ["negative"]}
    return figures


# --------------------------------------------------------------------------- OTLP JSON

def any_value_keys(attributes, prefix=""):
    keys = set()
    if isinstance(attributes, list):
        for entry in attributes:
            if isinstance(entry, dict) and isinstance(entry.get("key"), str):
                keys.add(prefix + entry["key"])
    return keys


def otlp_requests(text):
    try:
        root = json.loads(text)
        if isinstance(root, list):
            return root, "array of requests"
        return [root], "one request"
    except json.JSONDecodeError:
        lines = [line for line in text.splitlines() if line.strip()]
        return [json.loads(line) for line in lines], "JSON Lines (%d requests)" % len(lines)


def otlp_figures(text):
    requests, layout = otlp_requests(text)
    intervals = []
    keys = {}
    left_out = {}
    spans = 0
    for request in requests:
        for resource_spans in request.get("resourceSpans", []):
            resource = any_value_keys((resource_spans.get("resource") or {}).get("attributes"), "resource.")
            scopes = resource_spans.get("scopeSpans", []) + resource_spans.get("instrumentationLibrarySpans", [])
            for scope in scopes:
                for span in scope.get("spans", []):
                    spans += 1
                    name = span.get("name") if isinstance(span.get("name"), str) else ""
                    start, end = span.get("startTimeUnixNano"), span.get("endTimeUnixNano")
                    if start is None or end is None:
                        left_out["span without a start or end time"] = left_out.get("span without a start or end time", 0) + 1
                        continue
                    duration = Decimal(int(end)) - Decimal(int(start))
                    intervals.append((name, duration, "span"))
                    keys.setdefault(name, set()).update(resource | any_value_keys(span.get("attributes")))
    figures = {
        "format": "otlp-json",
        "layout": layout,
        "events": spans,
        "slices": per_name(intervals),
        "attribute_keys": {name: sorted(value) for name, value in keys.items()},
        "left_out": left_out,
    }
    if any(duration < 0 for _, duration, _ in intervals):
        figures["refusal"] = {"reason": "a span ends before it starts", "must_mention": ["negative"]}
    return figures


# --------------------------------------------------------------------------- xctrace XML

LABELS = ["name", "hitch-type", "type", "narrative-description", "view-name", "view-type", "view", "description"]


def xctrace_figures(data):
    root = ET.fromstring(data)
    if root.tag not in ("trace-query-result", "trace-toc"):
        raise ValueError("XML whose root is <%s>, not an xctrace export" % root.tag)
    defined = {}
    for element in root.iter():          # document order: every id before the refs to it
        if "id" in element.attrib:
            defined[element.attrib["id"]] = element

    def resolve(cell):
        if cell.tag == "sentinel":
            return None
        if "ref" in cell.attrib:
            return defined[cell.attrib["ref"]]
        return cell

    tables = {}
    intervals = []
    rows_total = 0
    for node in root.iter("node"):
        schema = node.find("schema")
        name = schema.attrib.get("name", "") if schema is not None else ""
        columns = []
        if schema is not None:
            for col in schema.findall("col"):
                columns.append(((col.findtext("mnemonic") or "").strip(), (col.findtext("engineering-type") or "").strip()))
        mnemonics = [m for m, _ in columns]
        rows = node.findall("row")
        rows_total += len(rows)
        table = tables.setdefault(name, {"rows": 0, "columns": mnemonics})
        table["rows"] += len(rows)
        if "start" in mnemonics and "duration" in mnemonics:
            start_i, duration_i = mnemonics.index("start"), mnemonics.index("duration")
            label_i = next((mnemonics.index(m) for m in LABELS if m in mnemonics), None)
            table["holds"] = "intervals"
            for row in rows:
                cells = [resolve(cell) for cell in row]
                start, duration = cells[start_i], cells[duration_i]
                if start is None or duration is None:
                    table["rows without start or duration"] = table.get("rows without start or duration", 0) + 1
                    continue
                label = ""
                if label_i is not None and cells[label_i] is not None:
                    label = cells[label_i].attrib.get("fmt", cells[label_i].text or "")
                intervals.append((label, Decimal(int(duration.text.strip())), name))
        elif "time" in mnemonics and "event-type" in mnemonics:
            table["holds"] = "points"
            table["skip_reason"] = "os-signpost holds points (begin/end/event), not intervals: export os-signpost-interval"
            counts = {}
            i = mnemonics.index("event-type")
            for row in rows:
                cell = resolve(list(row)[i])
                kind = "" if cell is None else cell.attrib.get("fmt", cell.text or "")
                counts[kind] = counts.get(kind, 0) + 1
            table["event_types"] = counts
        else:
            table["holds"] = "samples" if "weight" in mnemonics else "other"
            table["skip_reason"] = "no start and duration columns: %s, not intervals" % (
                "time-profile samples" if "weight" in mnemonics else "not a table of intervals")
    return {
        "format": "xctrace",
        "events": rows_total,
        "tables": tables,
        "slices": per_name(intervals),
        "left_out": {},
    }


# --------------------------------------------------------------------------- dispatch

def refusal(reason, words):
    return {"refusal": {"reason": reason, "must_mention": words}, "slices": {}}


def figures_for(data):
    container = None
    if data[:4] == b"PK\x03\x04":
        return refusal("a zip archive: unzip it first (an Instruments .trace inside: xctrace export it)", ["zip"])
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError, zlib.error) as error:
            return refusal("gzip that does not inflate (%s)" % error, ["gzip"])
        container = "gzip"
    if data[:3] == b"\xef\xbb\xbf":
        data = data[3:]
    text = data.decode("utf-8")
    first = text.lstrip()[:1]
    if first == "<":
        figures = xctrace_figures(data)
    elif '"resourceSpans"' in text[:4096] and '"traceEvents"' not in text[:4096]:
        figures = otlp_figures(text)
    elif first in "[{":
        try:
            figures = trace_event_figures(text)
        except ValueError as error:
            return refusal(str(error), ["json"])
    else:
        return refusal("neither JSON nor XML", ["not"])
    if container:
        figures["container"] = container
    figures.setdefault("refusal", None)
    return figures


def listed_files(directory):
    with open(os.path.join(directory, "SOURCES.md"), encoding="utf-8") as handle:
        return re.findall(r"^\| `([^`]+)` \|", handle.read(), flags=re.M)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    traces = sys.argv[1] if len(sys.argv) > 1 else (os.environ.get("SCROLLSIM_REAL_TRACES") or here)
    listed = listed_files(here)
    present = sorted(f for f in os.listdir(traces) if f not in SKIP and not f.startswith(("LICENSE", "NOTICE")))
    missing = [f for f in listed if not os.path.exists(os.path.join(traces, f))]
    unlisted = [f for f in present if f not in listed]
    if missing or unlisted:
        print("missing from %s: %s; not in SOURCES.md: %s" % (traces, missing, unlisted), file=sys.stderr)
        return 1
    files = {}
    for name in listed:
        with open(os.path.join(traces, name), "rb") as handle:
            data = handle.read()
        figures = figures_for(data)
        figures["bytes"] = len(data)
        figures["sha256"] = hashlib.sha256(data).hexdigest()
        files[name] = figures
    out = {
        "about": "Figures a correct reader must find in each real trace; written by expected.py from the files alone. "
                 "Durations in ms rounded to the ns; medians of an even count are the mean of the middle two.",
        "files": files,
    }
    with open(os.path.join(here, "expected.json"), "w", encoding="utf-8") as handle:
        json.dump(out, handle, sort_keys=True, indent=1, ensure_ascii=False)
        handle.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
