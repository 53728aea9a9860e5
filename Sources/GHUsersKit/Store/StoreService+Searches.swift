import Foundation
import GRDB

/// The owner of `online_search`: where each online search under way stands, so that one
/// stopped resumes. Each statement runs inside a transaction its caller holds.
extension StoreService.Searches {
    /// Where an online search stands (``CombinedService/searchOnline(_:now:progress:)``): the
    /// window it is in (accounts joined from `from`, seconds since 1970), the cursor within it,
    /// and what it has kept and what GitHub counted but it could not keep.
    ///
    /// A row written before windows were measured by the positions asked (`windowAsked`) does
    /// not decode: its search starts over, keeping every account again, never skipping one.
    package struct Progress: Sendable, Hashable, Codable {
        /// The window's first second, and its last (`nil`: now).
        package var from: Int64
        package var upper: Int64?
        /// The cursor after the last page kept in this window (`nil`: its first page next).
        package var cursor: String?
        /// Accounts of the second `from` kept by the window before: not kept twice.
        package var skip: [Int64] = []
        /// The last second of this window's accounts so far, and the accounts of it.
        package var tailSecond: Int64?
        package var tail: [Int64] = []
        /// GitHub's count of this window, how many of its accounts came, how many it kept, and
        /// how many it refused (undone with `windowKept` when the window is asked again).
        package var windowCount = 0
        package var windowReceived = 0
        package var windowKept = 0
        package var windowRefused = 0
        /// The positions this window's pages asked (the sum of their `first`, whatever came):
        /// at GitHub's 1,000 the window is at its cap, however short the pages were.
        package var windowAsked = 0
        /// GitHub's count of the whole query, once asked.
        package var gitHubCount: Int?
        package var kept = 0
        /// Accounts GitHub gave that ghusers could not keep (a node nulled with an error, a
        /// login it refuses), and accounts past the 1,000 GitHub gives of one second.
        package var refused = 0
        package var pastCap = 0

        package init(from: Int64, upper: Int64?) {
            (self.from, self.upper) = (from, upper)
        }

        /// The window from `from` starts (again) at its first page, nothing of it asked yet.
        package mutating func restartWindow() {
            (cursor, tailSecond, tail) = (nil, nil, [])
            (windowReceived, windowKept, windowRefused, windowAsked) = (0, 0, 0, 0)
        }
    }

    /// The progress of the search `query` (GitHub's query text), or `nil` when none is under way.
    /// A row this version cannot read starts the search over.
    package static func progress(of query: String, _ db: Database) throws -> Progress? {
        guard let text = try String.fetchOne(db, sql: "SELECT progress FROM online_search WHERE query = ?", arguments: [query]) else {
            return nil
        }
        return try? JSONDecoder().decode(Progress.self, from: Data(text.utf8))
    }

    /// Records `progress` of `query`; `nil` ends it (deletes its row).
    package static func record(_ progress: Progress?, of query: String, now: Date = Date(), _ db: Database) throws {
        if let progress {
            let text = String(decoding: try JSONEncoder().encode(progress), as: UTF8.self)
            try db.execute(
                sql: "INSERT OR REPLACE INTO online_search (query, progress, updated_at) VALUES (?, ?, ?)",
                arguments: [query, text, now.timeIntervalSince1970])
        } else {
            try db.execute(sql: "DELETE FROM online_search WHERE query = ?", arguments: [query])
        }
    }
}
