import Dispatch
import Synchronization

/// The cached users' logins and the notes on them, each packed in a ``TextArena`` and linked
/// to each other, and the profiles' fields: what finds the records a query matches, by a scan
/// of both arenas or a filter of candidates, in parts that both cores take in turn.
struct SearchCorpus: Sendable {
    /// About how many bytes of the arenas a part of a scan reads, in at most ``mostParts`` (a
    /// newer query stops a search within a part, a millisecond at most; the threads end within
    /// one): at 1M users, parts' hits of 500 KB are mapped and given back when freed.
    var partBytes = 1 << 20
    static let mostParts = 8
    /// How many candidates a part of a filter takes (a cache miss or more each).
    static let filterPart = 4_096

    var logins = TextArena()
    var notes = TextArena()
    var profiles = ProfileColumns()
    /// Each login's note, and for each note its login's record (-1: none).
    private(set) var noteLinks = NoteLinks()
    private(set) var loginOf: [Int32] = []

    /// The bytes the arenas and links hold.
    var memory: Int { logins.memory + notes.memory + profiles.memory + noteLinks.memory + loginOf.capacity * 4 }

    /// ``memory`` by part.
    var memoryByPart: [(part: String, bytes: Int)] {
        [("logins", logins.memory), ("notes", notes.memory), ("links", noteLinks.memory + loginOf.capacity * 4)] + profiles.memoryByPart
    }

    /// Links each login to its note and each profile to its login, after any changed: the
    /// profiles' ids are read once, after they are loaded, then let go (their login records
    /// stay true while logins are only appended; a load of the logins loads the profiles too).
    mutating func link() {
        if !profiles.ids.isEmpty || profiles.count == 0 {
            profiles.loginOf = profiles.ids == logins.ids ? nil : logins.records(ofIDs: profiles.ids)
            profiles.ids = UserIDs()
        }
        loginOf = logins.records(ofIDs: notes.ids)
        noteLinks = NoteLinks(loginOf: loginOf, count: logins.count)
    }

    /// The records matching every term: among `candidates`, or found by scanning for the
    /// longest term that is not an exclusion (or by excluding the first exclusion's).
    func evaluate(_ query: SearchQuery, candidates: [Int32]?, isCancelled: () -> Bool) -> [Int32]? {
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
        return filter(records, by: remaining, isCancelled: isCancelled)
    }

    /// The records among `records` that every term matches: its text in the login (or the
    /// note, for an unanchored term), or not, for an exclusion. One tight loop over raw buffers.
    private func filter(_ records: [Int32], by terms: [SearchQuery.Term], isCancelled: () -> Bool) -> [Int32]? {
        let flat = terms.flatMap(\.needle)
        let ends = terms.reduce(into: [0]) { $0.append($0.last! + $1.needle.count) }
        let inNotes = terms.map { $0.kind == .contains && $0.fields.contains(.note) }
        let inLogins = terms.map { $0.fields.contains(.login) }
        let negated = terms.map(\.negated)
        let required = terms.map { $0.text.reduce(UInt32(0)) { $0 | TextArena.characterBits[Int($1)] } }
        let parts = max(1, (records.count + Self.filterPart - 1) / Self.filterPart)
        return logins.withRecords { logins in
            notes.withRecords { notes in
                let noteLinks = noteLinks
                return flat.withUnsafeBufferPointer { flat in
                    let needles = ContiguousArray((0..<terms.count).map { UnsafeBufferPointer(rebasing: flat[ends[$0]..<ends[$0 + 1]]) })
                    let views = UncheckedSendable(value: (logins, notes, needles))
                    return Self.inParts(parts, isCancelled: isCancelled) { part in
                        let (logins, notes, needles) = views.value
                        return records[min(records.count, part * Self.filterPart)..<min(records.count, (part + 1) * Self.filterPart)].filter { record in
                            let login = Int(record)
                            return (0..<needles.count).allSatisfy { term in
                                var found = inLogins[term] && logins.contains(login, needles[term], required: required[term])
                                if !found, inNotes[term], let note = noteLinks.note(of: login) {
                                    found = notes.contains(note, needles[term], required: required[term])
                                }
                                return found != negated[term]
                            }
                        }
                    }.map(Self.joined)
                }
            }
        }
    }

    /// Every login record that the term's text matches (its `!` aside), in the logins and the
    /// notes as its fields say: one character anywhere by the masks, anything else by a search
    /// of the bytes. Each part of about ``partBytes`` of logins takes their notes too and merges
    /// both, so the parts' lists are only put end to end.
    private func scan(_ term: SearchQuery.Term, isCancelled: () -> Bool) -> [Int32]? {
        guard logins.count > 0 else { return [] }  // a part starts at a login
        let withNotes = term.kind == .contains && term.fields.contains(.note) && notes.count > 0
        let byte = term.kind == .contains && term.text.count == 1 && TextArena.characterBits[Int(term.text[0])] != 0 ? term.text.first : nil
        let parts = parts(of: logins, bytes: logins.memory + notes.memory)
        let (logins, notes, loginOf) = (logins, notes, loginOf)
        let found = Self.inParts(parts.count, isCancelled: isCancelled) { index in
            let part = parts[index]
            func hits(_ arena: TextArena, _ records: Range<Int>) -> [Int32] {
                byte.map { arena.records(records, holding: $0) } ?? arena.scan(term.needle, records: records)
            }
            let inLogins = term.fields.contains(.login) ? hits(logins, part) : []
            // The notes of this part's logins: those with ids from its first login's to the next part's.
            let first = notes.firstRecord(atLeast: logins.ids[part.lowerBound])
            let end = part.upperBound < logins.count ? notes.firstRecord(atLeast: logins.ids[part.upperBound]) : notes.count
            guard withNotes, first < end else { return inLogins }
            return Self.union(inLogins, hits(notes, first..<end).compactMap { loginOf[Int($0)] >= 0 ? loginOf[Int($0)] : nil })
        }
        return found.map(Self.joined)
    }

    /// `body` for each of `count` parts, on both cores (the calling thread and
    /// ``ScanHelper``'s, each taking the next part when done with one), in part order; `nil`
    /// once `isCancelled`, asked before each part, says so.
    private static func inParts(_ count: Int, isCancelled: () -> Bool, _ body: @Sendable (Int) -> [Int32]) -> [[Int32]]? {
        if count == 1 { return isCancelled() ? nil : [body(0)] }  // no hand-over
        let results = Mutex([[Int32]](repeating: [], count: count))
        let next = Atomic(0)
        let cancelled = Atomic(false)
        withoutActuallyEscaping(isCancelled) { isCancelled in
            let asked = UncheckedSendable(value: isCancelled)
            ScanHelper.shared.both {
                while true {
                    let part = next.add(1, ordering: .relaxed).oldValue
                    guard part < count, !cancelled.load(ordering: .relaxed) else { return }
                    if asked.value() { return cancelled.store(true, ordering: .relaxed) }
                    let found = body(part)
                    results.withLock { $0[part] = found }
                }
            }
        }
        return cancelled.load(ordering: .relaxed) ? nil : results.withLock { $0 }
    }

    /// `arena`'s records cut into parts of about ``partBytes`` of `bytes` (the arena's own by default).
    func parts(of arena: TextArena, bytes: Int? = nil) -> [Range<Int>] {
        let count = max(1, min(Self.mostParts, (bytes ?? arena.memory) / partBytes))
        let size = (arena.count + count - 1) / count
        guard size > 0 else { return [0..<arena.count] }
        return stride(from: 0, to: arena.count, by: size).map { $0..<min($0 + size, arena.count) }
    }

    /// The union of two ascending lists, ascending: one pass without a branch on which is next.
    static func union(_ a: [Int32], _ b: [Int32]) -> [Int32] {
        guard !b.isEmpty else { return a }
        guard !a.isEmpty else { return b }
        return [Int32](unsafeUninitializedCapacity: a.count + b.count) { result, count in
            a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    var (i, j, k) = (0, 0, 0)
                    while i < a.count, j < b.count {
                        let (x, y) = (a[i], b[j])
                        result[k] = min(x, y)
                        i &+= x <= y ? 1 : 0
                        j &+= y <= x ? 1 : 0
                        k &+= 1
                    }
                    for x in a[i...] {
                        result[k] = x
                        k &+= 1
                    }
                    for y in b[j...] {
                        result[k] = y
                        k &+= 1
                    }
                    count = k
                }
            }
        }
    }

    /// The records in both ascending lists; `b` alone when `a` is `nil` (nothing narrowed yet):
    /// one pass without a branch on which is next, as ``union(_:_:)``.
    static func intersection(_ a: [Int32]?, _ b: [Int32]) -> [Int32] {
        guard let a else { return b }
        guard !a.isEmpty, !b.isEmpty else { return [] }
        return [Int32](unsafeUninitializedCapacity: min(a.count, b.count)) { result, count in
            a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    var (i, j, k) = (0, 0, 0)
                    while i < a.count, j < b.count {
                        let (x, y) = (a[i], b[j])
                        result[k] = x
                        k &+= x == y ? 1 : 0
                        i &+= x <= y ? 1 : 0
                        j &+= y <= x ? 1 : 0
                    }
                    count = k
                }
            }
        }
    }

    /// The lists put end to end, in one allocation.
    static func joined(_ lists: [[Int32]]) -> [Int32] {
        guard lists.count > 1 else { return lists.first ?? [] }
        var result: [Int32] = []
        result.reserveCapacity(lists.reduce(0) { $0 + $1.count })
        for list in lists { result += list }
        return result
    }

    /// The records below `count` not in `excluded` (ascending).
    static func complement(_ excluded: [Int32], count: Int) -> [Int32] {
        var (result, next) = ([Int32](), 0)
        result.reserveCapacity(count - excluded.count)
        for record in 0..<Int32(count) {
            if next < excluded.count, excluded[next] == record { next += 1 } else { result.append(record) }
        }
        return result
    }

    /// `matches` in `sort`'s order (``SearchQuery/Sort``): the profiles' values highest first
    /// (lowest, ascending), users without one after, ties by id (records are in id order); the
    /// exact login takes its place among the others, as in `ghusers search`. A stable radix sort
    /// of 32-bit keys (three passes of 11 bits) over records already in id order: 1,000,000 matches
    /// in about 10 ms where a comparison sort took 39 (`ghusers-bench search`, `sort:joined-asc`).
    ///
    /// `first`: only the matches in the first `first` places or more are needed (a window from
    /// the top): those whose key's top 11 bits are among the first digits that hold so many are
    /// sorted, and listed as the first places (``SearchMatches/needsMorePlaces(position:count:)``
    /// says when the rest are wanted): `sort:joined-asc` at 1,000,000 took 17 to 35 ms sorted whole.
    func sorted(_ matches: SearchMatches, by sort: SearchQuery.Sort, first: Int? = nil) -> SearchMatches {
        let keysOf = profiles.sortKeys(of: sort.key.field, descending: !sort.ascending, logins: logins.count)
        var records = matches.records
        var keys: [UInt32]?
        var complete = true
        // A run of matches at a time: a million matches' keys at once were 4 MB more. A run's
        // keys (64 KB) stay under glibc's mmap threshold: the heap reuses them, where a mapping
        // each run was 64 page faults.
        let runs = stride(from: 0, to: records.count, by: 1 << 14).map { $0..<min($0 + 1 << 14, records.count) }
        if let first, first > 0, matches.count > 4 * first {
            // How many matches each top digit holds; the first digits that hold `first`.
            var counts = [Int](repeating: 0, count: 1 << 11)
            for run in runs {
                for key in keysOf(records[run]) { counts[Int(key >> 21)] &+= 1 }
            }
            var (last, total) = (0, counts[0])
            while total < first, last + 1 < counts.count {
                last += 1
                total += counts[last]
            }
            if total < matches.count {
                let bound = UInt32(last + 1) << 21 &- 1  // the highest key of digit `last`
                var (kept, keptKeys) = ([Int32](), [UInt32]())
                for run in runs {
                    for (record, key) in zip(records[run], keysOf(records[run])) where key <= bound {
                        kept.append(record)
                        keptKeys.append(key)
                    }
                }
                (records, keys) = (kept, keptKeys)
                complete = false
            }
        }
        // Each match as its key above its record, so that every pass reads and writes in
        // order (a pass that looked each record's key up jumped about 4 MB of keys: 17 ms for
        // a million); three passes of 11 bits of the key, whose counts stay in the first-level cache.
        var pairs = zip(keys ?? keysOf(records[...]), records).map { UInt64($0) << 32 | UInt64(UInt32(bitPattern: $1)) }
        keys = nil
        var spare = [UInt64](repeating: 0, count: pairs.count)
        var counts = [Int](repeating: 0, count: 1 << 11)
        counts.withUnsafeMutableBufferPointer { counts in
            for shift in [32, 43, 54] as [UInt64] {
                pairs.withUnsafeMutableBufferPointer { pairs in
                    spare.withUnsafeMutableBufferPointer { spare in
                        counts.update(repeating: 0)
                        for pair in pairs { counts[Int(truncatingIfNeeded: pair &>> shift & 0x7FF)] &+= 1 }
                        var total = 0
                        for index in counts.indices { (counts[index], total) = (total, total &+ counts[index]) }
                        for pair in pairs {
                            let digit = Int(truncatingIfNeeded: pair &>> shift & 0x7FF)
                            spare[counts[digit]] = pair
                            counts[digit] &+= 1
                        }
                    }
                }
                swap(&pairs, &spare)
            }
        }
        return matches.ordered(pairs.map { Int32(bitPattern: UInt32(truncatingIfNeeded: $0)) }, complete: complete)
    }
}
