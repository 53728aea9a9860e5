import GRDB

extension StoreService.Search {
    /// The SQL of a query's qualifiers (``SearchQuery/Qualifier``): conditions that
    /// ``StoreService/Search/matches(_:_:_:)`` ANDs with its terms, and the ids of the users a ``SearchQuery/filter``
    /// matches, which `browse` ANDs with its index's matches (``SearchIndex``'s `among`).
    ///
    /// Each statement reads the indexes of migration `v9-profile-qualifiers` where it can: a
    /// count or a date is a range of its index; a text qualifier is one scan of the covering
    /// index of its column (about 100,000 short rows, never the whole table), except an
    /// excluded one, which also reads each row's list of unknown fields (`!location:berlin`:
    /// 30 ms rather than 10 at 100,000 profiles, in the sqlite3 shell).
    /// Text is matched as `browse` folds it (``AppDatabase/fold``): `LIKE` for an ASCII text
    /// over ASCII values, `ghusers_fold` for values with a character outside ASCII.
    package enum Qualified {
        /// The ids of the users `filter` matches (its qualifiers, and its terms when they look
        /// in the profile's name or email), ascending, read through a cursor.
        ///
        /// Qualifiers alone are read from the smallest table that holds them, without `ORDER
        /// BY` (so that SQLite can answer from a covering index: `followers:>1000` over 100,000
        /// profiles took 25 ms sorted by SQLite, 4 ms from `profile_followers` and a sort here),
        /// and `type:` beside them is one range of `user_type` merged here (a join looked up
        /// each profile's user: 0.36 s for `followers:>1000 !type:org`, BENCHMARKS.md).
        package static func ids(_ filter: SearchQuery, _ db: Database) throws -> [Int64] {
            let (sql, arguments, ordered) = Self.statement(filter)
            var ids = try Self.fetch(sql, arguments, db)
            if ordered { return ids }
            ids.sort()
            for qualifier in filter.qualifiers {
                guard case .type(let type) = qualifier.test else { continue }
                // `User` is most accounts: its complement is the short range to read.
                let common = type == "User"
                var other = try Self.fetch(
                    common ? "SELECT id FROM user WHERE type < ? OR type > ?" : "SELECT id FROM user WHERE type = ? ORDER BY id",
                    common ? [type, type] : [type], db)
                if common { other.sort() }
                ids = Self.merge(ids, other, keep: common == qualifier.negated)
            }
            return ids
        }

        /// How many cached users have no cached profile: what a profile qualifier cannot see.
        package static func withoutProfile(_ db: Database) throws -> Int {
            try Int.fetchOne(db, sql: "SELECT (SELECT count(*) FROM user) - (SELECT count(*) FROM profile)") ?? 0
        }

        /// For each count qualifier of `query` (`followers:`, `repos:`) and the email its terms
        /// look in (`in:email`), the field and how many cached profiles do not know it (an
        /// organization prefetched over GraphQL has no followers; a token without `user:email`
        /// reads no email), which the query can neither match nor exclude; only fields with some.
        package static func unknownCounts(_ query: SearchQuery, _ db: Database) throws -> [(field: Profile.Field, profiles: Int)] {
            var fields: Set<Profile.Field> = Set(query.qualifiers.compactMap { qualifier -> Profile.Field? in
                guard case .count(let field, _, _) = qualifier.test else { return nil }
                return field
            })
            if query.searchesProfiles && query.fields.contains(.email) { fields.insert(.email) }
            if let sort = query.sort, case .count = sort.key.field.spec.storage { fields.insert(sort.key.field) }
            return try Profile.Field.allCases.filter(fields.contains).compactMap { field in
                // A text left unknown is NULL like one GitHub has not (no package email): the list of unknowns tells them apart.
                let unknown: String
                // `unknown <> ''` first: the partial index `profile_unknown` holds those rows, where a scan read every profile (300 ms at 1,000,000).
                if case .count = field.spec.storage { unknown = "\(field.column) IS NULL" } else { unknown = "unknown <> '' AND NOT \(Self.known(field))" }
                let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM profile WHERE \(unknown)") ?? 0
                return count > 0 ? (field, count) : nil
            }
        }

        /// The statement of ``ids(_:)`` and whether its ids come in order: from the profiles when
        /// the filter is qualifiers of which one reads them (the users without a profile cannot
        /// match), from the notes for `has:note` without them, else from the users; its
        /// `type:` qualifiers are left to ``ids(_:)`` but from the users.
        static func statement(_ filter: SearchQuery) -> (sql: String, arguments: StatementArguments, ordered: Bool) {
            let qualifiers = filter.qualifiers
            let noted = qualifiers.contains { $0.test == .hasNote && !$0.negated }
            guard filter.terms.isEmpty, qualifiers.contains(where: \.readsProfile) || noted else {
                let contains = StoreService.Search.contains(filter, excludingExact: false)
                return ("SELECT user.id FROM user WHERE \(contains.condition) ORDER BY user.id", contains.arguments, true)
            }
            var arguments: StatementArguments = []
            let driver = qualifiers.contains(where: \.readsProfile) ? "profile.user_id" : "note.user_id"
            let others = qualifiers.filter { if case .type = $0.test { false } else { !(driver == "note.user_id" && $0.test == .hasNote && !$0.negated) } }
            let conditions = profileConditions(others, &arguments) + userConditions(others, id: driver, &arguments)
            // A text beside a count or date: one pass over the table, since a range of the
            // count's index then a lookup of each row for its text took 270 ms for 77,800 rows
            // at 100,000 profiles. A text alone scans its covering index (an excluded one reads the rows' `unknown` too).
            let texts = qualifiers.contains { Self.isText($0) }
            let ranges = qualifiers.contains { if case .count = $0.test { true } else if case .date = $0.test { true } else { false } }
            let table = driver == "profile.user_id" ? (texts && ranges ? "profile NOT INDEXED" : "profile") : "note"
            return ("SELECT \(driver) FROM \(table) WHERE \(driver) IS NOT NULL AND \(conditions.isEmpty ? "1" : conditions.joined(separator: " AND "))", arguments, false)
        }

        private static func fetch(_ sql: String, _ arguments: StatementArguments, _ db: Database) throws -> [Int64] {
            var ids: [Int64] = []
            let cursor = try Int64.fetchCursor(db, sql: sql, arguments: arguments)
            while let id = try cursor.next() { ids.append(id) }
            return ids
        }

        /// The ids of `ids` that are in `other` (`keep`) or are not; both ascending.
        static func merge(_ ids: [Int64], _ other: [Int64], keep: Bool) -> [Int64] {
            var next = 0
            return ids.filter { id in
                while next < other.count, other[next] < id { next += 1 }
                return (next < other.count && other[next] == id) == keep
            }
        }

        /// The condition on `user` that every one of `qualifiers` holds (`1` for none).
        ///
        /// A text qualifier of a field in `profile_word` (`location:berlin`, or alternatives of
        /// one) drives: the users holding its first word are read from there, ascending, and
        /// each is then checked against the others through its profile, so that `--limit 20`
        /// reads about 20 of them (`location:berlin --limit 20` at 1,000,000 profiles: 448 ms
        /// when every profile was matched first). Without one, the profiles' conditions are one
        /// list read through their indexes (a count's range), then the users in order.
        ///
        /// `streaming`: the words are tested user by user instead (``drivesDensely(_:atLeast:_:)``).
        static func condition(_ qualifiers: [SearchQuery.Qualifier], _ arguments: inout StatementArguments, streaming: Bool = false) -> String {
            var conditions = userConditions(qualifiers, id: "user.id", &arguments)
            let drivers = qualifiers.compactMap { wordDriver($0, streaming: streaming, &arguments) }
            conditions += drivers
            var profileArguments: StatementArguments = []
            let profile = profileConditions(qualifiers, &profileArguments, driven: !drivers.isEmpty)
            if !profile.isEmpty {
                let all = profile.joined(separator: " AND ")
                conditions.append(
                    drivers.isEmpty
                        ? "user.id IN (SELECT profile.user_id FROM profile WHERE \(all))"
                        : "EXISTS (SELECT 1 FROM profile WHERE profile.user_id = user.id AND \(all))")
                arguments += profileArguments
            }
            return conditions.isEmpty ? "1" : conditions.joined(separator: " AND ")
        }

        /// The words of `qualifier` that drive ``condition(_:_:)``: the first word of a text
        /// qualifier of a field in `profile_word`, or of each of its alternatives, not negated.
        private static func wordDriver(_ qualifier: SearchQuery.Qualifier, streaming: Bool, _ arguments: inout StatementArguments) -> String? {
            guard !qualifier.negated, let driven = drivenWords(qualifier.test) else { return nil }
            arguments += [driven.code]
            arguments += StatementArguments(driven.words.map { $0.first ?? [] }.map { String(decoding: $0, as: UTF8.self) })
            let placeholders = driven.words.map { _ in "?" }.joined(separator: ", ")
            if streaming { return "EXISTS (SELECT 1 FROM profile_word WHERE field = ? AND word IN (\(placeholders)) AND user_id = user.id)" }
            return "user.id IN (SELECT user_id FROM profile_word WHERE field = ? AND word IN (\(placeholders)))"
        }

        /// How many profiles a word must hold for ``drivesDensely(_:atLeast:_:)``: then a read in
        /// its order meets a match about every 500 users or sooner.
        static let denseWords = 2_000

        /// Whether every word that drives `qualifiers` (``wordDriver(_:streaming:_:)``) is held by at
        /// least `dense` profiles (each counted only that far): a first screen (`--limit`) then
        /// reads in its own order (by id, or the sort's), testing each user, and stops after
        /// its rows, rather than reading every match first (`location:berlin location:tokyo
        /// --limit 20` at 1,000,000 profiles: the ids of 160,000 matches took 35 ms).
        static func drivesDensely(_ qualifiers: [SearchQuery.Qualifier], atLeast dense: Int = denseWords, _ db: Database) throws -> Bool {
            let driven = qualifiers.filter { !$0.negated }.compactMap { drivenWords($0.test) }
            guard !driven.isEmpty else { return false }
            for (code, words) in driven {
                let firsts = words.map { String(decoding: $0.first ?? [], as: UTF8.self) }
                let held = try Int.fetchOne(
                    db,
                    sql: "SELECT count(*) FROM (SELECT 1 FROM profile_word WHERE field = ? AND word IN (\(firsts.map { _ in "?" }.joined(separator: ", "))) LIMIT ?)",
                    arguments: StatementArguments([code]) + StatementArguments(firsts) + [dense]) ?? 0
                if held < dense { return false }
            }
            return true
        }

        /// The field code and the words of each phrase of `test`, when it is a text test of a
        /// field in `profile_word` (or alternatives of one field), each phrase with a word.
        private static func drivenWords(_ test: SearchQuery.Qualifier.Test) -> (code: Int, words: [[[UInt8]]])? {
            let texts = test.alternatives.compactMap { test -> (Profile.Field, [[UInt8]])? in
                guard case .text(let field, let text) = test else { return nil }
                let words = WordMatch.words(Array(text.utf8))
                return words.isEmpty ? nil : (field, words)
            }
            guard texts.count == test.alternatives.count, let field = texts.first?.0, texts.allSatisfy({ $0.0 == field }),
                let code = StoreService.Profiles.wordCode(field)
            else { return nil }
            return (code, texts.map(\.1))
        }

        /// The conditions on `profile`'s columns: the profile fields, each excluded among the
        /// cached profiles when negated (a value that is NULL does not contain the text; a
        /// count that is NULL, unknown, matches neither way). Counts and dates come first:
        /// a row they refuse is never matched against a text.
        /// `driven`: the text qualifiers that ``wordDriver(_:_:)`` reads are left out, but for
        /// the words in a row of a phrase of more than one.
        private static func profileConditions(_ qualifiers: [SearchQuery.Qualifier], _ arguments: inout StatementArguments, driven: Bool = false) -> [String] {
            let ordered = qualifiers.filter { !isText($0) } + qualifiers.filter(isText)
            return ordered.compactMap { qualifier in
                let condition: String
                if driven, !qualifier.negated, let words = drivenWords(qualifier.test)?.words {
                    // The driver found each phrase's first word; a phrase of one word is found.
                    guard words.contains(where: { $0.count > 1 }) else { return nil }
                    let tests = qualifier.test.alternatives.map { test -> String in
                        guard case .text(let field, let text) = test else { return "0" }
                        arguments += [text]
                        return "ghusers_words(profile.\(field.column), ?)"
                    }
                    return "(\(tests.joined(separator: " OR ")))"
                }
                switch qualifier.test {
                case .anyOf(let tests):
                    let alternatives = profileConditions(tests.map { SearchQuery.Qualifier(test: $0, negated: false) }, &arguments)
                    guard !alternatives.isEmpty else { return nil }
                    condition = "(\(alternatives.joined(separator: " OR ")))"
                case .text(let field, let text):
                    condition = words(field, text, &arguments)
                    // A text the answer left unknown (listed in `unknown`) is neither matched nor
                    // excluded, as an unknown count is not; one GitHub has not (NULL) is excluded.
                    return qualifier.negated ? "NOT ifnull(\(condition), 0) AND \(Self.known(field))" : condition
                case .count(let field, let lower, let upper):
                    condition = range("profile.\(field.column)", lower, upper, &arguments)
                case .date(let field, let lower, let upper):
                    condition = range("profile.\(field.column)", lower, upper, &arguments)
                case .flag(let field, let value):
                    // False is not true: GitHub sends `null` for a flag not set (`hireable`).
                    condition = "ifnull(profile.\(field.column), 0) = \(value ? 1 : 0)"
                case .hasProfile:
                    if qualifier.negated { return nil }
                    return "1"
                case .type, .login, .hasNote, .seen, .gone:
                    return nil
                }
                return qualifier.negated ? "NOT (\(condition))" : condition
            }
        }

        /// The conditions on the user `id` (and `user`'s columns): type, seen, gone, notes, and
        /// the absence of a profile.
        private static func userConditions(_ qualifiers: [SearchQuery.Qualifier], id: String, _ arguments: inout StatementArguments) -> [String] {
            qualifiers.compactMap { qualifier in
                let condition: String
                switch qualifier.test {
                case .anyOf(let tests):
                    let alternatives = userConditions(tests.map { SearchQuery.Qualifier(test: $0, negated: false) }, id: id, &arguments)
                    guard !alternatives.isEmpty else { return nil }
                    condition = "(\(alternatives.joined(separator: " OR ")))"
                case .type(let type):
                    arguments += [type]
                    condition = "user.type = ?"
                case .login(let login, let organization):
                    arguments += [login]
                    condition = "\(id) IN (SELECT user.id FROM user WHERE user.login = ? COLLATE NOCASE\(organization ? " AND user.type = 'Organization'" : ""))"
                case .seen: condition = "\(id) IN (SELECT user.id FROM user WHERE user.seen)"
                case .gone: condition = "\(id) IN (SELECT user.id FROM user WHERE user.gone)"
                case .hasNote: condition = "\(id) IN (SELECT note.user_id FROM note WHERE note.user_id IS NOT NULL)"
                case .hasProfile:
                    guard qualifier.negated else { return nil }
                    return "\(id) NOT IN (SELECT profile.user_id FROM profile)"
                case .text, .count, .date, .flag:
                    return nil
                }
                return qualifier.negated ? "NOT (\(condition))" : condition
            }
        }

        /// Whether `qualifier` tests a text (or its alternatives do).
        private static func isText(_ qualifier: SearchQuery.Qualifier) -> Bool {
            if case .text = qualifier.test.alternatives.first { true } else { false }
        }

        /// Whether the profile's answer gave `field` (it is not in the profile's `unknown` list).
        static func known(_ field: Profile.Field) -> String {
            "instr(',' || ifnull(profile.unknown, '') || ',', ',\(field.column),') = 0"
        }

        /// `column` in `lower..<upper` (either may be open), its arguments added.
        private static func range<Value: DatabaseValueConvertible>(
            _ column: String, _ lower: Value?, _ upper: Value?, _ arguments: inout StatementArguments
        ) -> String {
            var parts: [String] = []
            if let lower {
                parts.append("\(column) >= ?")
                arguments += [lower]
            }
            if let upper {
                parts.append("\(column) < ?")
                arguments += [upper]
            }
            return "(\(parts.joined(separator: " AND ")))"
        }

        /// The condition that text field `field` holds the words of the folded `text` in a row
        /// (``WordMatch``): the profiles whose field has its first word (`profile_word`, for the
        /// fields there; else that word's text found as ``contains(_:_:_:)`` finds it), then,
        /// of more than one word or outside `profile_word`, the words checked by
        /// `ghusers_words`; a text without a word is matched as a part of the value.
        static func words(_ field: Profile.Field, _ text: String, _ arguments: inout StatementArguments) -> String {
            let column = "profile.\(field.column)"
            let phrase = WordMatch.words(Array(text.utf8))
            guard let first = phrase.first else { return contains(column, text, &arguments) }
            guard let code = StoreService.Profiles.wordCode(field) else {
                let found = contains(column, String(decoding: first, as: UTF8.self), &arguments)
                arguments += [text]
                return "(\(found) AND ghusers_words(\(column), ?))"
            }
            // `profile_word` holds exactly the profiles' words: one word needs no second look.
            arguments += [code, String(decoding: first, as: UTF8.self)]
            let found = "profile.user_id IN (SELECT user_id FROM profile_word WHERE field = ? AND word = ?)"
            guard phrase.count > 1 else { return found }
            arguments += [text]
            return "(\(found) AND ghusers_words(\(column), ?))"
        }

        /// The condition that the email in `column` holds the words of the folded `text` in a
        /// row before its `@` (``AppDatabase/emailWords``): its first word found in
        /// `profile_word`; a text without a word found as ``contains(_:_:_:)`` finds it.
        static func emailWords(_ column: String, _ text: String, _ arguments: inout StatementArguments) -> String {
            let words = WordMatch.words(Array(text.utf8))
            guard let first = words.first.map({ String(decoding: $0, as: UTF8.self) }), let code = StoreService.Profiles.wordCode(.email) else {
                let found = contains(column, text, &arguments)
                arguments += [text]
                return "(\(found) AND ghusers_email_words(\(column), ?))"
            }
            // `profile_word` holds the words before each `@`: one word needs no second look.
            arguments += [code, first]
            let found = "profile.user_id IN (SELECT user_id FROM profile_word WHERE field = ? AND word = ?)"
            guard words.count > 1 else { return found }
            arguments += [text]
            return "(\(found) AND ghusers_email_words(\(column), ?))"
        }

        /// The condition that text `column` contains the folded `text` as `browse` folds it:
        /// `LIKE` (SQLite folds ASCII alone), and `ghusers_fold` over values outside ASCII
        /// where `LIKE` can miss: for a text outside ASCII, and for an ASCII text with an `i`
        /// or a `k`, since the only characters outside ASCII whose lower case has an ASCII
        /// letter are `İ` (U+0130, `i̇`) and the Kelvin sign (U+212A, `k`) (Unicode's case
        /// mappings; checked over every scalar with Python 3.11's `str.lower`), and only over
        /// values that hold one of those. A Swift call a value costs: `location:b` over 100,000
        /// profiles took 75 ms with one for each value outside ASCII.
        static func contains(_ column: String, _ text: String, _ arguments: inout StatementArguments) -> String {
            let folded = "instr(ghusers_fold(\(column)), ?) > 0"
            guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
                arguments += [text]
                return "(length(\(column)) < length(CAST(\(column) AS BLOB)) AND \(folded))"
            }
            arguments += [LikePattern.containing(text)]
            guard text.contains("i") || text.contains("k") else { return "\(column) LIKE ? ESCAPE '\\'" }
            arguments += [text]
            return "(\(column) LIKE ? ESCAPE '\\' OR (\(column) GLOB '*[\u{130}\u{212A}]*' AND \(folded)))"
        }
    }
}

