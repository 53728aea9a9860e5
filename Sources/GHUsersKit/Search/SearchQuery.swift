import Foundation

/// A search query, as `browse`'s `/` and `ghusers search` take it: space-separated words that
/// must all match a user, each a term in fzf's extended syntax (``Term``: `word`, `'word`,
/// `^prefix`, `suffix$`, `^login$`, `!term`) or a qualifier after GitHub's user search
/// (``Qualifier``). A word is a qualifier when ASCII letters alone stand before its colon
/// (after `!` or `-`) and no `//` after it; an unknown name is a ``Problem``, never text that
/// silently finds nothing (`'a:b` is the text; `12:30` and URLs are text as they stand).
/// `in:login,name,email,note` chooses where unanchored terms look (the login and the note by
/// default). Case is ignored (Unicode lower case); there is no fuzzy matching and no `|`.
public struct SearchQuery: Sendable, Hashable {
    /// Where unanchored terms look (`in:`).
    public struct Fields: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let login = Fields(rawValue: 1)
        public static let note = Fields(rawValue: 2)
        /// The profile's name (GitHub's `in:name`, also spelled `in:fullname`).
        public static let name = Fields(rawValue: 4)
        /// The profile's public email (GitHub's `in:email`).
        public static let email = Fields(rawValue: 8)
        /// The fields a cached profile holds, each with its ``Profile/Field``.
        static let profile: [(Fields, Profile.Field)] = [(.name, .name), (.email, .email)]
        /// Whether any of them is a profile's (``profile``).
        var readsProfiles: Bool { Self.profile.contains { contains($0.0) } }
    }

    /// The terms, in the order typed.
    public let terms: [Term]
    /// The qualifiers, in the order typed.
    public let qualifiers: [Qualifier]
    /// Where unanchored terms look: `in:`'s fields, the login and the note without it.
    public let fields: Fields
    /// What is wrong with the query (the first problem): an error, never an empty result.
    public let problem: Problem?
    /// `sort:`: the answer's order; `nil`, the exact login first, then by id.
    public let sort: Sort?

    /// Parses `text`, in Unicode's composed form (NFC), as notes are stored: "café" typed or
    /// pasted decomposed (macOS's NFD) finds the same notes as composed.
    public init(_ text: String) {
        var words: [String] = []
        var qualifiers: [Qualifier] = []
        var fields: Fields?
        var problem: Problem?
        var sort: Sort?
        for word in Self.words(text.unicodeScalars.allSatisfy(\.isASCII) ? text : text.precomposedStringWithCanonicalMapping) {
            guard let (name, value, negated) = Self.qualifier(word) else {
                words.append(word)
                continue
            }
            do throws(Problem) {
                switch SearchSyntax.entry(named: name)?.kind {
                case .fields:
                    guard !negated else { throw Problem("in: cannot be excluded; name the fields to look in, like in:login") }
                    fields = (fields ?? []).union(try Self.fields(value))
                case .sort:
                    guard !negated else { throw Problem("sort: cannot be excluded; for the other end, add -asc or -desc, like sort:followers-asc") }
                    guard sort == nil else { throw Problem("sort: is given twice; keep one, like sort:followers") }
                    sort = try Sort.parse(value)
                case .type, .account, .profile, .marks, nil:
                    qualifiers.append(Qualifier(test: try Qualifier.test(name, value), negated: negated))
                }
            } catch {
                problem = problem ?? error
            }
        }
        self.fields = fields ?? [.login, .note]
        terms = words.compactMap { Term($0, fields: fields ?? [.login, .note]) }
        self.qualifiers = Qualifier.grouped(qualifiers)
        self.problem = problem
        self.sort = sort
    }

    init(terms: [Term], qualifiers: [Qualifier], fields: Fields, sort: Sort? = nil) {
        (self.terms, self.qualifiers, self.fields, problem, self.sort) = (terms, qualifiers, fields, nil, sort)
    }

    /// Whether nothing is left to look for or order (an empty query, or only spaces and lone
    /// operators); `sort:followers` alone is every user, sorted.
    public var isEmpty: Bool { terms.isEmpty && qualifiers.isEmpty && sort == nil }

    /// The profile fields its qualifiers name (`location:`, `followers:`, …; each of a set of
    /// alternatives): what a kept query's changes say of the accounts in it.
    public var namedFields: Set<Profile.Field> {
        Set(qualifiers.flatMap { $0.test.alternatives.compactMap(\.field) })
    }

    /// Whether it reads cached profiles (a profile qualifier, or terms in `in:name` or `in:email`).
    public var readsProfiles: Bool {
        qualifiers.contains(where: \.readsProfile) || searchesProfiles
    }

    /// Whether its terms look in a profile's field (`in:name`, `in:email`): then `browse`
    /// answers them term by term, not from the matches it keeps.
    var searchesProfiles: Bool { fields.readsProfiles && !terms.isEmpty }

    /// The part that `browse`'s index answers and keeps for the next key: the terms, unless
    /// `in:` names a profile's field (then answered term by term).
    public var indexed: SearchQuery {
        SearchQuery(terms: fields.readsProfiles ? [] : terms, qualifiers: [], fields: fields)
    }

    /// The part that SQLite answers for `browse` as a set of user ids: the qualifiers the
    /// index does not hold (``Qualifier/isIndexed``); nil when none.
    public var unindexed: SearchQuery? {
        let qualifiers = qualifiers.filter { !$0.isIndexed }
        return qualifiers.isEmpty ? nil : SearchQuery(terms: [], qualifiers: qualifiers, fields: fields)
    }

    /// The login listed first when the terms are one that names a login (`word`, `'word`, `^word$`).
    public var exactLogin: [UInt8]? {
        guard terms.count == 1, let term = terms.first, !term.negated, term.fields.contains(.login), term.kind == .contains || term.kind == .equal else {
            return nil
        }
        return term.text
    }

    /// Whether `login` is the one listed first (``exactLogin``, case ignored).
    public func isExact(login: String) -> Bool {
        exactLogin.map { $0 == TextArena.fold(login) } ?? false
    }

    /// Whether every user this query matches is also matched by `wider`, judged term by term
    /// (`so` then `son`, an anchor or a term added), so that `wider`'s matches can be filtered
    /// instead of scanning again; never from an empty query.
    public func narrows(_ wider: SearchQuery) -> Bool {
        guard !wider.terms.isEmpty, terms.count >= wider.terms.count else { return false }
        return zip(terms, wider.terms).allSatisfy { $0.implies($1) }
    }

    /// The words of `text`: split on spaces, except inside a qualifier's value in double
    /// quotes (`location:"new york"`, GitHub's "Use quotation marks for queries with
    /// whitespace"); an unclosed quote runs to the end (a query being typed). GitHub's `NOT`
    /// before a word excludes it ("Understanding the search syntax": `hello NOT world`), as
    /// `!` does: `NOT world` is the word `!world`.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var negateNext = false
        for word in spaced(text) {
            if word == "NOT" {
                negateNext = true
                continue
            }
            words.append(negateNext && !word.hasPrefix("!") && !word.hasPrefix("-") ? "!" + word : word)
            negateNext = false
        }
        if negateNext { words.append("NOT") }
        return words
    }

    private static func spaced(_ text: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        for character in text {
            if character == "\"", quoted || (word.hasSuffix(":") && qualifier(word + "x") != nil) {
                quoted.toggle()
            } else if character == " " && !quoted {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty || quoted { words.append(word) }
        return words
    }

    /// `word`'s qualifier name (lower-cased), value and exclusion, if it is one.
    static func qualifier(_ word: String) -> (name: String, value: String, negated: Bool)? {
        var body = Substring(word)
        let negated = body.first == "!" || body.first == "-"
        if negated { body = body.dropFirst() }
        guard let colon = body.firstIndex(of: ":"), colon > body.startIndex, body[..<colon].allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return nil
        }
        let value = body[body.index(after: colon)...]
        guard !value.hasPrefix("//") else { return nil }
        return (body[..<colon].lowercased(), String(value), negated)
    }

    /// The fields of `in:`'s value: `login`, `name` (or `fullname`), `email`, `note`, comma-separated.
    private static func fields(_ value: String) throws(Problem) -> Fields {
        var fields: Fields = []
        for part in value.lowercased().split(separator: ",", omittingEmptySubsequences: false) {
            switch part {
            case "login": fields.insert(.login)
            case "name", "fullname": fields.insert(.name)
            case "email": fields.insert(.email)
            case "note": fields.insert(.note)
            default: throw Problem("in: takes login, name, email or note, or several (in:login,name), not “\(value)”")
            }
        }
        return fields
    }
}
