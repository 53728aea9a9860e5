import Synchronization

/// Remembers, per token, what the `X-OAuth-Scopes` of any answer say it may read
/// (``StoreService/Sync/remember(fingerprint:readsEmail:_:)``): a header always overrides what was remembered, and a
/// `next-page` or `profile` over REST tells a later GraphQL query whether to ask emails, so it
/// is never refused for them. Written once a process per change.
final class ScopeMemory: Sendable {
    private let database: AppDatabase
    private let fingerprint: String
    private let last = Mutex<String?>(nil)

    init(database: AppDatabase, fingerprint: String) {
        self.database = database
        self.fingerprint = fingerprint
    }

    /// An answer's `X-OAuth-Scopes`.
    @Sendable func heard(_ scopes: String) async {
        guard last.withLock({ seen in
            defer { seen = scopes }
            return seen != scopes
        }), let reads = ProfilesQuery.readsEmail(scopes: scopes)
        else { return }
        // A write that fails leaves the memory as it was: the next GraphQL query learns again.
        _ = try? await database.write { [fingerprint] db in try StoreService.Sync.remember(fingerprint: fingerprint, readsEmail: reads, db) }
    }
}
