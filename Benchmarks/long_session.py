#!/usr/bin/env python3
"""Memory of a long `ghusers browse` session (Docs/BENCHMARKS.md, "Targets and where they stand"),
through a real terminal (tmux) against github-fake:

browse is kept open at 150 x 40 while another process writes notes and fetches pages (a cron
job), and the "user" moves around: a few rows, a screen, the ends of the list, the pane opened
and closed now and then. RSS is sampled every few seconds. The same session runs twice, with
`--avatars always` and with `--avatars never` (the anchor: what browse costs without avatars),
one after the other on the same machine.

Usage: python3 Benchmarks/long_session.py --ghusers BIN --fake BIN [--minutes M] [--out FILE]
"""
import argparse
import json
import os
import random
import socket
import subprocess
import tempfile
import time
import uuid

SOCKET = os.path.join(tempfile.gettempdir(), f"ghusers-long-session-{uuid.uuid4().hex[:8]}")


def tmux(*arguments, check=True):
    return subprocess.run(["tmux", "-S", SOCKET, "-f", "/dev/null", *arguments], capture_output=True, text=True, check=check).stdout


def wait_for(condition, timeout=60.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition(tmux("capture-pane", "-p", "-t", "b")):
            return
        time.sleep(0.05)
    raise TimeoutError("the screen never showed what was awaited")


def wait_listening(port, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.02)
    raise TimeoutError(f"github-fake is not listening on port {port}")


def browse_pid(binary):
    """The ghusers process itself (its executable), not the shell whose command line names it."""
    for _ in range(200):
        for pid in subprocess.run(["pgrep", "-f", f"{binary} browse"], capture_output=True, text=True).stdout.split():
            try:
                if os.path.realpath(f"/proc/{pid}/exe") == os.path.realpath(binary):
                    return pid
            except FileNotFoundError:
                pass
        time.sleep(0.05)
    raise RuntimeError("browse did not start")


def rss_mb(pid):
    fields = dict(line.split(":", 1) for line in open(f"/proc/{pid}/status") if ":" in line)
    return round(int(fields["VmRSS"].split()[0]) / 1024, 1), round(int(fields["VmHWM"].split()[0]) / 1024, 1)


def session(args, fake_url, avatars, seconds):
    home = tempfile.mkdtemp(prefix="ghusers-long-session-")
    environment = dict(os.environ, GHUSERS_HOME=home, GHUSERS_API_URL=fake_url)
    subprocess.run([args.ghusers, "next-page", "--pages", "10"], env=environment, check=True, stdout=subprocess.DEVNULL)
    logins = subprocess.run([args.ghusers, "list", "--offline"], env=environment, check=True, capture_output=True, text=True).stdout.split()
    exports = f"GHUSERS_HOME='{home}' GHUSERS_API_URL='{fake_url}' TERM=tmux-256color COLORTERM=truecolor"
    tmux("new-session", "-d", "-s", "b", "-x", "150", "-y", "40", f"env {exports} {args.ghusers} browse --avatars {avatars}; sleep 600")
    pid = browse_pid(args.ghusers)
    wait_for(lambda text: "row 1 of" in text)
    moves = [["j"] * 3, ["k"] * 2, ["PageDown"], ["PageUp"], ["G"], ["g"], ["Enter"], ["Escape"], ["j"] * 10]
    rng = random.Random(31)
    samples, start, writes, pages = [], time.monotonic(), 0, 0
    next_sample = next_write = next_page = start
    while time.monotonic() - start < seconds:
        now = time.monotonic()
        tmux("send-keys", "-t", "b", *rng.choice(moves))
        if now >= next_write:  # a note every 2 s, from another process
            login = rng.choice(logins)
            subprocess.run([args.ghusers, "note", login, f"note {writes} " + "x" * rng.randrange(200)], env=environment,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            writes += 1
            next_write = now + 2
        if now >= next_page:  # a page every 30 s, as a cron job
            subprocess.run([args.ghusers, "next-page"], env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            pages += 1
            next_page = now + 30
        if now >= next_sample:
            samples.append((round(now - start), *rss_mb(pid)))
            next_sample = now + 5
        time.sleep(0.15)
    samples.append((round(time.monotonic() - start), *rss_mb(pid)))
    tmux("kill-server", check=False)
    return {"avatars": avatars, "seconds": seconds, "notes_written": writes, "pages_fetched": pages,
            "samples": [{"t": t, "rss_mb": rss, "peak_mb": peak} for t, rss, peak in samples]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ghusers", required=True)
    parser.add_argument("--fake", required=True)
    parser.add_argument("--minutes", type=float, default=7.5)
    parser.add_argument("--out")
    parser.add_argument("--avatars", default="always,never", help="the sessions to run, in order")
    args = parser.parse_args()
    port = 19000 + os.getpid() % 1000
    fake = subprocess.Popen([args.fake, "--port", str(port), "--users", "100000", "--anonymous-rate-limit", "1000000"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_listening(port)
        results = []
        for avatars in args.avatars.split(","):
            results.append(session(args, f"http://127.0.0.1:{port}", avatars, args.minutes * 60))
            if args.out:  # each session kept as soon as it is done
                with open(args.out, "w") as out:
                    json.dump(results, out, indent=1)
    finally:
        fake.terminate()
    print("| browse, 150 x 40, notes written every 2 s and a page every 30 s | RSS at start | highest RSS | RSS at the end | peak (VmHWM) |")
    print("|---|---|---|---|---|")
    for result in results:
        rss = [sample["rss_mb"] for sample in result["samples"]]
        print(f"| `--avatars {result['avatars']}`, {result['seconds'] / 60:g} min, {result['notes_written']} notes, "
              f"{result['pages_fetched']} pages | {rss[0]} MB | {max(rss)} MB | {rss[-1]} MB | {result['samples'][-1]['peak_mb']} MB |")


if __name__ == "__main__":
    main()
