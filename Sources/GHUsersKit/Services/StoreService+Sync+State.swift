import Foundation
import GRDB

extension StoreService.Sync {
    /// Reads the pagination and rate-limit state.
    public struct State: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// The current state.
        public func callAsFunction() throws -> SyncState {
            try database.read { db in try SyncState.read(db) }
        }
    }
}
