import Synchronization

/// The cached users' logins and notes in memory, for `browse`'s search as you type: one packed,
/// lower-cased byte arena of logins and one of notes (``LoginArena``), scanned for the query's bytes.
/// A query's matches come back in ``StoreService/Users/SearchWindow``'s order (the exact login
/// first, then by id) with their count; SQLite stays the source of truth and is asked only for
/// the users of the window shown.
///
/// A query that extends the last one (`so`, then `son`) filters that one's matches instead of
/// scanning again, and the matches of the last 8 queries are kept, so a backspace costs
/// nothing. A scan stops within a megabyte of bytes once its `isCancelled` says so.
///
/// At 1,000,000 users and 100,000 notes the arenas hold about 54 MB (``memory``), the kept
/// matches at most 4 bytes a login more, and one query's packed matches (``pack(_:isCancelled:)``)
/// about 3 MB at most; ``load(from:)``
/// reads the rows through a cursor, never all at once, and ``refresh(from:)`` keeps it
/// current. Thread-safe: every use takes one lock.
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
    public var isLoaded: Bool { loadedFlag.load(ordering: .acquiring) }

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

    /// Up to `count` matching user ids of `query` after the match with id `id` (`nil`: from
    /// the first, the exact login included; `0`: after the exact login), and how many users
    /// match in all; `nil` if `isCancelled` said so first, or before ``load(from:)``.
    public func after(_ query: String, id: Int64?, count: Int, isCancelled: () -> Bool = { false }) -> (ids: [Int64], total: Int)? {
        window(query, id: id, before: false, count: count, isCancelled: isCancelled)
    }

    /// Up to `count` matching user ids of `query` before the match with id `id` (which is not
    /// the exact login), in order, and how many users match in all.
    public func before(_ query: String, id: Int64, count: Int, isCancelled: () -> Bool = { false }) -> (ids: [Int64], total: Int)? {
        window(query, id: id, before: true, count: count, isCancelled: isCancelled)
    }

    /// ``after(_:id:count:isCancelled:)``, or with `before` set ``before(_:id:count:isCancelled:)``.
    public func window(_ query: String, id: Int64?, before: Bool, count: Int, isCancelled: () -> Bool = { false }) -> (ids: [Int64], total: Int)? {
        guard isLoaded else { return nil }
        let parsed = SearchQuery(query)
        guard let matches = state.withLock({ $0.matches(parsed, isCancelled: isCancelled) }) else { return nil }
        return (matches.window(id, before: before, count: count), matches.count)
    }

    /// ``after(_:id:count:isCancelled:)`` or ``before(_:id:count:isCancelled:)`` (`before`
    /// set), answered only if that takes no scan of the index: the matches of `query` are
    /// kept, or it narrows kept matches that are at most ``quickCandidates`` (filtered) or
    /// packed (found at its text's places, or scanned in a packed copy of at most
    /// ``quickPackedBytes``, on the calling thread alone); and only if nothing else holds the
    /// index (a scan, a refresh). `nil` otherwise: the caller then asks off its thread.
    public func quickly(_ query: String, id: Int64?, before: Bool = false, count: Int) -> (ids: [Int64], total: Int)? {
        guard isLoaded else { return nil }
        let parsed = SearchQuery(query)
        let found = state.withLockIfAvailable { $0.matches(parsed, candidates: Self.quickCandidates) { false } }
        guard let matches = found ?? nil else { return nil }
        return (matches.window(id, before: before, count: count), matches.count)
    }

    /// How many kept matches ``quickly(_:id:before:count:)`` filters at most: about 0.15 ms.
    public static let quickCandidates = 4096

    /// How large a packed copy ``quickly(_:id:before:count:)`` scans at most, counted as its
    /// scan's parts are (text and 20 bytes a record): one part, about 0.4 ms (`ga e` among
    /// `ga`'s 23,991 packed matches at a million, 3.4 MB on both cores: 0.9 ms).
    public static let quickPackedBytes = 1 << 20

    /// Packs the logins and notes of `query`'s kept matches together (``SearchMatches/packed``),
    /// if there are more than ``packedAbove`` and at most ``packedMatches``: a query
    /// narrowing them then scans a few hundred contiguous kilobytes, where filtering them looked
    /// each match up in the arenas (a cache miss or more each: 12,327 matches of `gar` at a
    /// million took about 1 ms on both cores; `gar` among `ga`'s 2,500 at 100,000, on the loop,
    /// 0.2-0.35 ms). Made off the lock, for a key's search never to
    /// wait on it; `false` if there was nothing to pack, `isCancelled` said so first, or the
    /// matches or the index changed meanwhile (nothing is kept then).
    /// Called by `browse` once a query's frame is out; the packed matches take about 100 bytes
    /// a match, of one query at a time.
    @discardableResult
    public func pack(_ query: String, isCancelled: () -> Bool = { false }) -> Bool {
        pack(query, above: Self.packedAbove, isCancelled: isCancelled)
    }

    /// ``pack(_:isCancelled:)`` packs the matches of a query that has more than this many:
    /// fewer are filtered in a few dozen microseconds (and `browse` reads their users instead).
    public static let packedAbove = 512

    /// ``pack(_:isCancelled:)`` of more than `least` matches (tests: small indexes).
    func pack(_ query: String, above least: Int, isCancelled: () -> Bool = { false }) -> Bool {
        let parsed = SearchQuery(query)
        let taken = state.withLock { state -> (SearchCorpus, [Int32], Int)? in
            guard let kept = state.cache.first(where: { $0.query == parsed }), kept.packed == nil,
                kept.count > least, kept.count <= Self.packedMatches
            else { return nil }
            return (state.corpus, kept.records, state.generation)
        }
        guard let (corpus, records, generation) = taken,
            var packed = SearchCorpus(packing: records, of: corpus, isCancelled: isCancelled)
        else { return false }
        packed.findOccurrences(of: parsed, isCancelled: isCancelled)
        guard !isCancelled() else { return false }
        return state.withLock { $0.keep(packed, for: parsed, generation: generation) }
    }

    /// At most how many matches ``pack(_:isCancelled:)`` packs: about 3 MB of them.
    public static let packedMatches = 32_768

    /// Whether the kept matches of `query` are packed.
    func isPacked(_ query: String) -> Bool {
        let parsed = SearchQuery(query)
        return state.withLock { $0.cache.first { $0.query == parsed }?.packed != nil }
    }

    /// Replaces what is indexed, under the lock, and marks the index loaded.
    func install(logins: LoginArena?, notes: LoginArena?) {
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
