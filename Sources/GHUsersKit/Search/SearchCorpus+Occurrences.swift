extension SearchCorpus {
    /// Every place where one term's text starts in a packed corpus's records, the logins' and
    /// the notes' apart (overlapping ones included). Found when the matches of a query of
    /// that one term are packed (``SearchIndex/pack(_:isCancelled:)``): a query that adds
    /// characters around the text, as typing does, then checks each place instead of searching
    /// every record again. Among `ga`'s 23,991 packed matches at a million, every record holds
    /// `ga`, so a search for `gar` stopped at each of them: 0.58 ms in ghusers-bench search; a
    /// check of the bytes at each of the 27,149 places, 0.40 ms (a cache miss each); with the
    /// four bytes after each place kept beside it, `gar`'s whole index share is 0.25 ms.
    struct Occurrences: Sendable {
        /// The term's text (lower-cased), found at every place below.
        let text: [UInt8]
        let inLogins: LoginArena.Places
        let inNotes: LoginArena.Places

        /// The bytes the places take.
        var memory: Int { inLogins.memory + inNotes.memory }
    }

    /// Finds the ``Occurrences`` of `query`'s text, if it is one term that a narrowing can use
    /// (anywhere in the login or note, not an exclusion); stops when `isCancelled` says so.
    mutating func findOccurrences(of query: SearchQuery, isCancelled: () -> Bool) {
        // 12 bytes a place: at most four places a record and 1.5 MB, else none are kept (a
        // common letter in long notes would cost more than the packed copy itself).
        let most = min(4 * logins.count, Self.mostPlaces)
        guard let text = Self.narrowable(query),
            let inLogins = logins.places(of: text, most: most, isCancelled: isCancelled),
            let inNotes = notes.places(of: text, most: most - inLogins.offsets.count, isCancelled: isCancelled)
        else { return }
        occurrences = Occurrences(text: text, inLogins: inLogins, inNotes: inNotes)
    }

    /// The records that `query` matches, found from the ``occurrences``: `nil` unless it is one
    /// term, anywhere, whose text holds theirs (`gar`, `ogar`, `gardening` after `ga`).
    func narrowedByOccurrences(_ query: SearchQuery) -> [Int32]? {
        guard let occurrences, let text = Self.narrowable(query),
            let at = text.firstRange(of: occurrences.text)?.lowerBound
        else { return nil }
        let placed = occurrences.text.count
        let inLogins = logins.records(holding: text, at: at, among: occurrences.inLogins, placed: placed)
        guard notes.count > 0 else { return inLogins }
        let inNotes = notes.records(holding: text, at: at, among: occurrences.inNotes, placed: placed)
        return Self.union(inLogins, inNotes.compactMap { loginOf[Int($0)] >= 0 ? loginOf[Int($0)] : nil })
    }

    /// How many places are kept at most, 12 bytes each.
    static let mostPlaces = 131_072

    /// The text of `query` if it is one term anywhere in the login or note, not an exclusion.
    private static func narrowable(_ query: SearchQuery) -> [UInt8]? {
        guard query.terms.count == 1, let term = query.terms.first, !term.negated, term.kind == .contains else { return nil }
        return term.text
    }
}

extension LoginArena {
    /// The places of a text in an arena, ascending: where it starts in the bytes, its record,
    /// and the four bytes after it (the first in the lowest byte; a separator or the next
    /// record's bytes past the record's end, zeros past the arena's).
    struct Places: Sendable {
        var offsets: [Int32] = []
        var records: [Int32] = []
        var following: [UInt32] = []

        var memory: Int { offsets.capacity * 4 + records.capacity * 4 + following.capacity * 4 }
    }

    /// Every place of `text` in the bytes, overlapping ones included; `nil` if there are more
    /// than `most`, or once `isCancelled` says so (asked every 65,536 places).
    func places(of text: [UInt8], most: Int, isCancelled: () -> Bool) -> Places? {
        var places = Places()
        var cancelled = false
        bytes.withUnsafeBufferPointer { bytes in
            starts.withUnsafeBufferPointer { starts in
                text.withUnsafeBufferPointer { needle in
                    var position = 0
                    var record = 0
                    while let hit = Self.find(needle, in: bytes, from: position, to: bytes.count) {
                        if places.offsets.count >= most {
                            cancelled = true
                            return
                        }
                        record = Self.advance(record, to: Int32(hit), starts)
                        var following: UInt32 = 0
                        for index in 0..<4 where hit + needle.count + index < bytes.count {
                            following |= UInt32(bytes[hit + needle.count + index]) << (8 * index)
                        }
                        places.offsets.append(Int32(hit))
                        places.records.append(Int32(record))
                        places.following.append(following)
                        if places.offsets.count & 0xFFFF == 0, isCancelled() {
                            cancelled = true
                            return
                        }
                        position = hit + 1
                    }
                }
            }
        }
        return cancelled ? nil : places
    }

    /// The records holding `text` where its `placed` bytes from `at` on are at one of `places`
    /// (of ``places(of:isCancelled:)``), each once, ascending. Text that adds at most four bytes
    /// after the places' is checked against the bytes kept beside them; anything else against
    /// the arena's. A match cannot run across records: `text` holds no separator.
    func records(holding text: [UInt8], at: Int, among places: Places, placed: Int) -> [Int32] {
        var found: [Int32] = []
        let added = text.count - at - placed
        if at == 0, added <= 4 {
            var want: UInt32 = 0
            for index in 0..<added { want |= UInt32(text[placed + index]) << (8 * index) }
            let mask: UInt32 = added == 4 ? .max : (1 << (8 * UInt32(added))) - 1
            places.following.withUnsafeBufferPointer { following in
                places.records.withUnsafeBufferPointer { records in
                    for index in 0..<following.count where following[index] & mask == want && found.last != records[index] {
                        found.append(records[index])
                    }
                }
            }
            return found
        }
        bytes.withUnsafeBufferPointer { bytes in
            for (index, offset) in places.offsets.enumerated() {
                let start = Int(offset) - at
                guard start > 0, start + text.count <= bytes.count else { continue }
                var same = 0
                while same < text.count, bytes[start + same] == text[same] { same += 1 }
                if same == text.count, found.last != places.records[index] { found.append(places.records[index]) }
            }
        }
        return found
    }
}
