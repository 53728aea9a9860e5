#!/usr/bin/env python3
"""The binary `scripts/run` runs beside the one `scripts/install` installs, on the four measures of
issue 58, each alternated run by run with the other binary and its anchor, so that drift on a
noisy machine moves all of them alike:

- start-up: `ghusers --version` (ArgumentParser parses the line), beside a Swift "hello"
  linked the same way (bench-home/hi-static);
- rows: `list --offline` of a home's every user, streamed to /dev/null;
- browse's first frame: from starting the process to the first cached logins on screen in tmux,
  beside `fzf -e` reading the same logins (Benchmarks/browse.py's measure);
- next-page's CPU: `next-page --pages N --json` against github-fake on loopback, user + system
  CPU, from a fresh copy of a home holding the first page, beside the Python client doing the
  same work (Benchmarks/anchors/next_page.py).

Usage: python3 Benchmarks/binaries.py --run DIR --install DIR --fake BIN --rows-home HOME
           --browse-home HOME --hi BIN [--runs N] [--pages N] [--out FILE]
DIR holds a `ghusers`; each HOME is a seeded home (ghusers-bench seed). Prints a markdown table.
"""
import argparse
import json
import os
import shutil
import sqlite3
import statistics
import subprocess
import tempfile

import alternate
import browse
import prefetch_yield

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def median(samples, index):
    return statistics.median(sample[index] for sample in samples)


def first_frames(binaries, home, runs):
    """browse's first frame for each binary and for `fzf -e` over the same logins."""
    database = sqlite3.connect(os.path.join(home, "sites", "api.github.com", "ghusers.sqlite"))
    logins = [row[0] for row in database.execute("SELECT login FROM user ORDER BY id")]
    database.close()
    logins_file = os.path.join(tempfile.gettempdir(), f"ghusers-binaries-logins-{len(logins)}.txt")
    with open(logins_file, "w") as out:
        out.write("\n".join(logins) + "\n")
    commands = [(name, f"{binary} browse --offline --avatars never") for name, binary in binaries]
    commands.append(("fzf -e", f"fzf -e < {logins_file}"))
    return browse.first_frames(commands, home, logins[:3], runs, warmup=2), len(logins)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--run", required=True, help="the folder of the ghusers scripts/run runs")
    parser.add_argument("--install", required=True, help="the folder of the ghusers scripts/install installs")
    parser.add_argument("--fake", required=True)
    parser.add_argument("--rows-home", required=True)
    parser.add_argument("--browse-home", required=True)
    parser.add_argument("--hi", required=True, help="a Swift hello, the start-up's anchor")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--pages", type=int, default=60)
    parser.add_argument("--out")
    args = parser.parse_args()
    binaries = [("scripts/run", os.path.join(args.run, "ghusers")), ("scripts/install", os.path.join(args.install, "ghusers"))]
    names = [name for name, _ in binaries]
    rows = []  # (measure, unit, {name: value}, anchor name, anchor value)

    startup = alternate.alternately([[binary, "--version"] for _, binary in binaries] + [[args.hi]], args.runs, warmup=5)
    rows.append(("start-up: `--version`", "ms wall", dict(zip(names, (median(s, 0) for s in startup))), "Swift hello", median(startup[2], 0)))

    environment = dict(os.environ, GHUSERS_HOME=args.rows_home)
    users = sqlite3.connect(os.path.join(args.rows_home, "sites", "api.github.com", "ghusers.sqlite")).execute("SELECT COUNT(*) FROM user").fetchone()[0]
    listing = alternate.alternately([[binary, "list", "--offline"] for _, binary in binaries], max(1, args.runs // 2), warmup=2, environment=environment)
    rows.append((f"rows: `list --offline`, {users:,} users", "ms wall", dict(zip(names, (median(s, 0) for s in listing))), None, None))

    frames, shown_users = first_frames(binaries, args.browse_home, max(1, args.runs // 2))
    rows.append((f"browse's first frame, {shown_users:,} users", "ms", {name: statistics.median(frames[name]) for name in names}, "fzf -e", statistics.median(frames["fzf -e"])))

    fake, api = prefetch_yield.start_fake(args.fake, 2_000_000, ["--per-page-default", "30"])
    work = tempfile.mkdtemp(prefix="ghusers-binaries-")
    try:
        template, copy = os.path.join(work, "template"), os.path.join(work, "run")
        subprocess.run([binaries[1][1], "next-page", "--home", template, "--api-url", api], check=True, capture_output=True)
        site = api.split("://", 1)[1].replace(":", "_").replace("/", "_")
        database = os.path.join(copy, "sites", site, "ghusers.sqlite")
        commands = [[binary, "next-page", "--pages", str(args.pages), "--json", "--home", copy, "--api-url", api] for _, binary in binaries]
        commands.append(["python3", os.path.join(ROOT, "Benchmarks", "anchors", "next_page.py"), api, database, str(args.pages)])
        pages = alternate.alternately(commands, max(1, args.runs // 2), warmup=1, prepare=f"rm -rf {copy} && cp -r {template} {copy}")
    finally:
        fake.terminate()
        shutil.rmtree(work, ignore_errors=True)
    rows.append((f"`next-page --pages {args.pages} --json` (30 a page), user + system", "ms CPU", dict(zip(names, (median(s, 1) for s in pages))), "Python client", median(pages[2], 1)))

    print("| measure | `scripts/run` | `scripts/install` | ratio | anchor |")
    print("| --- | ---: | ---: | ---: | --- |")
    for measure, unit, values, anchor, anchor_value in rows:
        run, installed = values["scripts/run"], values["scripts/install"]
        anchor_text = f"{anchor} {anchor_value:.1f}" if anchor else ""
        print(f"| {measure} ({unit}) | {run:.1f} | {installed:.1f} | {run / installed:.2f}x | {anchor_text} |")
    if args.out:
        with open(args.out, "w") as out:
            json.dump([{"measure": m, "unit": u, "values": v, "anchor": a, "anchor_value": av} for m, u, v, a, av in rows], out, indent=1)


if __name__ == "__main__":
    main()
