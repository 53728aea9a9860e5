#!/usr/bin/env python3
"""Benchmarks of `ghusers browse` (Docs/BENCHMARKS.md, "Targets and where they stand"), each beside its anchor in the
same run, through a real terminal (tmux):

- first frame: from starting the process to the first cached logins on screen, against
  `fzf -e` reading the same logins (in id order) from a file, polled the same way; runs
  alternate between the two so drift on a noisy machine moves both;
- key to frame: `j` pressed, measured inside the process (GHUSERS_BROWSE_TRACE: from the read
  of the key to the frame's write) and through tmux (from send-keys to the new row number on
  screen), while thumbnails load from github-fake;
- memory: peak and current RSS after scrolling 10,000 rows with thumbnails;
- search as you type: `/` then a query typed at once, from the last key to the matches on
  screen, against `fzf -e` given the same keys over the same logins (until its match count is
  the final one); and per keystroke (`--only-search` runs only this): each key of a few typing
  sessions (1 char, 2 chars, 3+ chars, no match, note text, backspace), inside the process
  (GHUSERS_BROWSE_TRACE), through tmux, and through a pty of this script's own with no polling
  floor (Benchmarks/pty_keys.py, needs pyte), beside `fzf -e` and `fzf` given the same keys,
  and beside the pty's own floor: `cat` in raw mode echoing a key;
- live update: `ghusers note LOGIN TEXT` run in another process, from its exit to the note on
  the browser's screen, against the watcher's polling interval (250 ms).

Usage: python3 Benchmarks/browse.py --ghusers BIN --fake BIN --home HOME [--runs N] [--out FILE]
HOME is a seeded home (ghusers-bench seed); it is copied once to HOME-avatars with its avatar
URLs pointed at the fake, for the runs with thumbnails.
"""
import argparse
import json
import os
import shutil
import sqlite3
import statistics
import subprocess
import tempfile
import time
import uuid

import pty_keys

SOCKET = ""


def tmux(*arguments, check=True):
    return subprocess.run(["tmux", "-S", SOCKET, "-f", "/dev/null", *arguments], capture_output=True, text=True, check=check).stdout


def start(command, environment, columns=80, rows=24):
    """A new tmux server on a socket of its own for each run: no run waits on the last one's
    shutdown."""
    global SOCKET
    SOCKET = os.path.join(tempfile.gettempdir(), f"ghusers-bench-tmux-{uuid.uuid4().hex[:8]}")
    exports = " ".join(f"{key}='{value}'" for key, value in environment.items())
    tmux("new-session", "-d", "-s", "b", "-x", str(columns), "-y", str(rows), f"env {exports} {command}; sleep 600")


def screen():
    return tmux("capture-pane", "-p", "-t", "b")


def stop():
    if SOCKET:
        tmux("kill-server", check=False)
        subprocess.run(["pkill", "-f", SOCKET], check=False)


def wait_for(condition, timeout=60.0, interval=0.001):
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        text = screen()
        if condition(text):
            return time.perf_counter()
        time.sleep(interval)
    raise SystemExit(f"timed out; the screen was:\n{screen()}")


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def first_frames(commands, home, first_logins, runs, warmup=0):
    """Milliseconds from starting each (name, command) in tmux to the first cached logins on
    screen, the commands alternated run by run so that drift moves all of them."""
    environment = {"GHUSERS_HOME": home, "TERM": "tmux-256color"}
    results = {name: [] for name, _ in commands}
    for round_ in range(runs + warmup):
        for name, command in commands:
            begin = time.perf_counter()
            start(command, environment)
            # Each shows the first logins of the cache (fzf lists them bottom up).
            shown = wait_for(lambda text: all(login in text for login in first_logins))
            if round_ >= warmup:
                results[name].append((shown - begin) * 1000)
            stop()
    return results


def avatar_home(args, port):
    copy = args.home.rstrip("/") + "-avatars"
    if not os.path.exists(copy):
        shutil.copytree(args.home, copy, ignore=shutil.ignore_patterns("cache"))
    # The seeded data is github.com's; here it is the fake's site (one database per site).
    site = os.path.join(copy, "sites", f"127.0.0.1_{port}")
    if not os.path.exists(site):
        os.rename(os.path.join(copy, "sites", "api.github.com"), site)
    database = sqlite3.connect(os.path.join(site, "ghusers.sqlite"))
    database.execute(
        "UPDATE user SET avatar_url = 'http://127.0.0.1:' || ? || '/avatars/u/' || (1 + (id % 999000)) || '?v=4'", (port,))
    database.execute("UPDATE site SET api_root = 'http://127.0.0.1:' || ?", (port,))
    database.commit()
    database.close()
    shutil.rmtree(os.path.join(copy, "cache"), ignore_errors=True)
    return copy


def key_to_frame(args, home, fake_url, keys):
    trace = os.path.join(tempfile.gettempdir(), f"ghusers-browse-trace-{uuid.uuid4().hex[:8]}")
    environment = {
        "GHUSERS_HOME": home, "GHUSERS_API_URL": fake_url, "TERM": "tmux-256color", "COLORTERM": "truecolor",
        "GHUSERS_BROWSE_TRACE": trace,
    }
    start(f"{args.ghusers} browse --avatars always", environment)
    wait_for(lambda text: "row 1 of" in text)
    through_tmux = []
    for index in range(keys):
        begin = time.perf_counter()
        tmux("send-keys", "-t", "b", "j")
        marker = f"row {index + 2} of"
        shown = wait_for(lambda text: marker in text, interval=0.0005)
        through_tmux.append((shown - begin) * 1000)
    loading = screen().splitlines()[-2]
    stop()
    inside = []
    with open(trace) as lines:
        for line in lines:
            if line.startswith("#"):
                continue
            read, written, _ = (int(value) for value in line.split())
            inside.append((written - read) / 1e6)
    os.unlink(trace)
    return {"inside_ms": inside, "tmux_ms": through_tmux, "activity_line_at_end": loading}


def memory_while_scrolling(args, home, fake_url, rows=10_000):
    environment = {"GHUSERS_HOME": home, "GHUSERS_API_URL": fake_url, "TERM": "tmux-256color", "COLORTERM": "truecolor"}
    start(f"{args.ghusers} browse --avatars always", environment)
    wait_for(lambda text: "row 1 of" in text)
    # The ghusers process itself (its executable), not the shell whose command line names it.
    candidates = subprocess.run(["pgrep", "-f", f"{args.ghusers} browse"], capture_output=True, text=True).stdout.split()
    pid = next(p for p in candidates if os.path.realpath(f"/proc/{p}/exe") == os.path.realpath(args.ghusers))

    def rss():
        fields = dict(line.split(":", 1) for line in open(f"/proc/{pid}/status") if ":" in line)
        return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024

    samples = [rss()]
    pages = rows // 7 + 1  # 7 users a screen at 80 x 24
    for sent in range(0, pages, 25):
        tmux("send-keys", "-t", "b", *(["PageDown"] * min(25, pages - sent)))
        target = min(pages, sent + 25) * 7 + 1
        wait_for(lambda text: f"row {target} of" in text)
        samples.append(rss())
    stop()
    return {"rss_mb": [round(value[0], 1) for value in samples], "peak_mb": round(max(value[1] for value in samples), 1)}


def search_as_you_type(args, logins_file, logins, queries):
    environment = {"GHUSERS_HOME": args.home, "TERM": "tmux-256color"}
    results = {}
    for query in queries:
        expected = sum(1 for login in logins if query in login.lower())
        runs = {"ghusers": [], "fzf": []}
        for _ in range(max(3, args.runs // 3)):
            start(f"{args.ghusers} browse --offline --avatars never", environment)
            wait_for(lambda text: "row 1 of" in text)
            tmux("send-keys", "-t", "b", "/")
            begin = time.perf_counter()
            tmux("send-keys", "-t", "b", "-l", query)
            shown = wait_for(lambda text: f"“{query}”" in text and ("match 1 of" in text or "no matches" in text), interval=0.0005)
            runs["ghusers"].append((shown - begin) * 1000)
            stop()
            start(f"fzf -e < {logins_file}", environment)
            wait_for(lambda text: f"{len(logins)}/{len(logins)}" in text)
            begin = time.perf_counter()
            tmux("send-keys", "-t", "b", "-l", query)
            shown = wait_for(lambda text: f" {expected}/{len(logins)}" in text, interval=0.0005)
            runs["fzf"].append((shown - begin) * 1000)
            stop()
        results[query] = {"logins_matching": expected, **runs}
    return results


def rss_of(binary):
    """The current and peak RSS (MB) of the running `binary browse` process."""
    candidates = subprocess.run(["pgrep", "-f", f"{binary} browse"], capture_output=True, text=True).stdout.split()
    pid = next(p for p in candidates if os.path.realpath(f"/proc/{p}/exe") == os.path.realpath(binary))
    fields = dict(line.split(":", 1) for line in open(f"/proc/{pid}/status") if ":" in line)
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


def fuzzy_count(logins, query):
    """How many logins fzf's fuzzy matching (case-insensitive for a lower-case query) keeps."""
    count = 0
    for login in logins:
        position = 0
        for character in query:
            position = login.find(character, position)
            if position < 0:
                break
            position += 1
        else:
            count += 1
    return count


# Typing sessions: each a list of keys ("BSpace" erases), so that every query class is one
# keystroke: 1 char, 2 chars, 3+ chars, no match, note text (only in notes), backspace.
SESSIONS = [
    ("1 char, 2 chars, no match", ["z", "q"]),
    ("1 char (most logins match)", ["e"]),
    ("3+ chars, then backspace", ["o", "c", "t", "o", "BSpace", "BSpace", "BSpace"]),
    ("note text", ["g", "a", "r", "d", "e", "n"]),
]
# Qualifiers (issue 57), each pasted whole as one key (a qualifier typed letter by letter is a
# text until its colon): the profiles' columns, alternatives, sort:, a word none holds, then
# with a word one profile in 100,000 holds as its alternative. fzf has no qualifiers: these rows have no anchor.
QUALIFIER_SESSIONS = [
    ("qualifiers", ["location:berlin", " d", "e", "v", "BSpace", "BSpace", "BSpace"]),
    ("counts and types", ["followers:>1000", " !type:org", " location:york"]),
    ("alternatives and sort", ["location:berlin location:tokyo", " sort:followers"]),
    ("rare words", ["location:atlantis", " location:ísafjörður"]),
    ("everyone sorted", ["sort:joined-asc"]),
]


def status_final(text, query):
    """The status line shows `query` and its final count (no "+": every match is counted)."""
    for line in text.splitlines():
        if f"“{query}”" in line and ("no matches" in line or ("match 1 of " in line and "+ ·" not in line and "+ " not in line.split("match 1 of ")[1][:12])):
            return True
    return False


def search_keystrokes(args, logins_file, logins, runs):
    """Each keystroke of each session, in `browse` (inside: the trace's read-to-write of that
    key's frame; through tmux: send-keys to the query and its final count on screen) and in
    `fzf -e` and `fzf` over the same logins (send-keys to the final match counter)."""
    environment = {"GHUSERS_HOME": args.home, "TERM": "tmux-256color"}
    results = []
    for name, keys in SESSIONS + (QUALIFIER_SESSIONS if args.qualifiers else []):
        queries, query = [], ""
        for key in keys:
            query = query[:-1] if key == "BSpace" else query + key
            queries.append(query)
        anchored = (name, keys) in SESSIONS
        exact = [sum(1 for login in logins if q in login) if anchored else -1 for q in queries]
        fuzzy = [fuzzy_count(logins, q) if anchored else -1 for q in queries]
        rows = [{"session": name, "key": key, "query": q, "logins_matching": e, "fuzzy_matching": f,
                 "inside_ms": [], "tmux_ms": [], "fzf_e_ms": [], "fzf_ms": [],
                 "pty_ms": [], "fzf_e_pty_ms": [], "fzf_pty_ms": [], "floor_pty_ms": []}
                for key, q, e, f in zip(keys, queries, exact, fuzzy)]
        for _ in range(runs):
            trace = os.path.join(tempfile.gettempdir(), f"ghusers-search-trace-{uuid.uuid4().hex[:8]}")
            start(f"{args.ghusers} browse --offline --avatars never", {**environment, "GHUSERS_BROWSE_TRACE": trace})
            wait_for(lambda text: "row 1 of" in text)
            # The index is read after the first frame: the trace says when it is in.
            deadline = time.perf_counter() + 120
            while not any(line.startswith("# search index") for line in open(trace)) and time.perf_counter() < deadline:
                time.sleep(0.01)
            tmux("send-keys", "-t", "b", "/")
            wait_for(lambda text: "search:" in text or "/" in text.splitlines()[-1])
            for row in rows:
                begin = time.perf_counter()
                tmux("send-keys", "-t", "b", *(["BSpace"] if row["key"] == "BSpace" else ["-l", row["key"]]))
                shown = wait_for(lambda text: status_final(text, row["query"]), interval=0.0005)
                row["tmux_ms"].append((shown - begin) * 1000)
                time.sleep(0.05)  # the key's trace line is written with its frame
                lines = [line for line in open(trace) if not line.startswith("#")]
                read, written, _ = (int(value) for value in lines[-1].split())
                row["inside_ms"].append((written - read) / 1e6)
            index_line = next(line for line in open(trace) if line.startswith("# search index"))
            memory = rss_of(args.ghusers)
            time.sleep(1.5)  # browse gives freed memory back a second after the last answer
            rested = rss_of(args.ghusers)[0]
            stop()
            os.unlink(trace)
            for binary, field, counts in (("fzf -e", "fzf_e_ms", exact), ("fzf", "fzf_ms", fuzzy)) if anchored else ():
                start(f"{binary} < {logins_file}", environment)
                wait_for(lambda text: f"{len(logins)}/{len(logins)}" in text)
                for row, count in zip(rows, counts):
                    begin = time.perf_counter()
                    tmux("send-keys", "-t", "b", *(["BSpace"] if row["key"] == "BSpace" else ["-l", row["key"]]))
                    # The prompt shows the query too: a key that keeps the count (`octo` -> `oct`)
                    # would otherwise be "answered" by the screen from before it was read. The
                    # counter cannot be told apart from the old one through capture-pane, so for
                    # such keys this is fzf's echo of the prompt, a lower bound (the pty has it exactly).
                    prompt = ("> " + row["query"]).rstrip()
                    shown = wait_for(lambda text: f" {count}/{len(logins)}" in text
                                     and any(line.rstrip() == prompt for line in text.splitlines()), interval=0.0005)
                    row[field].append((shown - begin) * 1000)
                stop()
            # The same keys on a pty of our own (Benchmarks/pty_keys.py): no tmux polling floor.
            trace = os.path.join(tempfile.gettempdir(), f"ghusers-search-trace-{uuid.uuid4().hex[:8]}")
            pty_keys.browse_keys(args.ghusers, args.home, rows, trace, status_final)
            os.unlink(trace)
            if anchored:
                pty_keys.fzf_keys("-e", logins_file, len(logins), rows, exact, "fzf_e_pty_ms")
                pty_keys.fzf_keys("", logins_file, len(logins), rows, fuzzy, "fzf_pty_ms")
            pty_keys.floor_keys(rows)
        results.append({"session": name, "index": index_line.strip(), "rss_mb": memory[0], "peak_rss_mb": memory[1], "rested_rss_mb": rested, "keys": rows})
    return results


def live_update(args, runs=10):
    environment = {"GHUSERS_HOME": args.home, "TERM": "tmux-256color"}
    start(f"{args.ghusers} browse --offline --avatars never", environment)
    wait_for(lambda text: "row 1 of" in text)
    database = sqlite3.connect(os.path.join(args.home, "sites", "api.github.com", "ghusers.sqlite"))
    login = database.execute("SELECT login FROM user ORDER BY id LIMIT 1").fetchone()[0]
    database.close()
    latencies = []
    for run in range(runs):
        text = f"live update {run} {uuid.uuid4().hex[:6]}"
        subprocess.run([args.ghusers, "note", login, text, "--home", args.home], check=True, capture_output=True)
        done = time.perf_counter()
        shown = wait_for(lambda screen_text: text in screen_text, timeout=10, interval=0.002)
        latencies.append((shown - done) * 1000)
    stop()
    return latencies


def print_keystrokes(users, sessions):
    print(f"| search keystroke, {users:,} users | matches | browse inside (ms) | browse via pty (ms) | fzf -e via pty (ms) | fzf via pty (ms) | fzf -e / browse, pty | pty floor: cat (ms) | browse via tmux (ms) | fzf -e via tmux (ms) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for session in sessions:
        for row in session["keys"]:
            inside = statistics.median(row["inside_ms"])
            browse_pty = statistics.median(row["pty_ms"])
            key = "⌫" if row["key"] == "BSpace" else row["key"]
            if row["fzf_e_pty_ms"]:
                fzf_e_pty = statistics.median(row["fzf_e_pty_ms"])
                fzf = (f"{fzf_e_pty:.2f} | {statistics.median(row['fzf_pty_ms']):.2f} | {fzf_e_pty / max(browse_pty, 0.01):.1f}x | "
                       f"{statistics.median(row['floor_pty_ms']):.2f} | {statistics.median(row['tmux_ms']):.1f} | {statistics.median(row['fzf_e_ms']):.1f}")
            else:  # a qualifier: no anchor
                fzf = f"– | – | – | {statistics.median(row['floor_pty_ms']):.2f} | {statistics.median(row['tmux_ms']):.1f} | –"
            matching = f"{row['logins_matching']:,}" if row["logins_matching"] >= 0 else "–"
            print(f"| {session['session']}: `{key}` → “{row['query']}” | {matching} | {inside:.2f} (max {max(row['inside_ms']):.2f}) | "
                  f"{browse_pty:.2f} (max {max(row['pty_ms']):.2f}) | {fzf} |")
        print(f"<!-- {session['index']}; browse RSS {session['rss_mb']:.1f} MB, peak {session['peak_rss_mb']:.1f} MB, {session['rested_rss_mb']:.1f} MB 1.5 s later -->")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ghusers", required=True)
    parser.add_argument("--fake", required=True)
    parser.add_argument("--home", required=True)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--keys", type=int, default=300)
    parser.add_argument("--out")
    parser.add_argument("--only-search", action="store_true", help="only the per-keystroke search benchmark")
    parser.add_argument("--qualifiers", action="store_true", help="with the qualifier sessions (a home whose users have profiles)")
    args = parser.parse_args()

    database = sqlite3.connect(os.path.join(args.home, "sites", "api.github.com", "ghusers.sqlite"))
    users = database.execute("SELECT COUNT(*) FROM user").fetchone()[0]
    logins_file = os.path.join(tempfile.gettempdir(), f"ghusers-logins-{users}.txt")
    if not os.path.exists(logins_file):
        with open(logins_file, "w") as out:
            for (login,) in database.execute("SELECT login FROM user ORDER BY id"):
                out.write(login + "\n")
    first_logins = [row[0] for row in database.execute("SELECT login FROM user ORDER BY id LIMIT 3")]
    database.close()

    if args.only_search:
        with open(logins_file) as lines:
            logins = [line.strip().lower() for line in lines]
        results = {"users": users, "search_keystrokes": search_keystrokes(args, logins_file, logins, max(1, args.runs))}
        print_keystrokes(users, results["search_keystrokes"])
        if args.out:
            with open(args.out, "w") as out:
                json.dump(results, out, indent=1)
        return

    port = 18000 + os.getpid() % 1000
    fake = subprocess.Popen([args.fake, "--port", str(port), "--users", "1000000"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(0.5)
        fake_url = f"http://127.0.0.1:{port}"
        results = {"users": users, "first_frame": first_frames(
            [("ghusers", f"{args.ghusers} browse --offline --avatars never"), ("fzf", f"fzf -e < {logins_file}")],
            args.home, first_logins, args.runs)}
        home = avatar_home(args, port)
        results["key_to_frame"] = key_to_frame(args, home, fake_url, args.keys)
        results["memory"] = memory_while_scrolling(args, home, fake_url)
        with open(logins_file) as lines:
            logins = [line.strip().lower() for line in lines]
        results["search"] = search_as_you_type(args, logins_file, logins, ["e", "zq", "son", "mojombo"])
        results["search_keystrokes"] = search_keystrokes(args, logins_file, logins, max(1, args.runs // 5))
        results["live_update_ms"] = live_update(args)
    finally:
        fake.terminate()
        stop()

    frames = results["first_frame"]
    keys = results["key_to_frame"]
    print(f"| browse, {users:,} users | ghusers | anchor |")
    print("| --- | --- | --- |")
    print(f"| first frame, median of {args.runs} (ms) | {statistics.median(frames['ghusers']):.1f} | fzf -e {statistics.median(frames['fzf']):.1f} |")
    print(f"| key to frame inside, p50 / p99 / max (ms) | {percentile(keys['inside_ms'], .5):.2f} / {percentile(keys['inside_ms'], .99):.2f} / {max(keys['inside_ms']):.2f} | 16 ms budget |")
    print(f"| key to frame through tmux, p50 / p99 (ms) | {percentile(keys['tmux_ms'], .5):.1f} / {percentile(keys['tmux_ms'], .99):.1f} | 16 ms budget |")
    print(f"| memory after 10,000 rows: RSS / peak (MB) | {results['memory']['rss_mb'][-1]} / {results['memory']['peak_mb']} | 100 MB |")
    for query, runs in results["search"].items():
        print(
            f"| search as you type “{query}” ({runs['logins_matching']:,} logins match), median (ms) | "
            f"{statistics.median(runs['ghusers']):.1f} | fzf -e {statistics.median(runs['fzf']):.1f} |")
    print_keystrokes(users, results["search_keystrokes"])
    live = results["live_update_ms"]
    print(f"| live update: note by another process to screen, median / max (ms) | {statistics.median(live):.0f} / {max(live):.0f} | poll 250 ms; 1 s promised |")
    if args.out:
        with open(args.out, "w") as out:
            json.dump(results, out, indent=1)


if __name__ == "__main__":
    main()
