import Foundation
import GRDB

extension StoreService.Searches {
    /// Where an online search stands (``CombinedService/searchOnline(_:now:progress:)``): the
    /// window it is in (accounts joined from `from`, seconds since 1970), the cursor within it,
    /// and what it has kept and missed.
    public struct Progress: Sendable, Hashable, Codable {
        /// The window's first second, and its last (`nil`: now).
        public var from: Int64
        public var upper: Int64?
        /// The cursor after the last page kept in this window (`nil`: its first page next).
        public var cursor: String?
        /// Accounts of the second `from` kept by the window before: not kept twice.
        public var skip: [Int64] = []
        /// The last second of this window's accounts so far, and the accounts of it.
        public var tailSecond: Int64?
        public var tail: [Int64] = []
        /// GitHub's count of this window, and how many of its accounts came.
        public var windowCount = 0
        public var windowReceived = 0
        /// GitHub's count of the whole query, once asked.
        public var gitHubCount: Int?
        public var kept = 0
        public var missed = 0

        public init(from: Int64, upper: Int64?) {
            (self.from, self.upper) = (from, upper)
        }
    }

    /// The progress of the search `query` (GitHub's query text), or `nil` when none is under way.
    public struct Find: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        public func callAsFunction(query: String) throws -> Progress? {
            try database.read { db in
                guard let text = try String.fetchOne(db, sql: "SELECT progress FROM online_search WHERE query = ?", arguments: [query]) else { return nil }
                // A row this version cannot read starts the search over.
                return try? JSONDecoder().decode(Progress.self, from: Data(text.utf8))
            }
        }
    }

    /// Records `progress` of `query`; `nil` ends it (deletes its row).
    public struct Record: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        public func callAsFunction(query: String, _ progress: Progress?, now: Date = Date()) throws {
            let text = try progress.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
            try database.write { db in
                if let text {
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO online_search (query, progress, updated_at) VALUES (?, ?, ?)",
                        arguments: [query, text, now.timeIntervalSince1970])
                } else {
                    try db.execute(sql: "DELETE FROM online_search WHERE query = ?", arguments: [query])
                }
            }
        }
    }
}
