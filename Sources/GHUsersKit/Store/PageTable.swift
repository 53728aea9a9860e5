import Foundation
import GRDB

/// The `page` table: which id ranges of `GET /users` are cached, with the ETag of each.
///
/// Its rows are a partition of the cached id range: sorted by `since`, each row starts where
/// the one before ends (`since` = the previous `last_id`), the first at 0 — no gap, no
/// overlap. A page asked for again can end elsewhere than before: accounts deleted in its
/// range make it reach further, accounts that reappear or a new page size make it stop
/// sooner. Saving a page therefore removes the rows it now covers and moves the start of the
/// next one to its end, forgetting that row's ETag (it was for another request).
enum PageTable {
    /// Saves the page asked for with `since` and ending at `lastID`, then restores the
    /// partition after it (see ``PageTable``), inside the caller's transaction.
    static func save(
        since: Int64, lastID: Int64, itemCount: Int, etag: String?, tokenFingerprint: String = "", at now: Date, _ db: Database
    ) throws {
        try db.execute(
            sql: """
                INSERT INTO page (since, last_id, item_count, etag, etag_token, fetched_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (since) DO UPDATE SET last_id = excluded.last_id, item_count = excluded.item_count,
                    etag = excluded.etag, etag_token = excluded.etag_token, fetched_at = excluded.fetched_at
                """, arguments: [since, lastID, itemCount, etag, tokenFingerprint.isEmpty ? nil : tokenFingerprint, now.timeIntervalSince1970])
        // Rows the new page covers whole.
        try db.execute(sql: "DELETE FROM page WHERE since > ? AND last_id <= ?", arguments: [since, lastID])
        // The row after it, if it does not start where this page ends: it starts there now.
        guard
            let next = try Row.fetchOne(
                db, sql: "SELECT since, last_id FROM page WHERE since > ? ORDER BY since LIMIT 1", arguments: [since]),
            (next["since"] as Int64) != lastID
        else { return }
        let nextLast: Int64 = next["last_id"]
        let users = try Int.fetchOne(db, sql: "SELECT count(*) FROM user WHERE id > ? AND id <= ?", arguments: [lastID, nextLast]) ?? 0
        try db.execute(
            sql: "UPDATE page SET since = ?, item_count = ?, etag = NULL WHERE since = ?",
            arguments: [lastID, max(1, users), next["since"] as Int64])
    }

    /// Whether the rows are a partition of `0...last` (for tests and `status`' checks): sorted,
    /// contiguous, starting at 0.
    static func isPartition(_ db: Database) throws -> Bool {
        var expected: Int64 = 0
        for row in try Row.fetchAll(db, sql: "SELECT since, last_id FROM page ORDER BY since") {
            guard (row["since"] as Int64) == expected else { return false }
            expected = row["last_id"]
        }
        return true
    }
}
