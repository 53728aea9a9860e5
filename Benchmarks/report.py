#!/usr/bin/env python3
"""Turns one scripts/bench run (hyperfine JSON files) into the markdown tables of
Docs/BENCHMARKS.md: medians, ratios to the anchors measured in the same invocation, targets,
and growth across sizes. Usage: report.py RESULTS_DIR
"""
import json
import re
import sys
from pathlib import Path

out = Path(sys.argv[1])


def medians(name):
    path = out / f"{name}.json"
    if not path.exists():
        return None
    return [(r["command"], r["median"] * 1000, r["stddev"] * 1000 if r.get("stddev") is not None else 0.0)
            for r in json.loads(path.read_text())["results"]]


def sizes(prefix):
    found = [int(m.group(1)) for p in out.glob(f"{prefix}-*.json") if (m := re.fullmatch(rf"{prefix}-(\d+)\.json", p.name))]
    return sorted(found)


def ms(value):
    return f"{value:,.1f}" if value < 100 else f"{value:,.0f}"


rows = []  # workload, size, subject, subject ms, anchor, anchor ms, comparison, target, met


# The targets hold at 1,000,000 users (search, list), for every size (profile), for 60
# pages of 30 users (next-page at GitHub's page size) and 100 pages of 100; other sizes are
# measured for growth and show no target. A quick run (one small size) checks the targets at
# that size.
def headline(prefix, size):
    found = sizes(prefix)
    if prefix == "profile" or len(found) == 1:
        return True
    return size == {"sync": 100, "sync30": 60}.get(prefix, 1_000_000)


def ratio_row(workload, prefix, size, subject, anchor, limit, target, shown_size=None):
    ratio = subject[1] / anchor[1]
    checked = headline(prefix, size)
    rows.append((workload, shown_size or size, subject, anchor, f"{ratio:.2f}x", target if checked else "–",
                 (ratio <= limit) if checked else None))


for size in sizes("search-index"):
    subject, fts, like = medians(f"search-index-{size}")
    ratio_row("search, 3+ chars", "search-index", size, subject, fts, 2.0, "≤ 2x")
    speedup = like[1] / subject[1]
    checked = headline("search-index", size)
    rows.append(("search, 3+ chars", size, subject, like, f"{speedup:.1f}x faster",
                 "≥ 20x faster" if checked else "–", (speedup >= 20) if checked else None))
for size in sizes("search-short"):
    subject, three, none, pairs, like = medians(f"search-short-{size}")
    # Issue #22's target: one or two characters within 2x of three or more, on the same home.
    # Beside it, sqlite3 running the same statements, for information: like the 3+ row's
    # ratio, it is mostly the two programs' start-up.
    ratio_row("search, 1-2 chars", "search-short", size, subject, three, 2.0, "≤ 2x")
    rows.append(("search, 1-2 chars", size, subject, pairs, f"{subject[1] / pairs[1]:.2f}x", "–", None))
    ratio_row("search, 1-2 chars, no match", "search-short", size, none, three, 2.0, "≤ 2x")
    speedup = like[1] / subject[1]
    rows.append(("search, 1-2 chars", size, subject, like, f"{speedup:.1f}x faster", "–", None))
for size in sizes("profile"):
    subject, hi = medians(f"profile-{size}")[:2]
    difference = subject[1] - hi[1]
    rows.append(("profile --offline", size, subject, hi, f"+{difference:.1f} ms", "≤ +15 ms", difference <= 15))
for size in sizes("list"):
    subject, dump = medians(f"list-{size}")
    ratio_row("list --json", "list", size, subject, dump, 2.0, "≤ 2x")
for prefix, per_page in (("sync30", 30), ("sync", 100)):
    for pages in sizes(prefix):
        subject, python = medians(f"{prefix}-{pages}")
        ratio_row(f"next-page --pages {pages} --json, per_page {per_page}", prefix, pages, subject, python, 0.9999, "< 1x",
                  shown_size=pages * per_page)

for format in ("png", "jpg"):
    found = medians(f"avatar-{format}")
    if found:
        subject, chafa = found
        ratio = subject[1] / chafa[1]
        rows.append((f"avatar decode+resize+draw, 460x460 {format.upper()}", 0, subject, chafa, f"{ratio:.2f}x", "≤ 1x",
                     ratio <= 1))

print("| workload | users | ghusers median (ms) | anchor | anchor median (ms) | ratio | target | met |")
print("| --- | ---: | ---: | --- | ---: | ---: | --- | --- |")
for workload, size, subject, anchor, comparison, target, met in rows:
    print(f"| {workload} | {f'{size:,}' if size else '–'} | {ms(subject[1])} ± {ms(subject[2])} | {anchor[0]} | {ms(anchor[1])} | "
          f"{comparison} | {target} | {'–' if met is None else 'yes' if met else '**no**'} |")

memory = sorted(out.glob("list-memory-*.txt"))
if memory:
    print("\nPeak memory (max RSS) of `list --json` and its anchor:\n")
    print("| users | ghusers | sqlite3 -json |")
    print("| ---: | ---: | ---: |")
    for size in sizes("list"):
        cells = []
        for which in ("ghusers", "sqlite3"):
            path = out / f"list-memory-{which}-{size}.txt"
            cells.append(f"{int(path.read_text().split()[-1]) / 1024:.1f} MB" if path.exists() else "–")
        print(f"| {size:,} | {cells[0]} | {cells[1]} |")

growth = [("search, 3+ chars", "search-index"), ("search, 1-2 chars", "search-short"), ("profile --offline", "profile"),
          ("list --json", "list"), ("next-page --json, per_page 30", "sync30"), ("next-page --json, per_page 100", "sync")]
print("\nGrowth (ghusers median, ms; the last column is the time ratio from the smallest to the largest size):\n")
for workload, prefix in growth:
    found = sizes(prefix)
    if len(found) < 2:
        continue
    values = [medians(f"{prefix}-{size}")[0][1] for size in found]
    scale = {"sync": 100, "sync30": 30}.get(prefix, 1)
    cells = ", ".join(f"{size * scale:,}: {ms(value)}" for size, value in zip(found, values))
    workload += " (users fetched)" if prefix.startswith("sync") else ""
    print(f"- {workload}: {cells} — x{values[-1] / values[0]:.1f} for x{found[-1] // found[0]} the data")

open_path = out / "open.json"
if open_path.exists():
    figures = json.loads(open_path.read_text())
    print("\nOpening the database in-process (median µs):", ", ".join(
        f"{key} {value}" for key, value in figures.items() if key not in ("unit", "iterations")))

# Search as you type, per keystroke: browse's index in-process (ghusers-bench search) beside
# fzf -e and fzf filtering the same logins (whole processes, `-f`), per size.
keys = sorted((int(m.group(1)), p) for p in out.glob("keys-inprocess-*.json") if (m := re.fullmatch(r"keys-inprocess-(\d+)\.json", p.name)))
if keys:
    print("\nSearch as you type, per keystroke (median ms; `browse`'s index: first window of 200 and the count, "
          "the window's users read by id; fzf: `-f QUERY` over the same logins, whole process):\n")
    print("| users | keystroke | class | matches | index (max) | fzf -e | fzf | fzf -e / index |")
    print("| ---: | --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for size, path in keys:
        figures = json.loads(path.read_text())
        fzf = {}
        for name in ("keys-fzf", "keys-fzf-fuzzy"):
            for command, median, _ in medians(f"{name}-{size}") or []:
                fzf[(name, command.split(" -f ", 1)[-1])] = median
        for key in figures["keys"]:
            exact = fzf.get(("keys-fzf", key["query"]))
            fuzzy = fzf.get(("keys-fzf-fuzzy", key["query"]))
            ratio = f"{exact / max(key['median_ms'], 0.001):,.0f}x" if exact else "–"
            print(f"| {size:,} | “{key['query']}” | {key['kind']} | {key['matches']:,} | {key['median_ms']:.2f} ({key['max_ms']:.2f}) | "
                  f"{ms(exact) if exact else '–'} | {ms(fuzzy) if fuzzy else '–'} | {ratio} |")
        print(f"| {size:,} | index load | | | {figures['load_ms']:,.0f} ms, {figures['index_bytes'] / 1e6:.1f} MB | | | |")

# Homes whose every user has a profile (issue 57): browse's keys in process at each size (the
# growth: cost per key, memory per profile), the qualifier searches' first screen, a whole
# answer beside sqlite3, the seeding, and browse through a pty at the largest size.
profile_keys = sorted((int(m.group(1)), p) for p in out.glob("profile-keys-*.json") if (m := re.fullmatch(r"profile-keys-(\d+)\.json", p.name)))
if profile_keys:
    figures = {size: json.loads(path.read_text()) for size, path in profile_keys}
    print("\nEvery user with a profile, browse's `/` per key in process (median ms, max in brackets; target at every size: "
          "median ≤ 16, max ≤ 25):\n")
    print("| keystroke | class | " + " | ".join(f"{size:,}" for size in figures) + " | met |")
    print("| --- | --- | " + " | ".join("---:" for _ in figures) + " | --- |")
    largest = figures[max(figures)]
    for position, key in enumerate(largest["keys"]):
        cells, met = [], True
        for size, run in figures.items():
            row = run["keys"][position]
            cells.append(f"{row['median_ms']:.2f} ({row['max_ms']:.2f}), {row['matches']:,}")
            met = met and row["median_ms"] <= 16 and row["max_ms"] <= 25
        print(f"| “{key['query']}” | {key['kind']} | " + " | ".join(cells) + f" | {'yes' if met else 'no'} |")
    print("| index load, memory | | " + " | ".join(f"{run['load_ms']:,.0f} ms, {run['index_bytes'] / 1e6:.1f} MB ({run['index_bytes'] / size:.0f} B a user)"
                                         for size, run in figures.items()) + " | |")
    parts = largest.get("index_parts", {})
    if parts:
        print(f"\nIndex at {max(figures):,}, by part (MB): " + ", ".join(f"{name} {value / 1e6:.1f}" for name, value in parts.items()))
for size in sizes("profiles-first-screen"):
    results = medians(f"profiles-first-screen-{size}")
    anchor = results[-1]
    print(f"\nQualifier searches, first screen (`--limit 20`), {size:,} users with profiles (median ms; target ≤ 50; "
          f"anchor: {anchor[0]}, {ms(anchor[1])} ms):\n")
    print("| command | median (ms) | met |")
    print("| --- | ---: | --- |")
    for command, median, _ in results[:-1]:
        print(f"| {command} | {ms(median)} | {'yes' if median <= 50 else 'no'} |")
for size in sizes("profiles-whole"):
    subject, anchor = medians(f"profiles-whole-{size}")
    print(f"\nA whole answer at {size:,}: {subject[0]} {ms(subject[1])} ms, {anchor[0]} {ms(anchor[1])} ms: "
          f"{subject[1] / anchor[1]:.2f}x (target at 1,000,000: ≤ 2x)")
for path in sorted(out.glob("seed-profiles-*.json")):
    seeded = json.loads(path.read_text())
    print(f"\nSeeding {seeded['users']:,} users with profiles: {seeded['seconds']} s (target at 1,000,000: under 600 s)")
for path in sorted(out.glob("profile-browse-*.md")):
    print(f"\nbrowse through a pty ({path.stem}):\n")
    print(path.read_text())
