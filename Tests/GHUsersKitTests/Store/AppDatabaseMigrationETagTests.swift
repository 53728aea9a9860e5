import Foundation
import GRDB
import Testing

@testable import GHUsersKit

/// A column filled from GitHub's answers (a ``Profile/Field``'s, a ``User``'s) added by a
/// migration is empty in every row cached before: a `304` carries no body to fill it from, so
/// the migration must forget the ETags of pages and profiles (as `v3` does). Each migration is
/// run in turn on a database with a page and a profile that have an ETag; one that adds such a
/// column and leaves an ETag fails here.
@Suite("Migrations that add an answered column forget the ETags")
struct AppDatabaseMigrationETagTests {
    /// The columns of `table`.
    static func columns(_ table: String, _ db: Database) throws -> Set<String> {
        Set(try Row.fetchAll(db, sql: "PRAGMA table_info(\(table))").map { $0["name"] as String })
    }

    @Test("every migration that adds a column GitHub's answer fills clears the ETags of pages and profiles")
    func answeredColumnsClearETags() throws {
        let answered: [String: Set<String>] = [
            "profile": Set(Profile.Field.allCases.map(\.column)),
            "user": Set(User.Column.allCases.map(\.name)),
        ]
        let queue = try DatabaseQueue()
        let migrator = AppDatabase.migrator
        var checked = 0
        for identifier in migrator.migrations {
            let before = try queue.read { db in try answered.keys.reduce(into: [String: Set<String>]()) { $0[$1] = try Self.columns($1, db) } }
            let cached = !before["profile", default: []].isEmpty
            // ETags on the rows cached before this migration, as a home holds them.
            if cached { try queue.write { db in try db.execute(sql: "UPDATE profile SET etag = '\"p\"'; UPDATE page SET etag = '\"g\"'") } }
            try migrator.migrate(queue, upTo: identifier)
            if !cached {
                // v1: a user, its profile and a page.
                try queue.write { db in
                    try db.execute(sql: "INSERT INTO user (id, login, avatar_url, html_url, type, site_admin, fetched_at) VALUES (1, 'a', 'https://a', '', 'User', 0, 0)")
                    try db.execute(sql: "INSERT INTO profile (user_id, fetched_at) VALUES (1, 0)")
                    try db.execute(sql: "INSERT INTO page (since, last_id, item_count, fetched_at) VALUES (0, 1, 1, 0)")
                }
                continue
            }
            let added = try queue.read { db in
                try answered.flatMap { table, fields in try Self.columns(table, db).subtracting(before[table, default: []]).intersection(fields) }
            }
            guard !added.isEmpty else { continue }
            checked += 1
            let (rows, etags) = try queue.read { db in
                (try Int.fetchOne(db, sql: "SELECT (SELECT count(*) FROM profile) + (SELECT count(*) FROM page)") ?? 0,
                 try String.fetchAll(db, sql: "SELECT etag FROM profile WHERE etag IS NOT NULL UNION ALL SELECT etag FROM page WHERE etag IS NOT NULL"))
            }
            #expect(rows == 2 && etags.isEmpty, "\(identifier) adds \(added.sorted()) but keeps the ETags \(etags)")
        }
        #expect(checked >= 1, "v3 adds gravatar_id and user_view_type")
    }
}
