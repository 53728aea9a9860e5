import Foundation
import GRDB

extension StoreService.Notes {
    /// Streams every note, sorted by login without regard to case (stable across runs).
    public struct Export: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// Calls `each` for every note, in one read transaction.
        public func callAsFunction(_ each: (Note) throws -> Void) throws {
            try database.read { db in
                let rows = try Row.fetchCursor(
                    db, sql: "SELECT login, user_id, text, updated_at FROM note ORDER BY login COLLATE NOCASE, id")
                while let row = try rows.next() {
                    try each(Note(login: row[0], userID: row[1], text: row[2], updatedAt: Date(timeIntervalSince1970: row[3])))
                }
            }
        }
    }
}
