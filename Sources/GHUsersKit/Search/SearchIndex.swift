import Synchronization

/// The cached users' logins and notes in memory, for `browse`'s search as you type: two
/// packed, lower-cased arenas (``TextArena``) scanned for the query's bytes on both cores, and
/// the profiles' qualifier fields (``ProfileColumns``). A query's matches come back in
/// ``StoreService/Search/window(_:after:count:_:)``'s order (the exact login first, then by id) with their
/// count; SQLite stays the source of truth, asked only for the users of the window shown.
///
/// The matches of the last ``State/cacheLimit`` queries are kept (one cache, as fzf's
/// `src/cache.go`): a query that narrows a kept one (`so`, then `son`) filters its matches
/// instead of scanning, and a backspace finds its query kept. About 54 MB at 1,000,000 users
/// and 100,000 notes (``memory``), read through a cursor (``load(from:)``) and kept current
/// (``refresh(from:)``). Thread-safe: every use takes one lock.
package final class SearchIndex: Sendable {
    private let state = Mutex(State())
    private let loadedFlag = Atomic(false)
    /// What changes when the notes or the profiles change, as they were last read
    /// (``refresh(from:)``).
    let seen = Mutex(Signature(notes: [], profiles: []))
    typealias Signature = (notes: [Double], profiles: [Double])

    /// An empty index: ``isLoaded`` is false until ``load(from:)`` is done.
    package init() {}

    /// An empty index whose scans cut the arenas into parts of about `partBytes` (tests).
    convenience init(partBytes: Int) {
        self.init()
        state.withLock { $0.corpus.partBytes = max(1, partBytes) }
    }

    /// Whether ``load(from:)`` has finished: until then, searches go to SQLite.
    var isLoaded: Bool { loadedFlag.load(ordering: .acquiring) }

    /// How many bytes the arenas hold (logins, notes, profiles, their starts, ids and links).
    package var memory: Int { state.withLock { $0.corpus.memory } }

    /// ``memory`` by part (logins, notes, links, profiles and each profile column), for the benchmarks.
    package var memoryByPart: [(part: String, bytes: Int)] { state.withLock { $0.corpus.memoryByPart } }
    /// Whether each profile is linked to the login of its own record, without a list.
    var profilesLinkedInPlace: Bool { state.withLock { $0.corpus.profiles.loginOf == nil } }

    /// How many logins are indexed.
    package var count: Int { state.withLock { $0.logins.count } }

    /// Forgets the recent queries' matches (benchmarks: every session's first key scans).
    package func forgetQueries() { state.withLock { $0.cache = [] } }

    /// Up to `count` matching user ids of `query` after the match with id `id` (`nil`: from the
    /// first, the exact login included; `0`: after the exact login) or, with `before` set,
    /// before it (with `sort:`, after or before `position`, the place in the list, where given), and how many users match in all; `nil` if cancelled, or before ``load(from:)``.
    /// The text's matches are ANDed with the qualifiers the index holds and with `among`, the
    /// ids SQLite computed for the others (``SearchQuery/filter``), ascending.
    package func window(
        _ query: String, id: Int64?, before: Bool = false, position: Int? = nil, count: Int, among: [Int64]? = nil, isCancelled: () -> Bool = { false }
    ) -> (ids: [Int64], total: Int)? {
        guard isLoaded else { return nil }
        let full = SearchQuery(query)
        let parsed = full.indexed
        let found = state.withLock { state -> SearchMatches? in
            if let sort = full.sort, let kept = state.sorted, kept.text == query, kept.among == among {
                guard kept.matches.needsMorePlaces(position: before ? nil : position, count: count) else { return kept.matches }
                // Scrolled past the first places: every match in order, once.
                let all = state.corpus.sorted(kept.matches, by: sort)
                state.sorted = (query, among, all)
                return all
            }
            var kept = state.qualified(full.qualifiers.filter(\.isIndexed))
            if let among { kept = SearchCorpus.intersection(kept, state.logins.records(ofIDs: among).filter { $0 >= 0 }) }
            let matches: SearchMatches?
            if full.terms.isEmpty, let records = kept ?? (full.sort != nil ? Array(0..<Int32(state.logins.count)) : nil) {
                // Qualifiers alone (or `sort:` alone, everyone): their users, without evaluating
                // (and keeping) an empty text.
                matches = state.ordered(parsed, records)
            } else {
                let text = full.searchesProfiles ? state.named(full, isCancelled: isCancelled) : state.matches(parsed, isCancelled: isCancelled)
                matches = text.map { text in kept.map(text.among) ?? text }
            }
            guard let sort = full.sort, let matches else { return matches }
            let sorted = state.corpus.sorted(matches, by: sort, first: (position ?? -1) + 1 + count)
            state.sorted = (query, among, sorted)
            return sorted
        }
        guard let found else { return nil }
        return (found.window(id, before: before, count: count, position: position), found.count)
    }

    /// Replaces what is indexed, under the lock, and marks the index loaded.
    func install(logins: TextArena?, notes: TextArena?, profiles: ProfileColumns? = nil) {
        state.withLock { state in
            state.changeCorpus { corpus in
                if let logins { corpus.logins = logins }
                if let notes { corpus.notes = notes }
                if let profiles { corpus.profiles = profiles }
            }
        }
        loadedFlag.store(true, ordering: .releasing)
    }

    /// Adds logins at the end (ids above every indexed one).
    func append(_ users: [(id: Int64, login: String, type: String)]) {
        state.withLock { state in
            state.changeCorpus { corpus in
                for user in users { corpus.logins.append(id: user.id, text: user.login, flags: ProfileColumns.typeFlags(user.type)) }
            }
        }
    }

    /// The highest indexed id and how many logins are indexed.
    var extent: (lastID: Int64, count: Int) {
        state.withLock { ($0.logins.ids.last ?? 0, $0.logins.count) }
    }
}
