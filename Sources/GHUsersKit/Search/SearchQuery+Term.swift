extension SearchQuery {
    /// One term of a query: `word` or `'word` (fzf's exact mark) anywhere in the login or the
    /// note, `^prefix` and `suffix$` of the login, `^login$` the whole login, `!term` excludes.
    public struct Term: Sendable, Hashable {
        /// Where the text must stand: anywhere in ``fields`` (`contains`), or at the start
        /// (`^`: `prefix`) or end (`$`: `suffix`) of the login, or the whole login (`equal`).
        public enum Kind: Sendable, Hashable { case contains, prefix, suffix, equal }

        /// Where the text must stand.
        public let kind: Kind
        /// `!`: the users this term matches are excluded.
        public internal(set) var negated: Bool
        /// The text, folded (lower case, UTF-8).
        public let text: [UInt8]
        /// Where it looks: the query's fields (`in:`) for ``Kind/contains``, else the login.
        public internal(set) var fields: Fields

        /// The bytes to find in the index's arenas: the text with the separator that stands
        /// around each record before it (`^`), after it (`$`) or both.
        let needle: [UInt8]

        /// Parses one space-free term looking in `fields` if unanchored; `nil` when nothing is
        /// left to look for.
        init?(_ raw: String, fields: Fields = [.login, .note]) {
            var body = Substring(raw)
            negated = body.hasPrefix("!")
            if negated { body = body.dropFirst() }
            if body.hasPrefix("'") { body = body.dropFirst() }
            let anchoredStart = body.hasPrefix("^")
            if anchoredStart { body = body.dropFirst() }
            let anchoredEnd = body.hasSuffix("$")
            if anchoredEnd { body = body.dropLast() }
            guard !body.isEmpty else { return nil }
            kind = anchoredStart ? (anchoredEnd ? .equal : .prefix) : (anchoredEnd ? .suffix : .contains)
            text = TextArena.fold(String(body))
            self.fields = kind == .contains ? fields : .login
            let separator = [TextArena.separator]
            needle = (anchoredStart ? separator : []) + text + (anchoredEnd ? separator : [])
        }

        /// Whether every user this term matches is matched by `wider` too.
        func implies(_ wider: Term) -> Bool {
            if negated || wider.negated { return self == wider }
            guard wider.fields.isSuperset(of: fields) else { return false }
            switch wider.kind {
            case .contains: return text.firstRange(of: wider.text) != nil
            case .prefix: return (kind == .prefix || kind == .equal) && text.starts(with: wider.text)
            case .suffix: return (kind == .suffix || kind == .equal) && text.reversed().starts(with: wider.text.reversed())
            case .equal: return self == wider
            }
        }
    }
}
