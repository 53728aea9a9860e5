import Synchronization

/// The cached users' logins and notes in memory, for `browse`'s search as you type: one packed,
/// lower-cased byte arena of logins and one of notes (``TextArena``), scanned for the query's
/// bytes on both cores. A query's matches come back in ``StoreService/Users/SearchWindow``'s
/// order (the exact login first, then by id) with their count; SQLite stays the source of truth
/// and is asked only for the users of the window shown.
///
/// The matches of the last ``State/cacheLimit`` queries are kept (one cache, as fzf's
/// `src/cache.go`): a query that narrows a kept one (`so`, then `son`) filters its matches
/// instead of scanning again, and a backspace finds its query kept. A scan stops within a
/// megabyte of bytes once its `isCancelled` says so.
///
/// At 1,000,000 users and 100,000 notes the arenas hold about 54 MB (``memory``) and the kept
/// matches at most 4 bytes a login more; ``load(from:)`` reads the rows through a cursor,
/// never all at once, and ``refresh(from:)`` keeps it current. Thread-safe: every use takes
/// one lock.
public final class SearchIndex: Sendable {
    private let state = Mutex(State())
    private let loadedFlag = Atomic(false)
    /// The notes' signature when they were last read (``refresh(from:)``).
    let notesSeen = Mutex<[Double]>([])

    /// An empty index: ``isLoaded`` is false until ``load(from:)`` is done.
    public init() {}

    /// An empty index whose scans cut the arenas into parts of about `partBytes` (tests: a
    /// megabyte otherwise).
    convenience init(partBytes: Int) {
        self.init()
        state.withLock { $0.corpus.partBytes = max(1, partBytes) }
    }

    /// Whether ``load(from:)`` has finished: until then, searches go to SQLite.
    var isLoaded: Bool { loadedFlag.load(ordering: .acquiring) }

    /// How many bytes the arenas hold (logins, notes, their starts and ids, the note links).
    public var memory: Int {
        state.withLock { $0.corpus.memory }
    }

    /// How many logins are indexed.
    public var count: Int { state.withLock { $0.logins.count } }

    /// Forgets the recent queries' matches (benchmarks: every session's first key scans).
    public func forgetQueries() {
        state.withLock { $0.cache = [] }
    }

    /// Up to `count` matching user ids of `query` after the match with id `id`, and how many
    /// users match in all (``window(_:id:before:count:among:isCancelled:)``).
    public func after(
        _ query: String, id: Int64?, count: Int, among: [Int64]? = nil, isCancelled: () -> Bool = { false }
    ) -> (ids: [Int64], total: Int)? {
        window(query, id: id, before: false, count: count, among: among, isCancelled: isCancelled)
    }

    /// Up to `count` matching user ids of `query` after the match with id `id` (`nil`: from the
    /// first, the exact login included; `0`: after the exact login) or, with `before` set,
    /// before it (in order; `id` is not the exact login), and how many users match in all;
    /// `nil` if `isCancelled` said so first, or before ``load(from:)``.
    ///
    /// `among`, if given, is the one place where ids computed elsewhere (a query of SQLite:
    /// the query's ``SearchQuery/filter``, its qualifiers) are ANDed with the text: only the
    /// matches whose ids it holds (ascending) count, in the window and in the total. The
    /// text's matches (of ``SearchQuery/indexed``) are kept as ever; the ids are applied to
    /// them at each call, in one pass over both. Without text, the matches are `among`'s ids.
    func window(
        _ query: String, id: Int64?, before: Bool, count: Int, among: [Int64]? = nil, isCancelled: () -> Bool = { false }
    ) -> (ids: [Int64], total: Int)? {
        guard isLoaded else { return nil }
        let parsed = SearchQuery(query).indexed
        var matches: SearchMatches
        if parsed.isEmpty, let among {
            matches = state.withLock { SearchMatches(query: parsed, ids: among, loginIDs: $0.logins.ids) }
        } else {
            guard let found = state.withLock({ $0.matches(parsed, isCancelled: isCancelled) }) else { return nil }
            matches = among.map(found.among) ?? found
        }
        return (matches.window(id, before: before, count: count), matches.count)
    }

    /// Replaces what is indexed, under the lock, and marks the index loaded.
    func install(logins: TextArena?, notes: TextArena?) {
        // The scans' second thread, started now and waiting: one started at the first key
        // shares the key's core until the scheduler moves it, which is longer than the scan.
        _ = ScanHelper.shared
        state.withLock { state in
            state.changeCorpus { corpus in
                if let logins { corpus.logins = logins }
                if let notes { corpus.notes = notes }
            }
        }
        loadedFlag.store(true, ordering: .releasing)
    }

    /// Adds logins at the end (ids above every indexed one).
    func append(_ users: [(id: Int64, login: String)]) {
        state.withLock { state in
            state.changeCorpus { corpus in
                for user in users { corpus.logins.append(id: user.id, text: user.login) }
            }
        }
    }

    /// The highest indexed id and how many logins are indexed.
    var extent: (lastID: Int64, count: Int) {
        state.withLock { ($0.logins.ids.last ?? 0, $0.logins.count) }
    }
}
