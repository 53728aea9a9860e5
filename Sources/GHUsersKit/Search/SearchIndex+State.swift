extension SearchIndex {
    /// The index's data: the logins, the notes on cached users, and the matches of recent
    /// queries. Only ever used under ``SearchIndex``'s lock.
    struct State: Sendable {
        /// How many recent queries' matches are kept (each at most 12 bytes a match).
        static let cacheLimit = 8

        var logins = LoginArena()
        var notes = LoginArena()
        /// For each login record, its note's record (-1: none).
        var noteOf: [Int32] = []
        /// Recent queries' matches, the most recent first.
        var cache: [SearchMatches] = []

        /// Links each login to its note (both arenas are in id order) and forgets every
        /// query's matches.
        mutating func linkNotes() {
            noteOf = [Int32](repeating: -1, count: logins.count)
            var login = 0
            for note in 0..<notes.count {
                let id = notes.ids[note]
                while login < logins.count, logins.ids[login] < id { login += 1 }
                if login < logins.count, logins.ids[login] == id { noteOf[login] = Int32(note) }
            }
            cache = []
        }

        /// The matches of `query`: the cached ones (a backspace), or those of a cached
        /// query it narrows filtered further, or a scan; `nil` if cancelled.
        mutating func matches(_ query: SearchQuery, isCancelled: () -> Bool) -> SearchMatches? {
            if let index = cache.firstIndex(where: { $0.query == query }) {
                let hit = cache.remove(at: index)
                cache.insert(hit, at: 0)
                return hit
            }
            if isCancelled() { return nil }
            // Filtering a candidate costs a few `memmem` calls; past an eighth of the logins a
            // scan of the whole arena is cheaper.
            let base = cache.filter { query.narrows($0.query) && $0.count <= logins.count / 8 }.min { $0.count < $1.count }
            guard let records = evaluate(query, candidates: base?.records, isCancelled: isCancelled) else { return nil }
            var exactPosition: Int?
            if let text = query.exactLogin {
                let needle = [LoginArena.separator] + text + [LoginArena.separator]
                exactPosition = records.firstIndex { logins.length(Int($0)) == text.count && logins.contains(Int($0), needle) }
            }
            let found = SearchMatches(query: query, records: records, ids: records.map { logins.ids[Int($0)] }, exactPosition: exactPosition)
            cache.insert(found, at: 0)
            if cache.count > Self.cacheLimit { cache.removeLast() }
            return found
        }

        /// The records matching every term: among `candidates`, or found by scanning for the
        /// longest term that is not an exclusion (or by excluding the first exclusion's).
        private func evaluate(_ query: SearchQuery, candidates: [Int32]?, isCancelled: () -> Bool) -> [Int32]? {
            var remaining = query.terms
            var records: [Int32]
            if let candidates {
                records = candidates
            } else if let driver = remaining.indices.filter({ !remaining[$0].negated }).max(by: { remaining[$0].text.count < remaining[$1].text.count }) {
                guard let found = scan(remaining.remove(at: driver), isCancelled: isCancelled) else { return nil }
                records = found
            } else if !remaining.isEmpty {
                guard let excluded = scan(remaining.removeFirst(), isCancelled: isCancelled) else { return nil }
                records = Self.complement(excluded, count: logins.count)
            } else {
                records = []
            }
            guard !remaining.isEmpty else { return records }
            var kept: [Int32] = []
            for (index, record) in records.enumerated() {
                if index & 0x3FFF == 0x3FFF, isCancelled() { return nil }
                if remaining.allSatisfy({ matches($0, Int(record)) != $0.negated }) { kept.append(record) }
            }
            return kept
        }

        /// Whether record `record`'s login (or note, for an unanchored term) has the term's text,
        /// its `!` aside.
        private func matches(_ term: SearchQuery.Term, _ record: Int) -> Bool {
            if logins.contains(record, term.needle) { return true }
            guard term.kind == .contains, record < noteOf.count, noteOf[record] >= 0 else { return false }
            return notes.contains(Int(noteOf[record]), term.needle)
        }

        /// Every login record that the term's text matches (its `!` aside): the logins' hits
        /// merged with those of the notes, for an unanchored term.
        private func scan(_ term: SearchQuery.Term, isCancelled: () -> Bool) -> [Int32]? {
            guard let inLogins = logins.scan(term.needle, isCancelled: isCancelled) else { return nil }
            guard term.kind == .contains else { return inLogins }
            guard let inNotes = notes.scan(term.needle, isCancelled: isCancelled) else { return nil }
            let noted = inNotes.compactMap { logins.record(forID: notes.ids[Int($0)]).map(Int32.init) }
            return Self.union(inLogins, noted)
        }

        /// The union of two ascending lists, ascending, without duplicates.
        static func union(_ a: [Int32], _ b: [Int32]) -> [Int32] {
            guard !b.isEmpty else { return a }
            var result: [Int32] = []
            result.reserveCapacity(a.count + b.count)
            var i = 0
            var j = 0
            while i < a.count || j < b.count {
                if j == b.count || (i < a.count && a[i] < b[j]) {
                    result.append(a[i])
                    i += 1
                } else {
                    if i < a.count, a[i] == b[j] { i += 1 }
                    result.append(b[j])
                    j += 1
                }
            }
            return result
        }

        /// The records below `count` not in `excluded` (ascending).
        static func complement(_ excluded: [Int32], count: Int) -> [Int32] {
            var result: [Int32] = []
            result.reserveCapacity(count - excluded.count)
            var next = 0
            for record in 0..<Int32(count) {
                if next < excluded.count, excluded[next] == record {
                    next += 1
                } else {
                    result.append(record)
                }
            }
            return result
        }
    }
}
