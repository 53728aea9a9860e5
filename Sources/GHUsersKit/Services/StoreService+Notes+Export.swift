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
            try database.read { db in try Note.all(db, each) }
        }
    }
}
