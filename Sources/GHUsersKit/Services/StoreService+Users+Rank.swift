import GRDB

extension StoreService.Users {
    /// How many cached users have an id at most a given one: the position of a user in the
    /// whole cached list, which does not move between pages. One `COUNT` over the primary key.
    public struct Rank: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// The number of cached users whose id is at most `id` (0 for `id` 0).
        public func callAsFunction(through id: Int64) throws -> Int {
            try database.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user WHERE id <= ?", arguments: [id]) ?? 0
            }
        }

        /// The rank of each of `ids` (as ``callAsFunction(through:)``), from one snapshot, for
        /// rows that do not follow each other (search results). The ids are taken in order and
        /// each count goes on from the previous one (`id > previous AND id <= next`), so the
        /// primary key is walked once up to the largest id, not once per id.
        public func callAsFunction(of ids: some Sequence<Int64>) throws -> [Int64: Int] {
            let sorted = Set(ids).sorted()
            guard let first = sorted.first else { return [:] }
            return try database.read { db in
                var rank = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user WHERE id <= ?", arguments: [first]) ?? 0
                var ranks = [first: rank]
                let between = try db.cachedStatement(sql: "SELECT COUNT(*) FROM user WHERE id > ? AND id <= ?")
                for (previous, id) in zip(sorted, sorted.dropFirst()) {
                    rank += try Int.fetchOne(between, arguments: [previous, id]) ?? 0
                    ranks[id] = rank
                }
                return ranks
            }
        }
    }
}
