/// A search query in fzf's extended syntax, as `browse`'s `/` and `ghusers search` take it:
/// space-separated terms that must all match a user, each one of
///
/// - `word`: the login or the note contains `word` (exact, as `fzf -e` and fzf's `'word`);
/// - `'word`: the same (fzf's exact-match prefix, accepted so that fzf habits work);
/// - `^prefix`: the login starts with `prefix`;
/// - `suffix$`: the login ends with `suffix`;
/// - `^login$`: the login is `login`;
/// - `!term`: excludes the users that `term` (any of the forms above) matches.
///
/// Matching ignores case (Unicode lower case). A lone `!`, `^`, `$` or `'` is no term and is
/// ignored; so are extra spaces. There is no fuzzy matching and no `|` (OR).
public struct SearchQuery: Sendable, Hashable {
    /// The terms, in the order typed.
    public let terms: [Term]

    /// Parses `text`.
    public init(_ text: String) {
        terms = text.split(separator: " ").compactMap { Term(String($0)) }
    }

    /// Whether no term is left (an empty query, or only spaces and lone operators).
    public var isEmpty: Bool { terms.isEmpty }

    /// The text of the login that is listed first, when the query is one term that names a
    /// login: `word`, `'word` or `^word$`; `nil` otherwise.
    public var exactLogin: [UInt8]? {
        guard terms.count == 1, let term = terms.first, !term.negated, term.kind == .contains || term.kind == .equal else {
            return nil
        }
        return term.text
    }

    /// Whether `login` is the one listed first (``exactLogin``, case ignored).
    public func isExact(login: String) -> Bool {
        exactLogin.map { $0 == TextArena.fold(login) } ?? false
    }

    /// Whether every user this query matches is also matched by `wider`, judged from the terms
    /// alone (each of `wider`'s terms is implied by the term at the same place here), so that
    /// `wider`'s matches can be narrowed instead of scanning everything again: true when a
    /// term grows (`so` then `son`), gains an anchor, or terms are added; never from an empty
    /// query (which matches nothing).
    public func narrows(_ wider: SearchQuery) -> Bool {
        guard !wider.terms.isEmpty, terms.count >= wider.terms.count else { return false }
        return zip(terms, wider.terms).allSatisfy { $0.implies($1) }
    }
}
