import Foundation
import GRDB

/// The owner of `kept_query` and `kept_query_member`, which change together: the queries
/// `search --online` ran, each with its last complete run (counts, changes) and its members
/// then (`run` 0, each with the values of its profile then), and the members of the run under
/// way (`run` 1), which replace them once that run is complete. Each statement runs inside a
/// transaction its caller holds.
extension StoreService.KeptQueries {
    /// A run of `key` starts from nothing (not one resumed): the members of an unfinished run
    /// before it are forgotten.
    static func beginRun(_ key: String, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM kept_query_member WHERE query = ? AND run = 1", arguments: [key])
    }

    /// The accounts `ids` are in GitHub's answer to `key` in the run under way.
    static func add(_ ids: [Int64], to key: String, _ db: Database) throws {
        let statement = try db.cachedStatement(sql: "INSERT OR IGNORE INTO kept_query_member (query, run, user_id) VALUES (?, 1, ?)")
        for id in ids { try statement.execute(arguments: [key, id]) }
    }

    /// The accounts of the last complete run of `key` that the run under way has not found (the
    /// run is complete: they left GitHub's answer); `nil` when `key` never completed a run.
    static func leaving(_ key: String, _ db: Database) throws -> [Int64]? {
        guard try find(key, db) != nil else { return nil }
        return try Int64.fetchAll(
            db,
            sql: """
                SELECT user_id FROM kept_query_member AS last WHERE query = ?1 AND run = 0
                AND NOT EXISTS (SELECT 1 FROM kept_query_member WHERE query = ?1 AND run = 1 AND user_id = last.user_id)
                ORDER BY user_id
                """, arguments: [key])
    }

    /// The members of `key`'s last complete run, in id order (none for a query not kept).
    package static func members(_ key: String, _ db: Database) throws -> [Int64] {
        try Int64.fetchAll(db, sql: "SELECT user_id FROM kept_query_member WHERE query = ? AND run = 0 ORDER BY user_id", arguments: [key])
    }

    /// Ends the run under way of `key` (`query`: what GitHub was asked), complete: its members
    /// replace the last run's, each with its profile's values now, and its counts are kept.
    /// Returns what changed since the last run: the accounts that joined and left, each named
    /// (why one left: gone, renamed, or a field of `fields`, those the query names, changed),
    /// and those that stayed with fields changed. Read from the cache as the run left it, with
    /// the accounts that left refreshed first.
    static func complete(
        _ key: String, query: String, gitHubCount: Int?, requests: Int, points: Int, fields: Set<Profile.Field>, now: Date,
        _ db: Database
    ) throws -> QueryChanges {
        let previous = try find(key, db)
        var before: [Int64: [String: String]] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT user_id, profile FROM kept_query_member WHERE query = ? AND run = 0", arguments: [key])
        while let row = try rows.next() {
            before[row[0]] = (row[1] as String?).flatMap { try? JSONDecoder().decode([String: String].self, from: Data($0.utf8)) } ?? [:]
        }
        let found = try Int64.fetchAll(db, sql: "SELECT user_id FROM kept_query_member WHERE query = ? AND run = 1 ORDER BY user_id", arguments: [key])
        var changes = QueryChanges(first: previous == nil, joined: [], left: [], changed: [])
        let update = try db.cachedStatement(sql: "UPDATE kept_query_member SET profile = ? WHERE query = ? AND run = 1 AND user_id = ?")
        for id in found {
            let now = try snapshot(id, db)
            try update.execute(arguments: [String(decoding: try JSONEncoder().encode(now.values), as: UTF8.self), key, id])
            guard previous != nil else { continue }
            if let then = before.removeValue(forKey: id) {
                let changed = Self.changes(then, now.values)
                if !changed.isEmpty { changes.changed.append(.init(id: id, login: now.login, why: nil, changed: changed)) }
            } else {
                changes.joined.append(.init(id: id, login: now.login, why: nil, changed: []))
            }
        }
        for (id, then) in before.sorted(by: { $0.key < $1.key }) {
            let now = try snapshot(id, db)
            let changed = Self.changes(then, now.values)
            var why: String?
            if now.gone {
                why = "gone from GitHub"
            } else if let named = changed.first(where: { change in fields.contains { $0.rawValue == change.field } }) {
                why = "\(named.field) now \(named.to.map { "“\($0)”" } ?? "unknown"), was \(named.from.map { "“\($0)”" } ?? "unknown")"
            } else if let old = then["login"], old != now.login {
                why = "renamed from \(old)"
            }
            changes.left.append(.init(id: id, login: now.login, why: why, changed: changed))
        }
        try db.execute(sql: "DELETE FROM kept_query_member WHERE query = ? AND run = 0", arguments: [key])
        try db.execute(sql: "UPDATE kept_query_member SET run = 0 WHERE query = ? AND run = 1", arguments: [key])
        try db.execute(
            sql: """
                INSERT INTO kept_query (query, shown, first_run_at, last_run_at, github_count, kept, joined, left, requests, points, changes)
                VALUES (?1, ?2, ?3, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
                ON CONFLICT (query) DO UPDATE SET shown = ?2, last_run_at = ?3, github_count = ?4, kept = ?5, joined = ?6, left = ?7,
                    requests = ?8, points = ?9, changes = ?10
                """,
            arguments: [
                key, query, now.timeIntervalSince1970, gitHubCount, found.count, changes.joined.count, changes.left.count, requests, points,
                String(decoding: try JSONEncoder().encode(changes), as: UTF8.self),
            ])
        return changes
    }

    /// The kept query `key`, or `nil`.
    package static func find(_ key: String, _ db: Database) throws -> KeptQuery? {
        try Row.fetchOne(db, sql: "SELECT * FROM kept_query WHERE query = ?", arguments: [key]).map(kept)
    }

    /// Every kept query, the last run first.
    package static func all(_ db: Database) throws -> [KeptQuery] {
        try Row.fetchAll(db, sql: "SELECT * FROM kept_query ORDER BY last_run_at DESC, query").map(kept)
    }

    /// Forgets `key` and its members (their accounts stay cached); whether it was kept.
    package static func forget(_ key: String, _ db: Database) throws -> Bool {
        try db.execute(sql: "DELETE FROM kept_query_member WHERE query = ?", arguments: [key])
        try db.execute(sql: "DELETE FROM kept_query WHERE query = ?", arguments: [key])
        return db.changesCount > 0
    }

    private static func kept(_ row: Row) -> KeptQuery {
        KeptQuery(
            key: row["query"], query: row["shown"], firstRunAt: Date(timeIntervalSince1970: row["first_run_at"]),
            lastRunAt: Date(timeIntervalSince1970: row["last_run_at"]), gitHubCount: row["github_count"], kept: row["kept"],
            joined: row["joined"], left: row["left"], requests: row["requests"], points: row["points"],
            changes: (try? JSONDecoder().decode(QueryChanges.self, from: Data((row["changes"] as String).utf8))) ?? .none)
    }

    /// The login, gone mark and profile values (by `--json`'s names; none unknown) of the
    /// cached account `id`.
    private static func snapshot(_ id: Int64, _ db: Database) throws -> (login: String, gone: Bool, values: [String: String]) {
        guard let cached = try StoreService.Profiles.find(id: id, db) else {
            let user = try StoreService.Users.identity(id: id, db)
            return (user?.login ?? "", false, user.map { ["login": $0.login] } ?? [:])
        }
        var values = ["login": cached.details.user.login]
        for field in Profile.Field.allCases where !cached.unknown.contains(field) {
            switch cached.profile[field] {
            case .text(let text?): values[field.rawValue] = text
            case .count(let count?): values[field.rawValue] = String(count)
            case .flag(let flag?): values[field.rawValue] = flag ? "true" : "false"
            case .text(nil), .count(nil), .flag(nil): break
            }
        }
        return (cached.details.user.login, cached.details.gone, values)
    }

    /// The fields whose values differ between two snapshots, by name (the login apart: a rename
    /// is said as one).
    private static func changes(_ then: [String: String], _ now: [String: String]) -> [QueryChanges.FieldChange] {
        Set(then.keys).union(now.keys).subtracting(["login", "updated_at"]).sorted().compactMap { field in
            then[field] == now[field] ? nil : QueryChanges.FieldChange(field: field, from: then[field], to: now[field])
        }
    }
}
