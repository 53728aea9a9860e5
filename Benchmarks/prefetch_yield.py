#!/usr/bin/env python3
"""What `profiles prefetch` gets for GitHub's rate limit: profiles per request and per point,
as the answers' own headers count them, beside the anchor of REST (one profile a request).

    python3 Benchmarks/prefetch_yield.py [--users N] [--ghusers PATH] [--fake PATH]

Starts github-fake (the development build's, beside the tests, unless --fake), caches N users (5,000 by
default) with `next-page`, then prefetches their profiles in fresh homes, one scenario each:

- gh's token (gist, read:org, repo, workflow): the first query, asking `email`, is refused;
  the rest ask without it;
- a token with read:user: emails asked from the first query;
- gh's token on an API that times out above 30 ids a query (502), as GitHub does past
  10 seconds: the batches shrink;
- the anchor, `--rest`: one REST request a profile (500 of them).

Requests come from the fake's log; points from the `x-ratelimit-*` headers ghusers stored
(`status --json`: limit minus remaining), never from a formula. Prints a Markdown table.
"""
import argparse
import json
import os
import subprocess
import tempfile
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def start_fake(fake: str, users: int, extra: list[str]) -> tuple[subprocess.Popen, str]:
    process = subprocess.Popen(
        [fake, "--port", "0", "--users", str(users), "--anonymous-rate-limit", "100000", "--rate-limit", "100000", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = process.stdout.readline()
    return process, line.strip().rsplit(" ", 1)[-1]


def ghusers(binary: str, home: str, api: str, arguments: list[str], token: str | None = None) -> subprocess.CompletedProcess:
    environment = {key: value for key, value in os.environ.items() if not key.startswith(("GH_", "GITHUB_"))}
    environment.update({"GHUSERS_NO_GH": "1", "NO_COLOR": "1"})
    if token:
        environment["GH_ENTERPRISE_TOKEN"] = token
    return subprocess.run([binary, "--home", home, "--api-url", api, *arguments], env=environment, capture_output=True, text=True)


def scenario(args: argparse.Namespace, name: str, fake_options: list[str], prefetch: list[str], token: str | None) -> dict:
    fake, api = start_fake(args.fake, args.users, fake_options)
    try:
        with tempfile.TemporaryDirectory() as home:
            cached = ghusers(args.ghusers, home, api, ["next-page", "--pages", str((args.users + 99) // 100)])
            assert cached.returncode == 0, cached.stderr
            urllib.request.urlopen(urllib.request.Request(api + "/_fake/reset", method="POST")).read()
            run = ghusers(args.ghusers, home, api, ["profiles", "prefetch", *prefetch], token)
            assert run.returncode == 0, run.stderr
            stats = json.load(urllib.request.urlopen(api + "/_fake/stats"))
            status = json.loads(ghusers(args.ghusers, home, api, ["status", "--json"]).stdout)
            graphql = [entry for entry in stats["log"] if entry["path"] == "/graphql"]
            rest = [entry for entry in stats["log"] if entry["path"] != "/graphql"]
            limits = {limit["resource"]: limit for limit in status.get("rate_limits", [])}
            spent = limits.get("graphql", {})
            points = spent["limit"] - spent["remaining"] if spent else None
            return {
                "name": name, "profiles": status["profiles"], "graphql": len(graphql), "refused": sum(1 for e in graphql if e["status"] != 200),
                "rest": len(rest), "points": points, "summary": run.stderr.strip().splitlines()[-1],
            }
    finally:
        fake.terminate()
        fake.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=5_000)
    parser.add_argument("--ghusers", default=os.path.join(ROOT, ".build/release/ghusers"))
    parser.add_argument("--fake", default=os.path.join(ROOT, ".build-dev/release/github-fake"))
    args = parser.parse_args()
    rows = [
        scenario(args, "gh's token (no email scope), no timeouts", ["--graphql-timeout-above", "0"], [], "gho_bench"),
        scenario(args, "token with read:user, no timeouts", ["--token-scopes", "ghp_reader=repo,read:user", "--graphql-timeout-above", "0"], [], "ghp_reader"),
        scenario(args, "gh's token, 502 above 30 ids", ["--graphql-timeout-above", "30"], [], "gho_bench"),
        scenario(args, "gh's token, the fake's defaults (502 above 50 ids)", [], [], "gho_bench"),
        scenario(args, "anchor: --rest, 500 profiles", [], ["--rest", "--limit", "500"], None),
    ]
    print("| scenario | profiles | GraphQL requests (of them 502s) | REST requests | points | profiles a request | profiles a point |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for row in rows:
        requests = row["graphql"] + row["rest"]
        per_request = row["profiles"] / requests if requests else 0
        per_point = f"{row['profiles'] / row['points']:.1f}" if row["points"] else "–"
        print(f"| {row['name']} | {row['profiles']:,} | {row['graphql']} ({row['refused']}) | {row['rest']} | {row['points'] if row['points'] is not None else '–'} "
              f"| {per_request:.1f} | {per_point} |")


if __name__ == "__main__":
    main()
