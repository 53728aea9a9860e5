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

        /// How many users are pending; `incomplete`: instead, those whose cached profile has
        /// fields unknown besides an email (an organization's followers, a field GitHub nulled).
        public func count(staleBefore: Date?, incomplete: Bool = false) throws -> Int {
            try database.read { db in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM user LEFT JOIN profile ON profile.user_id = user.id WHERE \(Self.condition(incomplete))",
                    arguments: Self.arguments(staleBefore, incomplete)) ?? 0
            }
        }

        /// The next `limit` pending users after id `after`, by id.
        public func callAsFunction(after: Int64, limit: Int, staleBefore: Date?, incomplete: Bool = false) throws -> [User] {
            var arguments: StatementArguments = [after]
            arguments += Self.arguments(staleBefore, incomplete)
            arguments += [limit]
            return try database.read { db in
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT \(User.selection) FROM user LEFT JOIN profile ON profile.user_id = user.id
                        WHERE user.id > ? AND \(Self.condition(incomplete)) ORDER BY user.id LIMIT ?
                        """, arguments: arguments
                ).map { User(row: $0) }
            }
        }

        private static func condition(_ incomplete: Bool) -> String {
            incomplete
                ? "user.gone = 0 AND profile.unknown NOT IN ('', 'email')"
                : "user.gone = 0 AND (profile.user_id IS NULL OR (? AND profile.fetched_at < ?))"
        }

        private static func arguments(_ staleBefore: Date?, _ incomplete: Bool) -> StatementArguments {
            incomplete ? [] : [staleBefore != nil, staleBefore?.timeIntervalSince1970 ?? 0]
        }
    }
}
