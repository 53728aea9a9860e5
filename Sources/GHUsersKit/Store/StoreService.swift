import GRDB

/// The local side of ghusers: one owner per table, each holding every statement that reads or
/// writes its tables (migrations apart, in `AppDatabase+Schema`). An owner's statements run
/// inside a transaction its caller holds; transactions are composed above the owners, in
/// ``CombinedService``, on the database's executors (``AppDatabase/write(_:)-(Database)->T``).
///
/// ```swift
/// try await database.write { db in
///     try StoreService.Users.Save(now: now)(users, db)
///     try StoreService.Sync.record(rateLimit, db)
/// }
/// ```
package enum StoreService {
    /// `user`: the cached accounts, their seen and gone marks. ``Users/Save`` is the one save
    /// of a user.
    package enum Users {}
    /// `profile`: the cached profiles.
    package enum Profiles {}
    /// `note` and `note_history`: private notes and the texts they replaced.
    package enum Notes {}
    /// `sync_state`, `page`, `rate_limit` and `graphql_token`: the list walk, its cached pages,
    /// the rate limits and what each token may read.
    package enum Sync {}
    /// `online_search`: online searches under way (`search --online`), so that one stopped
    /// resumes.
    package enum Searches {}
    /// `kept_query` and `kept_query_member`: the queries `search --online` ran, their last runs'
    /// members and what those changed.
    package enum KeptQueries {}
    /// The cache's search: reads that join `user`, `profile` and `note`; owns no table.
    package enum Search {}
}
