extension SearchIndex {
    /// The index's data: the logins, the notes on cached users, and the matches of recent
    /// queries. Only ever used under ``SearchIndex``'s lock.
    struct State: Sendable {
        /// How many recent queries' matches are kept at most (4 bytes a match; together no
        /// more matches than there are logins, the newest query's aside).
        static let cacheLimit = 8

        /// Every cached user's login and note.
        var corpus = SearchCorpus()
        var logins: LoginArena { corpus.logins }
        /// Recent queries' matches, the most recent first.
        var cache: [SearchMatches] = []
        /// The login records of one or two bytes: the exact login of a one- or two-character
        /// query is looked for among these, not among its matches (363,000 for `o` at a
        /// million logins, 1 ms).
        var shortLogins: [Int32] = []

        /// Counts the changes of ``corpus``: packed matches are kept only for the corpus they
        /// were packed from.
        private(set) var generation = 0

        /// Changes the arenas through `change`: the kept matches are let go first (they share
        /// the logins' ids, which a change would otherwise copy: 8 MB at a million), and the
        /// index is made anew after (``reindex()``).
        mutating func changeCorpus(_ change: (inout SearchCorpus) -> Void) {
            cache = []
            change(&corpus)
            reindex()
        }

        /// After the arenas changed (``changeCorpus(_:)``, which has let go of every query's
        /// matches): links each login to its note (both arenas are in id order) and lists the
        /// short logins.
        private mutating func reindex() {
            generation += 1
            corpus.link()
            shortLogins = logins.records(0..<logins.count, shorterThan: 3)
        }

        /// The matches of `query`: the cached ones (a backspace), or those of a cached
        /// query it narrows filtered further, or a scan; `nil` if cancelled, or if answering
        /// would take more than filtering `candidates` matches or narrowing packed ones
        /// (`nil`: any work).
        mutating func matches(_ query: SearchQuery, candidates limit: Int? = nil, isCancelled: () -> Bool) -> SearchMatches? {
            if let index = cache.firstIndex(where: { $0.query == query }) {
                let hit = cache.remove(at: index)
                cache.insert(hit, at: 0)
                return hit
            }
            if isCancelled() { return nil }
            // Filtering a candidate costs a search in a record or two, on one core, with a
            // cache miss or more (35 to 180 ns measured at a million logins). A scan for 3+
            // characters reads both arenas (about 10 ms at a million): cheaper past an eighth of
            // the logins. A scan for one or two characters anywhere passes over the masks or the
            // bytes for a pair on both cores (1 to 2 ms): cheaper past a 64th (`zq` after `z`:
            // 4.4 -> 2.0 ms). Under 4,096 candidates filtering is cheaper than a hand-over to
            // the scan's threads.
            // (Exclusions are filtered out of the scan's records: only the terms that match count.)
            // A base whose matches are packed is scanned in its packed copy instead, whatever its
            // size: contiguous bytes, no look-up in the arenas (`gard` after `gar` at a million:
            // 0.61 -> 0.47 ms).
            let matching = query.terms.filter { !$0.negated }
            let short = !matching.isEmpty && matching.allSatisfy { $0.kind == .contains && $0.text.count <= 2 }
            let most = max(logins.count / (short ? 64 : 8), SearchIndex.quickCandidates)
            // With a `limit` (on the event loop), only a base whose narrowing is bounded: at
            // most `limit` matches filtered, or packed ones, narrowed at their text's places (at
            // most 131,072) or by one scan, on one core, of a packed copy of at most
            // ``SearchIndex/quickPackedBytes``. A larger base that is packed is taken over a
            // smaller one that is not (`gard` among `ga`'s packed matches while `gar`'s are not yet).
            let bounded = { (kept: SearchMatches) in limit.map { kept.packed != nil || kept.count <= $0 } ?? true }
            let base = cache.filter { query.narrows($0.query) && ($0.count <= most || $0.packed != nil) && bounded($0) }.min { $0.count < $1.count }
            if limit != nil, base == nil { return nil }
            let records: [Int32]
            let exactPosition: Int?
            if let base, let packed = base.packed {
                // Positions in the packed matches: the exact login is looked for among them there.
                let positions: [Int32]
                if let placed = packed.narrowedByOccurrences(query) {
                    positions = placed
                } else {
                    if limit != nil, packed.scannedBytes > SearchIndex.quickPackedBytes { return nil }
                    guard let scanned = packed.evaluate(query, candidates: nil, onOneCore: limit != nil, isCancelled: isCancelled) else { return nil }
                    positions = scanned
                }
                records = positions.map { base.records[Int($0)] }
                exactPosition = query.exactLogin.flatMap { text in positions.firstIndex { packed.logins.equals(Int($0), text) } }
            } else {
                guard let found = corpus.evaluate(query, candidates: base?.records, isCancelled: isCancelled) else { return nil }
                records = found
                exactPosition = query.exactLogin.flatMap { position(ofLogin: $0, in: found) }
            }
            let found = SearchMatches(query: query, records: records, loginIDs: logins.ids, exactPosition: exactPosition)
            cache.insert(found, at: 0)
            // At most 8 queries, and (beyond the newest) no more matches than there are logins:
            // 4 bytes each, 4 MB at a million users.
            while cache.count > Self.cacheLimit || (cache.count > 1 && cache.reduce(0, { $0 + $1.count }) > max(logins.count, 1024)) {
                cache.removeLast()
            }
            return found
        }

        /// Keeps `packed` as the packed matches of `query`, if they are still kept and
        /// ``corpus`` is still the one they were packed from (`generation`); the others'
        /// packed matches are let go (one set at a time: at most ``SearchIndex/packedMatches``).
        /// Whether they were kept.
        @discardableResult
        mutating func keep(_ packed: SearchCorpus, for query: SearchQuery, generation: Int) -> Bool {
            guard generation == self.generation, let index = cache.firstIndex(where: { $0.query == query }) else { return false }
            for other in cache.indices { cache[other].packed = nil }
            cache[index].packed = packed
            return true
        }

        /// Where the login that is `text` stands among `records`, if it is one of them.
        private func position(ofLogin text: [UInt8], in records: [Int32]) -> Int? {
            let logins = corpus.logins  // once, not once a match
            guard text.count < 3 else { return records.firstIndex { logins.equals(Int($0), text) } }
            guard let exact = shortLogins.first(where: { logins.equals(Int($0), text) }) else { return nil }
            let low = partitionPoint(records.count) { records[$0] < exact }
            return low < records.count && records[low] == exact ? low : nil
        }
    }
}
