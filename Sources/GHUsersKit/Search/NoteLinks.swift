/// Which login records of ``SearchCorpus`` have a note, and the note's record: a bit a login
/// and the pairs sorted by login, where an array of a note record a login took 4 MB at a
/// million users with a tenth of them noted (issue 57).
struct NoteLinks: Sendable {
    /// A bit a login record: whether it has a note.
    private var bits: [UInt64] = []
    /// The login records with a note, ascending, and beside each its note's record.
    private(set) var logins: [Int32] = []
    private var notes: [Int32] = []

    init() {}

    /// The links of `loginOf` (each note's login record, -1 for none), over `count` logins;
    /// of two notes on one login, the later one's.
    init(loginOf: [Int32], count: Int) {
        bits = [UInt64](repeating: 0, count: (count + 63) / 64)
        var pairs = loginOf.enumerated().compactMap { note, login in login >= 0 ? (login, Int32(note)) : nil }
        pairs.sort { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
        for (login, note) in pairs {
            if logins.last == login {
                notes[notes.count - 1] = note
                continue
            }
            logins.append(login)
            notes.append(note)
            bits[Int(login) >> 6] |= 1 << UInt64(Int(login) & 63)
        }
    }

    var memory: Int { bits.capacity * 8 + logins.capacity * 4 + notes.capacity * 4 }

    /// The note record of login record `login`, if it has one: its bit, then a binary search.
    @inline(__always) func note(of login: Int) -> Int? {
        guard bits[login >> 6] & (1 << UInt64(login & 63)) != 0 else { return nil }
        let position = partitionPoint(logins.count) { logins[$0] < Int32(login) }
        return Int(notes[position])
    }
}
