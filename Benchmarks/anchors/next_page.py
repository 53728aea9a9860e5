#!/usr/bin/env python3
"""Anchor for `ghusers next-page --pages N --json`: the same fetch-and-store in plain Python.

One kept-alive http.client connection; for each page GET /users?since=CURSOR&per_page=SIZE,
json.loads, one transaction (WAL, synchronous NORMAL like ghusers) that upserts the users with executemany (into the same ghusers
schema, triggers and FTS index included) and moves the cursor; the page is written as JSON to
stdout. Usage: next_page.py BASE_URL DATABASE PAGES
"""
import http.client
import json
import sqlite3
import sys
import time
from urllib.parse import urlsplit

UPSERT = """
INSERT INTO user (id, login, node_id, avatar_url, html_url, type, site_admin, gravatar_id, user_view_type, fetched_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (id) DO UPDATE SET login = excluded.login, node_id = excluded.node_id,
    avatar_url = excluded.avatar_url, html_url = excluded.html_url, type = excluded.type,
    site_admin = excluded.site_admin, gravatar_id = excluded.gravatar_id,
    user_view_type = excluded.user_view_type, fetched_at = excluded.fetched_at
"""


def main() -> None:
    base, path, pages = sys.argv[1], sys.argv[2], int(sys.argv[3])
    url = urlsplit(base)
    connection = http.client.HTTPConnection(url.hostname, url.port)
    database = sqlite3.connect(path, isolation_level=None)
    # ghusers (GRDB) runs WAL with synchronous NORMAL: no fsync per commit. Same durability here.
    database.execute("PRAGMA synchronous = NORMAL")
    cursor, page_size = database.execute("SELECT cursor, page_size FROM sync_state").fetchone()
    out = sys.stdout
    for _ in range(pages):
        connection.request(
            "GET", f"/users?since={cursor}&per_page={page_size}",
            headers={"Accept": "application/vnd.github+json", "User-Agent": "anchor"})
        response = connection.getresponse()
        users = json.loads(response.read())
        if response.status != 200:
            sys.exit(f"HTTP {response.status}")
        if not users:
            break
        now = time.time()
        database.execute("BEGIN IMMEDIATE")
        database.executemany(UPSERT, [
            (u["id"], u["login"], u["node_id"], u["avatar_url"], u["html_url"], u["type"], u["site_admin"],
             u.get("gravatar_id"), u.get("user_view_type"), now)
            for u in users])
        cursor = users[-1]["id"]
        database.execute("UPDATE sync_state SET cursor = ?, last_sync_at = ?", (cursor, now))
        database.execute("COMMIT")
        out.write(json.dumps(users))
    out.flush()


if __name__ == "__main__":
    main()
