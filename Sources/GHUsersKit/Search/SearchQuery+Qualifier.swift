import Foundation

extension SearchQuery {
    /// One qualifier of a query: `name:value`, `!name:value` (fzf's exclusion) or `-name:value`
    /// (GitHub's "prefix any search qualifier with a `-` to exclude", docs.github.com,
    /// "Understanding the search syntax", which also gives the ranges: `>`, `>=`, `<`, `<=`,
    /// `n..n`, `n..*`, `*..n`). GitHub's "Searching users" qualifiers (`type:user|org`,
    /// `location:`, `fullname:`, `followers:`, `repos:`, `created:YYYY-MM-DD`, `in:login|name|email`)
    /// and ours (`company:`, `bio:`, `hireable:true|false`, `in:note`, `has:note|profile`,
    /// `is:seen|gone`); a profile field's qualifier is its row of ``Profile/Field/spec``; a date
    /// alone is its whole day in UTC, a time takes `Z` or `±HH:MM`. SQLite answers them for
    /// `ghusers search` (``StoreService/Search/Qualified``), `browse`'s index most from memory.
    public struct Qualifier: Sendable, Hashable {
        /// What a qualifier tests.
        public enum Test: Sendable, Hashable {
            /// `type:`: the account type as the users list gives it (`User`, `Organization`).
            case type(String)
            /// A profile text field (`location:`, `fullname:`) contains the folded text.
            case text(Profile.Field, String)
            /// A profile count (`followers:`, `repos:`) in `lower..<upper` (nil: unbounded).
            case count(Profile.Field, lower: Int64?, upper: Int64?)
            /// A profile date (`created:`) in `lower..<upper`, as GitHub writes times (UTC, `Z`).
            case date(Profile.Field, lower: String?, upper: String?)
            /// A profile flag (`hireable:`) is true, or (false) is not.
            case flag(Profile.Field, Bool)
            /// `user:NAME` or `org:NAME` (an organization): the account of that login, case ignored.
            case login(String, organization: Bool)
            /// `has:note`, `has:profile`, `is:seen`, `is:gone`.
            case hasNote, hasProfile, seen, gone
            /// Alternatives, any of which matches: the same qualifier repeated
            /// (`location:lagos location:tokyo`, `user:a org:b`), as GitHub reads it (its
            /// catalog entry's ``SearchSyntax/Entry/alternatives``). Two or more tests of one
            /// kind, none of them alternatives; never negated (`-location:a -location:b` each exclude).
            case anyOf([Test])

            /// The profile field it tests, if it tests one.
            public var field: Profile.Field? {
                switch self {
                case .text(let field, _), .count(let field, _, _), .date(let field, _, _), .flag(let field, _): field
                case .type, .login, .hasNote, .hasProfile, .seen, .gone: nil
                case .anyOf(let tests): tests.first?.field
                }
            }

            /// Its tests: the alternatives of ``anyOf(_:)``, else itself.
            public var alternatives: [Test] {
                if case .anyOf(let tests) = self { tests } else { [self] }
            }
        }

        public let test: Test
        /// `!` or `-`: the users it matches are excluded (profile fields: among cached profiles).
        public let negated: Bool

        /// Whether it reads the `profile` table (matching only users whose profile is cached).
        public var readsProfile: Bool {
            switch test {
            case .text, .count, .date, .flag: true
            case .hasProfile: !negated
            case .type, .login, .hasNote, .seen, .gone: false
            case .anyOf(let tests): tests.contains { Qualifier(test: $0, negated: negated).readsProfile }
            }
        }

        /// Whether `browse`'s index answers it from memory (``ProfileColumns``): not `is:seen` and
        /// `is:gone`, which change as you browse, nor a field the index does not keep (`bio:`).
        public var isIndexed: Bool {
            switch test {
            case .text(let field, _), .count(let field, _, _), .date(let field, _, _), .flag(let field, _): field.spec.indexed
            case .type, .login, .hasNote, .hasProfile: true
            case .seen, .gone: false
            case .anyOf(let tests): tests.allSatisfy { Qualifier(test: $0, negated: negated).isIndexed }
            }
        }

        /// `qualifiers` with the positive ones that are alternatives of each other (repeated
        /// `location:`, `fullname:`, `user:`/`org:`, as ``alternativeSet`` says) made one
        /// ``Test/anyOf(_:)`` at the place of the first; the rest as they were.
        static func grouped(_ qualifiers: [Qualifier]) -> [Qualifier] {
            var sets: [String: [Test]] = [:]
            for qualifier in qualifiers where !qualifier.negated {
                if let set = alternativeSet(qualifier.test) { sets[set, default: []].append(qualifier.test) }
            }
            var placed: Set<String> = []
            return qualifiers.compactMap { qualifier in
                guard !qualifier.negated, let set = alternativeSet(qualifier.test), let tests = sets[set], tests.count > 1 else { return qualifier }
                return placed.insert(set).inserted ? Qualifier(test: .anyOf(tests), negated: false) : nil
            }
        }

        /// Which set of alternatives `test` is one of, if repeating it widens the answer: the
        /// qualifiers whose catalog entry says so (``SearchSyntax/Entry/alternatives``).
        static func alternativeSet(_ test: Test) -> String? {
            switch test {
            case .text(let field, _): SearchSyntax.entry(for: field)?.alternatives == true ? field.column : nil
            case .login: SearchSyntax.entry(named: "user")?.alternatives == true ? "account" : nil
            case .type, .count, .date, .flag, .hasNote, .hasProfile, .seen, .gone, .anyOf: nil
            }
        }

        /// The test `name:value` asks for (its ``SearchSyntax`` entry's kind), or the one-line
        /// problem with it; `in:` and `sort:` are the query's.
        static func test(_ name: String, _ value: String) throws(Problem) -> Test {
            guard let entry = SearchSyntax.entry(named: name) else {
                let guess = SearchSyntax.closest(to: name).map { "did you mean \($0):? " } ?? ""
                throw Problem(
                    "“\(name):” is not a qualifier; \(guess)the qualifiers are \(SearchSyntax.names.map { $0 + ":" }.joined(separator: " ")); "
                        + "to find the text itself, put ' before it: \"'\(name):\(value)\"")
            }
            let lowered = value.lowercased()
            switch entry.kind {
            case .profile(let field):
                return try test(field, name, value)
            case .type:
                switch lowered {
                case "user": return .type("User")
                case "org", "organization": return .type("Organization")
                default: throw Problem("type: takes user or org, not “\(value)”")
                }
            case .account(let organization):
                // GitHub Docs, "Searching users": `user:octocat`, `org:electron type:users`: the
                // account of that name.
                guard Login.isValid(lowered) else { throw Problem("\(name): takes a login, like \(name):octocat, not “\(value)”") }
                return .login(lowered, organization: organization)
            case .marks(let marks):
                guard let test = marks[lowered] else { throw Problem("\(name): takes \(marks.keys.sorted().joined(separator: " or ")), not “\(value)”") }
                return test
            case .fields, .sort:
                preconditionFailure("\(name): is the query's, read by SearchQuery.init")
            }
        }

        /// The test of qualifier `name` of profile field `field`, by the field's kind.
        private static func test(_ field: Profile.Field, _ name: String, _ value: String) throws(Problem) -> Test {
            switch field.spec.storage {
            case .text:
                let folded = TextArena.foldedString(value)
                guard !folded.isEmpty else { throw Problem("\(name): needs a value, like \(name):berlin (quote one with spaces: \(name):\"new york\")") }
                return .text(field, folded)
            case .count:
                let (lower, upper) = try bounds(value, of: name) { text throws(Problem) in
                    guard let number = Int64(text), number >= 0 else { throw Problem("\(name): takes a count like 10, >10, <=10 or 10..50, not “\(value)”") }
                    return (number, 1)
                }
                return .count(field, lower: lower, upper: upper)
            case .date:
                let (lower, upper) = try bounds(value, of: name) { text throws(Problem) in
                    guard let instant = instant(text) else {
                        throw Problem("\(name): takes a date like 2015-06-30, >2015-06-30 or 2015-01-01..2015-12-31, not “\(value)”")
                    }
                    return instant
                }
                // Years of four digits, which compare as text in time order (`created:<=9999-12-31` is everyone).
                let written = { (seconds: Int64?) in seconds.map { Timestamp.iso8601(Date(timeIntervalSince1970: Double(min(max($0, -30_610_224_000), 253_402_300_799)))) } }
                return .date(field, lower: written(lower), upper: written(upper))
            case .flag:
                switch value.lowercased() {
                case "true", "yes": return .flag(field, true)
                case "false", "no": return .flag(field, false)
                default: throw Problem("\(name): takes true or false, not “\(value)”")
                }
            }
        }

        /// `>n`, `>=n`, `<n`, `<=n`, `n..n`, `n..*`, `*..n` or `n` as a half-open `lower..<upper`,
        /// each value read by `read` as its first unit and that unit's size (1, or a day's seconds).
        private static func bounds(
            _ value: String, of name: String, _ read: (Substring) throws(Problem) -> (Int64, Int64)
        ) throws(Problem) -> (Int64?, Int64?) {
            func end(_ unit: (Int64, Int64)) -> Int64 { unit.0.addingReportingOverflow(unit.1).overflow ? .max : unit.0 + unit.1 }
            if let range = value.range(of: "..") {
                let (low, high) = (value[..<range.lowerBound], value[range.upperBound...])
                guard low != "*" || high != "*" else { throw Problem("\(name): needs at least one end of a range, like \(name):10..*") }
                return (low == "*" ? nil : try read(low).0, high == "*" ? nil : end(try read(high)))
            }
            for (operation, length) in [(">=", 2), ("<=", 2), (">", 1), ("<", 1)] where value.hasPrefix(operation) {
                let unit = try read(value.dropFirst(length))
                switch operation {
                case ">=": return (unit.0, nil)
                case "<=": return (nil, end(unit))
                case ">": return (end(unit), nil)
                default: return (nil, unit.0)
                }
            }
            let unit = try read(Substring(value))
            return (unit.0, end(unit))
        }

        /// Seconds since 1970 of `YYYY-MM-DD` (UTC, a day's unit) or `YYYY-MM-DDTHH:MM:SS` with
        /// `Z` or `±HH:MM` (a second's), or nil.
        static func instant(_ text: Substring) -> (Int64, Int64)? {
            let day = text.count == 10
            return Timestamp.date(iso8601: day ? text + "T00:00:00Z" : String(text)).map { (Int64($0.timeIntervalSince1970), day ? 86_400 : 1) }
        }
    }

    /// What is wrong with a query, in one line: an unknown qualifier or a value it cannot take.
    public struct Problem: LocalizedError, Sendable, Hashable {
        public let message: String
        init(_ message: String) { self.message = message }
        public var errorDescription: String? { message }
    }
}
