import Foundation
import GRDB

extension StoreService.Profiles {
    /// The cached users whose profile `profiles prefetch` fetches: those without one, and with
    /// `stale` also those whose profile was fetched before a given time; never users marked
    /// gone. In id order, read a batch at a time by keyset, so a million users are never in
    /// memory at once.
    public struct Pending: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// How many users are pending.
        public func count(staleBefore: Date?) throws -> Int {
            try database.read { db in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM user LEFT JOIN profile ON profile.user_id = user.id WHERE \(Self.condition)",
                    arguments: Self.arguments(staleBefore)) ?? 0
            }
        }

        /// The next `limit` pending users after id `after`, by id.
        public func callAsFunction(after: Int64, limit: Int, staleBefore: Date?) throws -> [User] {
            var arguments: StatementArguments = [after]
            arguments += Self.arguments(staleBefore)
            arguments += [limit]
            return try database.read { db in
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT \(User.selection) FROM user LEFT JOIN profile ON profile.user_id = user.id
                        WHERE user.id > ? AND \(Self.condition) ORDER BY user.id LIMIT ?
                        """, arguments: arguments
                ).map { User(row: $0) }
            }
        }

        private static let condition = "user.gone = 0 AND (profile.user_id IS NULL OR (? AND profile.fetched_at < ?))"

        private static func arguments(_ staleBefore: Date?) -> StatementArguments {
            [staleBefore != nil, staleBefore?.timeIntervalSince1970 ?? 0]
        }
    }
}
