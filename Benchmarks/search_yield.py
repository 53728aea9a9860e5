#!/usr/bin/env python3
"""What `search --online` gets for GitHub's limits: accounts with profiles per request and per
point, beside the anchors that tools scraping GitHub's user search use (10 accounts a GraphQL
request, as commits.top asks; REST's 100 a page), which bring no profiles and stop at the cap.

    python3 Benchmarks/search_yield.py [--users N] [--query Q] [--ghusers PATH] [--fake PATH]

Starts github-fake (the build `bash scripts/test` leaves in .build-dev/release, unless --fake) with N users (2,500 by default, so that
`type:user` passes the 1,000-result cap), under its milder reading of GitHub (every account
given, no timeouts) and then its harsher defaults (accounts withheld, pages of 100 timed out),
then:

- ghusers: `search --online Q` in a fresh home with gh's token (no email scope), every account
  GitHub counts, with its profile;
- anchor, GraphQL: `search(query: Q, type: USER, first: 10)` with logins only, page after page
  to the cap (lauripiispanen/most-active-github-users-counter asks 10 a request);
- anchor, REST: `GET /search/users?q=Q&per_page=100`, page after page to the cap.

Requests come from the fake's log; ghusers's points from the `x-ratelimit-*` headers it stored
(`status --json`: limit minus remaining), the anchors' from `rateLimit { cost }` in each
answer; never from a formula. Prints a Markdown table.
"""
import argparse
import json
import os
import subprocess
import tempfile
import urllib.parse
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOKEN = "gho_bench"


# The fake's milder reading of what GitHub's docs leave open (every account counted is given,
# no page times out); its defaults are the harsher one (Docs/FAKE.md, "Harsher readings").
MILDER = ["--search-withholds-every", "0", "--graphql-timeout-above", "0"]


def start_fake(fake: str, users: int, reading: list[str]) -> tuple[subprocess.Popen, str]:
    process = subprocess.Popen(
        [fake, "--port", "0", "--users", str(users), "--anonymous-rate-limit", "100000", "--rate-limit", "100000", *reading],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = process.stdout.readline()
    return process, line.strip().rsplit(" ", 1)[-1]


def fake_log(api: str) -> list[dict]:
    return json.load(urllib.request.urlopen(api + "/_fake/stats"))["log"]


def reset(api: str) -> None:
    urllib.request.urlopen(urllib.request.Request(api + "/_fake/reset", method="POST")).read()


def ghusers(args: argparse.Namespace, api: str, reading: str) -> dict:
    environment = {key: value for key, value in os.environ.items() if not key.startswith(("GH_", "GITHUB_"))}
    environment.update({"GHUSERS_NO_GH": "1", "NO_COLOR": "1", "GH_ENTERPRISE_TOKEN": TOKEN})
    with tempfile.TemporaryDirectory() as home:
        def run(*arguments: str) -> subprocess.CompletedProcess:
            return subprocess.run([args.ghusers, "--home", home, "--api-url", api, *arguments], env=environment, capture_output=True, text=True)
        reset(api)
        search = run("search", "--online", args.query, "--json")
        assert search.returncode == 0, search.stderr
        log = fake_log(api)
        status = json.loads(run("status", "--json").stdout)
        limits = {limit["resource"]: limit for limit in status.get("rate_limits", [])}
        spent = limits["graphql"]
        return {
            "name": f"ghusers `search --online '{args.query}'`, {reading}", "accounts": len(json.loads(search.stdout)), "profiles": status["profiles"],
            "requests": len(log), "points": spent["limit"] - spent["remaining"], "summary": search.stderr.strip().splitlines()[-1],
        }


def post_graphql(api: str, query: str, variables: dict) -> dict:
    request = urllib.request.Request(
        api + "/graphql", data=json.dumps({"query": query, "variables": variables}).encode(), method="POST",
        headers={"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(request))["data"]


def anchor_graphql(args: argparse.Namespace, api: str) -> dict:
    reset(api)
    query = """query($q: String!, $after: String) { rateLimit { cost }
      search(query: $q, type: USER, first: 10, after: $after) { userCount pageInfo { endCursor hasNextPage }
        nodes { ... on User { login } ... on Organization { login } } } }"""
    accounts, points, after, count = 0, 0, None, 0
    while True:
        data = post_graphql(api, query, {"q": args.query, "after": after})
        points += data["rateLimit"]["cost"]
        accounts += len(data["search"]["nodes"])
        count = data["search"]["userCount"]
        info = data["search"]["pageInfo"]
        if not info["hasNextPage"]:
            break
        after = info["endCursor"]
    return {"name": "anchor: GraphQL `search`, 10 a request, logins only", "accounts": accounts, "profiles": 0,
            "requests": len(fake_log(api)), "points": points, "summary": f"{accounts} of {count}: stops at the cap"}


def anchor_rest(args: argparse.Namespace, api: str) -> dict:
    reset(api)
    accounts, page, count = 0, 1, 0
    while page <= 10:
        url = f"{api}/search/users?" + urllib.parse.urlencode({"q": args.query, "per_page": 100, "page": page})
        body = json.load(urllib.request.urlopen(urllib.request.Request(url, headers={"Authorization": f"Bearer {TOKEN}"})))
        count = body["total_count"]
        accounts += len(body["items"])
        if len(body["items"]) < 100:
            break
        page += 1
    return {"name": "anchor: REST `/search/users`, 100 a page", "accounts": accounts, "profiles": 0,
            "requests": len(fake_log(api)), "points": None, "summary": f"{accounts} of {count}: a 422 past the cap"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=2_500)
    parser.add_argument("--query", default="type:user")
    parser.add_argument("--ghusers", default=os.path.join(ROOT, ".build-dev/release/ghusers"))
    parser.add_argument("--fake", default=os.path.join(ROOT, ".build-dev/release/github-fake"))
    args = parser.parse_args()
    rows = []
    for reading, options in [("milder reading", MILDER), ("harsher reading (the fake's defaults)", [])]:
        fake, api = start_fake(args.fake, args.users, options)
        try:
            rows.append(ghusers(args, api, reading))
            if options:
                rows += [anchor_graphql(args, api), anchor_rest(args, api)]
        finally:
            fake.terminate()
            fake.wait()
    print("| run | accounts | with profiles | requests | points | accounts a request | accounts a point | said |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for row in rows:
        per_point = f"{row['accounts'] / row['points']:.1f}" if row["points"] else "– (search's own limit: 30 a minute)"
        print(f"| {row['name']} | {row['accounts']:,} | {row['profiles']:,} | {row['requests']} | {row['points'] if row['points'] is not None else '–'} "
              f"| {row['accounts'] / row['requests']:.1f} | {per_point} | {row['summary']} |")


if __name__ == "__main__":
    main()
