import Dispatch
import Synchronization

/// Logins and the notes on them, each packed in a ``LoginArena`` and linked to each other, with
/// what finds the records a query matches in them: a scan of both arenas on both cores, or a
/// filter of candidates. ``SearchIndex`` holds one of every cached user; a kept query's matches
/// may hold a small one of their own (``SearchMatches/packed``), which a query narrowing them
/// scans: a few hundred contiguous kilobytes instead of a look-up of each match in the large one.
struct SearchCorpus: Sendable {
    /// About how many bytes of an arena one thread of a scan takes at a time.
    var partBytes = 1 << 20
    var logins = LoginArena()
    var notes = LoginArena()
    /// For each login record, its note's record (-1: none), and for each note its login's.
    private(set) var noteOf: [Int32] = []
    private(set) var loginOf: [Int32] = []
    /// Where the text of the query whose matches these are starts, in a packed corpus
    /// (``findOccurrences(of:isCancelled:)``): `nil` in the index's own corpus.
    var occurrences: Occurrences?

    /// An empty corpus.
    init() {}

    /// The records `records` of `corpus` (ascending), packed anew: login record `i` here is
    /// `records[i]` there, with its note. `nil` once `isCancelled` says so (asked every 1,024
    /// records).
    init?(packing records: [Int32], of corpus: SearchCorpus, isCancelled: () -> Bool) {
        partBytes = corpus.partBytes
        for (position, record) in records.enumerated() {
            if position & 0x3FF == 0x3FF, isCancelled() { return nil }
            logins.append(record: Int(record), of: corpus.logins, id: Int64(position))
            let note = corpus.noteOf[Int(record)]
            if note >= 0 { notes.append(record: Int(note), of: corpus.notes, id: Int64(position)) }
        }
        link()
    }

    /// The bytes the arenas and links hold.
    var memory: Int { logins.memory + notes.memory + noteOf.capacity * 4 + loginOf.capacity * 4 + (occurrences?.memory ?? 0) }

    /// What a scan reads, as its parts are cut (``parts(of:bytes:most:)``): the logins' and the
    /// notes' memory.
    var scannedBytes: Int { logins.memory + notes.memory }

    /// Links each login to its note (both arenas are in id order), after either changed.
    mutating func link() {
        noteOf = [Int32](repeating: -1, count: logins.count)
        loginOf = [Int32](repeating: -1, count: notes.count)
        var login = 0
        for note in 0..<notes.count {
            let id = notes.ids[note]
            while login < logins.count, logins.ids[login] < id { login += 1 }
            if login < logins.count, logins.ids[login] == id {
                noteOf[login] = Int32(note)
                loginOf[note] = Int32(login)
            }
        }
    }

    /// The records matching every term: among `candidates`, or found by scanning for the
    /// longest term that is not an exclusion (or by excluding the first exclusion's); on both
    /// cores when large, or `onOneCore`, the calling thread's (the event loop's, which must
    /// not wait for the other).
    func evaluate(_ query: SearchQuery, candidates: [Int32]?, onOneCore: Bool = false, isCancelled: () -> Bool) -> [Int32]? {
        var remaining = query.terms
        var records: [Int32]
        if let candidates {
            records = candidates
        } else if let driver = remaining.indices.filter({ !remaining[$0].negated }).max(by: { remaining[$0].text.count < remaining[$1].text.count }) {
            guard let found = scan(remaining.remove(at: driver), onOneCore: onOneCore, isCancelled: isCancelled) else { return nil }
            records = found
        } else if !remaining.isEmpty {
            guard let excluded = scan(remaining.removeFirst(), onOneCore: onOneCore, isCancelled: isCancelled) else { return nil }
            records = Self.complement(excluded, count: logins.count)
        } else {
            records = []
        }
        guard !remaining.isEmpty else { return records }
        return filter(records, by: remaining, onOneCore: onOneCore, isCancelled: isCancelled)
    }

    /// The records among `records` that every term matches: its text in the login (or the
    /// note, for an unanchored term), or not, for an exclusion. One tight loop over raw
    /// buffers; from 8,192 records on, in four parts that both cores take in turn (each
    /// candidate costs a cache miss or more: 12,327 at a million took 2.2 ms on one core).
    private func filter(_ records: [Int32], by terms: [SearchQuery.Term], onOneCore: Bool, isCancelled: () -> Bool) -> [Int32]? {
        let flat = terms.flatMap(\.needle)
        let ends = terms.reduce(into: [0]) { $0.append($0.last! + $1.needle.count) }
        let inNotes = terms.map { $0.kind == .contains }
        let negated = terms.map(\.negated)
        let required = terms.map { $0.text.reduce(UInt64(0)) { $0 | LoginArena.characterBits[Int($1)] } }
        let parts = records.count >= 8192 && !onOneCore ? 4 : 1
        let size = (records.count + parts - 1) / parts
        return logins.withRecords { logins in
            notes.withRecords { notes in
                noteOf.withUnsafeBufferPointer { noteOf in
                    flat.withUnsafeBufferPointer { flat in
                        let needles = ContiguousArray((0..<terms.count).map { UnsafeBufferPointer(rebasing: flat[ends[$0]..<ends[$0 + 1]]) })
                        let views = UncheckedSendable(value: (logins, notes, noteOf, needles))
                        let kept = Self.inParts(parts, isCancelled: isCancelled) { part, isCancelled -> [Int32]? in
                            let (logins, notes, noteOf, needles) = views.value
                            var kept: [Int32] = []
                            for index in (part * size)..<min(records.count, (part + 1) * size) {
                                if index & 0x3FFF == 0x3FFF, isCancelled() { return nil }
                                let login = Int(records[index])
                                var keep = true
                                for term in 0..<needles.count {
                                    var found = logins.contains(login, needles[term], required: required[term])
                                    if !found, inNotes[term], login < noteOf.count, noteOf[login] >= 0 {
                                        found = notes.contains(Int(noteOf[login]), needles[term], required: required[term])
                                    }
                                    if found == negated[term] {
                                        keep = false
                                        break
                                    }
                                }
                                if keep { kept.append(records[index]) }
                            }
                            return kept
                        }
                        return kept.map(Self.joined)
                    }
                }
            }
        }
    }

    /// Every login record that the term's text matches (its `!` aside): the logins' hits
    /// merged with those of the notes, for an unanchored term. One character anywhere is a
    /// pass over the records' masks, which say it exactly; anything else a search of the
    /// bytes (its first two bytes as a pair, 32 positions at a time: ``LoginArena/find(_:in:from:to:)``).
    /// Two characters were a pass over the masks too, then a look inside the records holding
    /// both; but a note of a few words holds most pairs of letters, and the bytes' pass is
    /// as fast for logins (at a million, in ghusers-bench search: `ga` 4.0 -> 1.7 ms, `oc`
    /// 3.5 -> 1.2 ms, `zq` 1.1 ms either way).
    ///
    /// The work is split over both cores: the logins are cut into parts of about ``partBytes``
    /// (at most 8), each with the notes of its logins, which the cores take in turn
    /// (``ScanHelper``: a thread that is done with its part takes the next, so neither waits
    /// for the other's longer half). Each part merges its logins' hits with its notes', so the
    /// parts' lists only need to be put end to end (the merge on one thread after them took
    /// 2.2 ms of the 4.5 for `g` at a million).
    private func scan(_ term: SearchQuery.Term, onOneCore: Bool, isCancelled: () -> Bool) -> [Int32]? {
        guard logins.count > 0 else { return [] }  // a part starts at a login
        let withNotes = term.kind == .contains && notes.count > 0
        let bit = Self.scansMasks(term) ? LoginArena.characterBits[Int(term.text[0])] : nil
        // Sized by the notes too: packed matches are mostly notes (`ga`'s 23,991: 0.8 MB of
        // logins, 1.9 MB of notes).
        let parts = parts(of: logins, bytes: scannedBytes, most: onOneCore ? 1 : 8)
        let (logins, notes, loginOf) = (logins, notes, loginOf)
        let found = Self.inParts(parts.count, isCancelled: isCancelled) { index, isCancelled in
            let part = parts[index]
            func hits(_ arena: LoginArena, _ records: Range<Int>) -> [Int32]? {
                if let bit { return arena.records(records, having: bit, isCancelled: isCancelled) }
                return arena.scan(term.needle, records: records, isCancelled: isCancelled)
            }
            guard let inLogins = hits(logins, part) else { return nil }
            // The notes of this part's logins: those with ids from its first login's to the next part's.
            let first = notes.firstRecord(atLeast: logins.ids[part.lowerBound])
            let end = part.upperBound < logins.count ? notes.firstRecord(atLeast: logins.ids[part.upperBound]) : notes.count
            guard withNotes, first < end else { return inLogins }
            guard let inNotes = hits(notes, first..<end) else { return nil }
            return Self.union(inLogins, inNotes.compactMap { loginOf[Int($0)] >= 0 ? loginOf[Int($0)] : nil })
        }
        return found.map(Self.joined)
    }

    /// Whether `term` is one character anywhere with a bit in the records' masks: its scan
    /// is a pass over the masks, not a search of the bytes.
    static func scansMasks(_ term: SearchQuery.Term) -> Bool {
        term.kind == .contains && term.text.count == 1 && LoginArena.characterBits[Int(term.text[0])] != 0
    }

    /// `body` for each of `count` parts, on both cores (the calling thread and ``ScanHelper``'s:
    /// a thread done with its part takes the next), in part order; `nil` if one part was cancelled (`body`
    /// returned `nil`), which stops the others at their next question.
    private static func inParts(
        _ count: Int, isCancelled: () -> Bool, _ body: @Sendable (Int, _ isCancelled: () -> Bool) -> [Int32]?
    ) -> [[Int32]]? {
        // One part (a quick answer on the event loop, most packed matches): no hand-over.
        if count == 1 { return withoutActuallyEscaping(isCancelled) { body(0, $0) }.map { [$0] } }
        let results = Mutex([[Int32]?](repeating: nil, count: count))
        let cancelled = Atomic(false)
        let next = Atomic(0)
        withoutActuallyEscaping(isCancelled) { isCancelled in
            let asked = UncheckedSendable(value: isCancelled)
            ScanHelper.shared.both {
                while !cancelled.load(ordering: .relaxed) {
                    let part = next.add(1, ordering: .relaxed).oldValue
                    guard part < count else { return }
                    let found = body(part) { cancelled.load(ordering: .relaxed) || asked.value() }
                    if found == nil { cancelled.store(true, ordering: .relaxed) }
                    results.withLock { $0[part] = found }
                }
            }
        }
        let found = results.withLock { $0 }
        // Every part answered, or none counts: a missing part is never taken for no matches.
        guard !cancelled.load(ordering: .relaxed), found.allSatisfy({ $0 != nil }) else { return nil }
        return found.map { $0 ?? [] }
    }

    /// `arena`'s records cut into parts of about ``partBytes`` of `bytes` (the arena's own by
    /// default), at most `most`, at least one.
    func parts(of arena: LoginArena, bytes: Int? = nil, most: Int) -> [Range<Int>] {
        let count = max(1, min(most, (bytes ?? arena.memory) / partBytes))
        let size = (arena.count + count - 1) / count
        guard size > 0 else { return [0..<arena.count] }
        return stride(from: 0, to: arena.count, by: size).map { $0..<min($0 + size, arena.count) }
    }

    /// The union of two ascending lists, ascending, without duplicates: one pass over raw
    /// buffers, without a branch on which list is next.
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

    /// The lists put end to end, in one allocation.
    static func joined(_ lists: [[Int32]]) -> [Int32] {
        if lists.count == 1 { return lists[0] }
        var result: [Int32] = []
        result.reserveCapacity(lists.reduce(0) { $0 + $1.count })
        for list in lists { result += list }
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
