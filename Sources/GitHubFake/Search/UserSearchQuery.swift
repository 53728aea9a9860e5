import Foundation

/// A query of GitHub's user search, as the fake reads and matches it (REST `GET /search/users`,
/// GraphQL `search(type: USER)`). What it follows, from GitHub Docs:
/// - "Searching users" (docs.github.com/en/search-github/searching-on-github/searching-users):
///   `type:user|org`; `in:login|name|email` ("When you omit this qualifier, only the username
///   and email address are searched"); `user:NAME`, `org:NAME`; `fullname:`; `location:`;
///   `repos:`, `followers:` and `created:` with `>`, `>=`, `<`, `<=`, `n..n`, `n..*`, `*..n`.
/// - "Understanding the search syntax": `NOT` before a word and `-` before a qualifier
///   exclude; quoted words are one phrase ("Use quotation marks around multi-word search
///   terms"); a date is `YYYY-MM-DD`, or with a time and `Z` or an offset.
///
/// Words match whole words, case-insensitively, as GitHub's index splits text: `location:us`
/// finds "Austin, US", not "Russia" or "Columbus". What GitHub does not document (how it
/// splits words) is read as Unicode does: a word is a run of letters, decimal digits and
/// marks, anything else splits, and each ideograph (Han and the like) is a word alone.
///
/// A qualifier repeated (`location:lagos location:tokyo`, `user:a user:b`, `user:a org:b`) is
/// a set of alternatives: commits.top asks `location:finland location:suomi …` for one
/// country (lauripiispanen/most-active-github-users-counter, `top/top.go`), which only works
/// as an OR. Excluded ones (`-location:a -location:b`) each exclude. `in:email` matches the
/// words of the address before `@` only: "For privacy reasons, you cannot search by email
/// domain name" ("Searching users").
struct UserSearchQuery: Sendable {
    /// What one part of the query tests.
    enum Test: Sendable {
        /// The words, in order, in one of `fields` (`login`, `name`, `email`).
        case words([String], fields: Set<String>)
        case type(String)
        case account(String, organization: Bool)
        case location([String]), fullname([String])
        case count(String, ClosedRange<Int>)
        case created(ClosedRange<Int>)
    }

    struct Part: Sendable {
        var test: Test
        var negated: Bool
    }

    /// A query GitHub refuses (422 over REST, an error over GraphQL).
    struct Invalid: Error {
        var message: String
    }

    var parts: [Part] = []
    /// `sort:followers`, `sort:repositories` or `sort:joined`, each `-asc` or `-desc` (the
    /// default) (GitHub Docs, "Sorting search results"): the key and whether lowest first;
    /// `nil`: GitHub's best match, which the fake gives in id order. Ties in id order.
    var sort: (key: String, ascending: Bool)?

    /// Reads `text`; throws for a qualifier value it cannot read.
    init(_ text: String) throws(Invalid) {
        var fields: Set<String> = []
        var pending: [(words: [String], negated: Bool)] = []
        var negateNext = false
        for token in Self.tokens(text) {
            if token.text == "NOT", !token.quoted {
                negateNext = true
                continue
            }
            let negated = negateNext || (!token.quoted && token.text.hasPrefix("-") && token.text.contains(":"))
            negateNext = false
            let body = !token.quoted && token.text.hasPrefix("-") && token.text.contains(":") ? String(token.text.dropFirst()) : token.text
            if !token.quoted, let colon = body.firstIndex(of: ":") {
                let name = body[..<colon].lowercased()
                let value = Self.unquoted(String(body[body.index(after: colon)...]))
                switch name {
                case "in":
                    fields.formUnion(value.lowercased().split(separator: ",").map(String.init))
                    continue
                case "type":
                    parts.append(Part(test: .type(value.lowercased() == "org" ? "Organization" : "User"), negated: negated))
                    continue
                case "user", "org":
                    parts.append(Part(test: .account(value.lowercased(), organization: name == "org"), negated: negated))
                    continue
                case "location":
                    parts.append(Part(test: .location(Self.words(value)), negated: negated))
                    continue
                case "fullname":
                    parts.append(Part(test: .fullname(Self.words(value)), negated: negated))
                    continue
                case "repos", "followers":
                    parts.append(Part(test: .count(name, try Self.range(value, read: { Int($0) }, unit: 1)), negated: negated))
                    continue
                case "created":
                    parts.append(Part(test: .created(try Self.range(value, read: Self.seconds, unit: 86_400)), negated: negated))
                    continue
                case "sort":
                    let parts = value.lowercased().split(separator: "-", maxSplits: 1).map(String.init)
                    guard ["followers", "repositories", "joined"].contains(parts[0]), parts.count == 1 || ["asc", "desc"].contains(parts[1]) else {
                        throw Invalid(message: "“\(value)” is not a valid sort")
                    }
                    sort = (parts[0], parts.count > 1 && parts[1] == "asc")
                    continue
                default:
                    break  // not a qualifier: a word
                }
            }
            let words = Self.words(token.text)
            if !words.isEmpty { pending.append((words, negated)) }
        }
        let searched = fields.isEmpty ? ["login", "email"] : fields
        parts += pending.map { Part(test: .words($0.words, fields: searched), negated: $0.negated) }
    }

    /// Which alternatives a part is one of, when it is one: the positive `location:`s, the
    /// positive `fullname:`s, the positive `user:`s and `org:`s.
    private static func alternatives(_ part: Part) -> String? {
        guard !part.negated else { return nil }
        switch part.test {
        case .location: return "location"
        case .fullname: return "fullname"
        case .account: return "account"
        case .words, .type, .count, .created: return nil
        }
    }

    /// Whether the account matches every part, and one of each set of alternatives.
    func matches(_ user: SimpleUser, _ profile: UserProfile) -> Bool {
        var sets: [String: Bool] = [:]
        for part in parts {
            if let set = Self.alternatives(part) {
                sets[set] = sets[set] == true || holds(part, user, profile)
            } else if !holds(part, user, profile) {
                return false
            }
        }
        return sets.values.allSatisfy { $0 }
    }

    private func holds(_ part: Part, _ user: SimpleUser, _ profile: UserProfile) -> Bool {
            let holds: Bool
            switch part.test {
            case .words(let words, let fields):
                let local = profile.email.map { String($0.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)[0]) }
                let texts = [("login", user.login), ("name", profile.name), ("email", local)].filter { fields.contains($0.0) }.compactMap(\.1)
                holds = texts.contains { Self.contains(Self.words($0), words) }
            case .type(let type): holds = user.type == type
            case .account(let login, let organization): holds = user.login.lowercased() == login && (!organization || user.type == "Organization")
            case .location(let words): holds = Self.contains(Self.words(profile.location ?? ""), words)
            case .fullname(let words): holds = Self.contains(Self.words(profile.name ?? ""), words)
            case .count(let name, let range): holds = range.contains(name == "repos" ? profile.publicRepos : profile.followers)
            case .created(let range): holds = Self.seconds(profile.createdAt).map(range.contains) ?? false
            }
            return holds != part.negated
    }

    // MARK: - Reading

    private static func tokens(_ text: String) -> [(text: String, quoted: Bool)] {
        var tokens: [(String, Bool)] = []
        var current = ""
        var inQuote = false
        var quoted = false
        for character in text {
            if character == "\"" {
                inQuote.toggle()
                if current.isEmpty { quoted = true }
                current.append(character)
            } else if character.isWhitespace, !inQuote {
                if !current.isEmpty { tokens.append((quoted ? unquoted(current) : current, quoted)) }
                (current, quoted) = ("", false)
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { tokens.append((quoted ? unquoted(current) : current, quoted)) }
        return tokens
    }

    private static func unquoted(_ text: String) -> String { text.replacingOccurrences(of: "\"", with: "") }

    /// The words of `text`, lower-cased: runs of letters, decimal digits and marks; each
    /// ideograph alone.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        func end() {
            if !word.isEmpty { words.append(String(word)) }
            word = String.UnicodeScalarView()
        }
        for scalar in text.lowercased().unicodeScalars {
            let properties = scalar.properties
            if properties.isIdeographic {
                end()
                word.append(scalar)
                end()
                continue
            }
            switch properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber:
                word.append(scalar)
            default:
                end()
            }
        }
        end()
        return words
    }

    /// Whether `words` holds `phrase` as consecutive words.
    private static func contains(_ words: [String], _ phrase: [String]) -> Bool {
        guard !phrase.isEmpty, words.count >= phrase.count else { return false }
        return (0...(words.count - phrase.count)).contains { Array(words[$0..<$0 + phrase.count]) == phrase }
    }

    /// `>n`, `>=n`, `<n`, `<=n`, `a..b`, `a..*`, `*..b` or `n`, each value read by `read`, whose
    /// unit (a day for a date alone) makes an upper bound inclusive of the whole unit.
    private static func range(_ value: String, read: (String) -> Int?, unit: Int) throws(Invalid) -> ClosedRange<Int> {
        func parse(_ text: Substring) throws(Invalid) -> Int {
            guard let number = read(String(text)) else { throw Invalid(message: "“\(value)” is not a valid value") }
            return number
        }
        let unitOf = { (text: Substring) in text.count == 10 && unit > 1 ? unit : 1 }
        if let dots = value.range(of: "..") {
            let (low, high) = (value[..<dots.lowerBound], value[dots.upperBound...])
            return (low == "*" ? Int.min : try parse(low))...(high == "*" ? Int.max : try parse(high) + unitOf(high) - 1)
        }
        for operation in [">=", "<=", ">", "<"] where value.hasPrefix(operation) {
            let rest = value.dropFirst(operation.count)
            let number = try parse(rest)
            switch operation {
            case ">=": return number...Int.max
            case "<=": return Int.min...(number + unitOf(rest) - 1)
            case ">": return (number + unitOf(rest))...Int.max
            default: return Int.min...(number - 1)
            }
        }
        let number = try parse(Substring(value))
        return number...(number + unitOf(Substring(value)) - 1)
    }

    /// Seconds since 1970 of `YYYY-MM-DD` (UTC) or `YYYY-MM-DDTHH:MM:SS` with `Z` or `±HH:MM`.
    static func seconds(_ text: String) -> Int? {
        let formatter = ISO8601DateFormatter()
        let date = text.count == 10 ? formatter.date(from: text + "T00:00:00Z") : formatter.date(from: text)
        return date.map { Int($0.timeIntervalSince1970) }
    }
}
