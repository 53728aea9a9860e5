extension SearchIndex {
    /// The index's data and the matches of recent queries, only ever used under its lock.
    struct State: Sendable {
        /// How many recent queries' matches are kept at most: a word typed and erased.
        static let cacheLimit = 8
        /// How many matches the kept queries hold together at most, the newest one's aside: as
        /// many as there are logins (4 bytes each), or this many in a small index.
        static let cacheMatchesAtLeast = 1_024
        /// A kept query's matches are filtered for a query narrowing it while they are at most
        /// this share of the logins (for one or two characters, whose scan is a pass over the
        /// masks or pairs, a 64th) or this few: a cache miss or more each, where a scan reads in order.
        static let filterShare = (long: 8, short: 64)
        static let filterAlways = 4_096

        var corpus = SearchCorpus()
        var logins: TextArena { corpus.logins }
        /// Recent queries' matches, the most recent first.
        var cache: [SearchMatches] = []
        /// The login records of one or two bytes: the exact login of a one- or two-character
        /// query is looked for among these, not among its many matches.
        var shortLogins: [Int32] = []
        /// The last `sort:` query's matches in their order, with the `among` they were read
        /// with: a window scrolled is not sorted again.
        var sorted: (text: String, among: [Int64]?, matches: SearchMatches)?

        /// Changes the arenas through `change`, then links them again and lists the short
        /// logins. The kept matches are let go first: they share the logins' ids, which a
        /// change would otherwise copy (8 MB at a million).
        mutating func changeCorpus(_ change: (inout SearchCorpus) -> Void) {
            cache = []
            sorted = nil
            change(&corpus)
            corpus.link()
            shortLogins = logins.records(0..<logins.count, shorterThan: 3)
        }

        /// The matches of `query`: the kept ones (a backspace), or those of a kept query it
        /// narrows filtered further (typing on), or a scan; `nil` if cancelled.
        mutating func matches(_ query: SearchQuery, isCancelled: () -> Bool) -> SearchMatches? {
            if let index = cache.firstIndex(where: { $0.query == query }) {
                let hit = cache.remove(at: index)
                cache.insert(hit, at: 0)
                return hit
            }
            if isCancelled() { return nil }
            let matching = query.terms.filter { !$0.negated }  // exclusions filter a scan's records
            let short = !matching.isEmpty && matching.allSatisfy { $0.kind == .contains && $0.text.count <= 2 }
            let most = max(logins.count / (short ? Self.filterShare.short : Self.filterShare.long), Self.filterAlways)
            let base = cache.filter { query.narrows($0.query) && $0.count <= most }.min { $0.count < $1.count }
            guard let records = corpus.evaluate(query, candidates: base?.records, isCancelled: isCancelled) else { return nil }
            let found = ordered(query, records)
            cache.insert(found, at: 0)
            while cache.count > Self.cacheLimit || (cache.count > 1 && cache.reduce(0, { $0 + $1.count }) > max(logins.count, Self.cacheMatchesAtLeast)) {
                cache.removeLast()
            }
            return found
        }

        /// The login records (ascending) that every one of `qualifiers` (the index's) holds for,
        /// `nil` for none: evaluated at each window, not kept (`type:user`: 857,000 at a million).
        /// `type:` beside others filters their records by the logins' masks, where its own
        /// list (857,000 records for `!type:org` at a million) cost 5 ms to build and intersect.
        func qualified(_ qualifiers: [SearchQuery.Qualifier]) -> [Int32]? {
            let isType = { (qualifier: SearchQuery.Qualifier) in if case .type = qualifier.test { true } else { false } }
            let others = qualifiers.filter { !isType($0) }
            let kept = (others.isEmpty ? qualifiers : others).map { corpus.profiles.records($0, logins: logins, noteLinks: corpus.noteLinks) ?? [] }
                .reduce(nil as [Int32]?) { SearchCorpus.intersection($0, $1) }
            guard !others.isEmpty, var records = kept else { return kept }
            for qualifier in qualifiers where isType(qualifier) {
                guard case .type(let type) = qualifier.test else { continue }
                let (flags, lacking) = ProfileColumns.typeTest(type, negated: qualifier.negated)
                records = logins.flags.records(records, anyOf: flags, lacking: lacking)
            }
            return records
        }

        /// The users of an `in:name` or `in:email` query, term by term (kept matches hold no
        /// profiles): each term's in the logins and notes it names, with those whose profile's
        /// name or email holds it, or all others for an exclusion; `nil` if cancelled.
        func named(_ query: SearchQuery, isCancelled: () -> Bool) -> SearchMatches? {
            var kept: [Int32]?
            for term in query.terms {
                var positive = term  // its part in the logins and notes
                (positive.negated, positive.fields) = (false, term.fields.subtracting([.name, .email]))
                let elsewhere = positive.fields.isEmpty ? [] : corpus.evaluate(SearchQuery(terms: [positive], qualifiers: [], fields: positive.fields), candidates: nil, isCancelled: isCancelled)
                guard let elsewhere else { return nil }
                let profiled = SearchQuery.Fields.profile.filter { term.kind == .contains && term.fields.contains($0.0) }
                let found = profiled.reduce(elsewhere) { found, field in
                    SearchCorpus.union(found, corpus.profiles.records(ProfileColumns.textField(field.1), containing: term.text, localPart: field.1 == .email))
                }
                let matching = term.negated ? SearchCorpus.complement(found, count: logins.count) : found
                kept = SearchCorpus.intersection(kept, matching)
            }
            return ordered(query, kept ?? [])
        }

        /// `records` as `query`'s matches in the order they are listed: its exact login first.
        func ordered(_ query: SearchQuery, _ records: [Int32]) -> SearchMatches {
            SearchMatches(query: query, records: records, loginIDs: logins.ids, exactPosition: query.exactLogin.flatMap { position(ofLogin: $0, in: records) })
        }

        /// Where the login that is `text` stands among `records`, if it is one of them.
        private func position(ofLogin text: [UInt8], in records: [Int32]) -> Int? {
            let logins = corpus.logins  // once, not once a match
            guard text.count < 3 else { return records.firstIndex { logins.equals(Int($0), text) } }
            return shortLogins.first { logins.equals(Int($0), text) }.flatMap { SearchMatches.position(of: $0, in: records) }
        }
    }
}
