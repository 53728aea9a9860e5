@testable import GHUsersKit

/// What a query matches, one user at a time: the tests' oracle for the index and SQLite.
extension SearchQuery {
    /// Whether a user with `login` and `note` matches: the rule itself, on strings, that the
    /// index (bytes) and `ghusers search` (SQL) are both held to.
    func matches(login: String, note: String?) -> Bool {
        let login = Self.record(login)
        let note = note.map(Self.record)
        return terms.allSatisfy { term in
            let inLogin = term.fields.contains(.login) && Self.contains(login, term.needle)
            let found = inLogin || (term.kind == .contains && term.fields.contains(.note) && note.map { Self.contains($0, term.needle) } == true)
            return found != term.negated
        }
    }

    /// `text` as the index stores it: folded, between two separators.
    static func record(_ text: String) -> [UInt8] {
        [TextArena.separator] + TextArena.fold(text) + [TextArena.separator]
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { TextArena.find($0, in: hay, from: 0, to: hay.count) != nil }
        }
    }
}
