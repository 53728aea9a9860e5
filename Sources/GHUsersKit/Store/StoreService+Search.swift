import Foundation
import GRDB

/// The cache's search: reads that join `user`, `profile` and `note` (each table's own statements
/// are its owner's). It writes nothing; each read runs inside a transaction its caller holds.
///
/// It searches logins and notes locally, without regard to case; never the network.
/// Order: the user whose login equals the query, then every user whose login or note
/// contains it, in id order, then notes on users not cached yet. The query is in fzf's
/// extended syntax (``SearchQuery``): each term must match. A term of 3 or more
/// characters uses the FTS5 trigram indexes (`user_fts`, `note_fts`), a shorter one the
/// indexes of characters and pairs (``SearchGrams``): milliseconds at a million users
/// either way. Anchored terms (`^pre`, `suf$`) compare the login with `LIKE`.
/// Results are streamed: one row in memory at a time.
extension StoreService.Search {
    /// Calls `each` for every match of `text` (fzf's extended syntax, ``SearchQuery``: every
    /// term must match), in the order above; nothing when no term is left.
    /// A query with a ``SearchQuery/problem`` throws it. With qualifiers, notes on users
    /// not cached yet are left out (no qualifier can hold for them).
    /// `firstRows`: the caller stops after that many (`--limit`), so a read that can stop early
    /// is preferred (``Qualified/drivesDensely(_:atLeast:_:)``); `nil`: every row is read.
    package static func matches(_ text: String, firstRows: Int? = nil, _ db: Database, _ each: (SearchResult) throws -> Void) throws {
        try search(text, firstRows: firstRows, db) { result, _ in try each(result) }
    }

    /// ``matches(_:firstRows:_:_:)`` of a first screen with the words that drive its qualifiers
    /// dense from `denseWords` profiles (tests: both plans give the same).
    static func matches(_ text: String, denseWords: Int, _ db: Database, _ each: (SearchResult) throws -> Void) throws {
        try search(text, firstRows: 1, denseWords: denseWords, db) { result, _ in try each(result) }
    }

    /// The same results, each user with its cached profile (`nil`: none), read in the same
    /// transaction (`search --json`).
    package static func matchesWithProfiles(
        _ text: String, firstRows: Int? = nil, _ db: Database, _ each: (SearchResult, CachedProfile?) throws -> Void
    ) throws {
        try search(text, withProfiles: true, firstRows: firstRows, db, each)
    }

    /// The search, giving each result with its cached profile when `withProfiles` (read in the
    /// same statement: one lookup a row took 48 % of `search --json`).
    private static func search(
        _ text: String, withProfiles: Bool = false, firstRows: Int? = nil, denseWords: Int = Qualified.denseWords, _ db: Database,
        _ each: (SearchResult, CachedProfile?) throws -> Void
    ) throws {
        let query = SearchQuery(text)
        if let problem = query.problem { throw problem }
        guard !query.isEmpty else { return }
        let select = withProfiles
            ? "SELECT \(UserDetails.selection), \(StoreService.Profiles.cachedColumns) FROM user LEFT JOIN note ON note.user_id = user.id \(StoreService.Profiles.joinedAsCached)"
            : UserDetails.selectWithNotes
        func give(_ rows: RowCursor) throws {
            while let row = try rows.next() {
                let details = UserDetails(row: row)
                try each(.user(details), withProfiles ? StoreService.Profiles.cached(details, row, from: UserDetails.selectionCount) : nil)
            }
        }
        // Sorted (`sort:`), the exact login takes its place among the others.
        let exact = query.sort == nil ? query.exactLogin.map { String(decoding: $0, as: UTF8.self) } : nil
        if let exact {
            var arguments: StatementArguments = [exact]
            let qualified = Qualified.condition(query.qualifiers, &arguments)
            try give(try Row.fetchCursor(db, sql: "\(select) WHERE user.login = ? AND \(qualified)", arguments: arguments))
        }

        // A whole answer reads the driving words' users as a list: 80,000 of them at 1,000,000
        // profiles, where testing each user took 1.8 s more of `--json`.
        let dense = try firstRows != nil && Qualified.drivesDensely(query.qualifiers, atLeast: denseWords, db)
        let contains = Self.contains(query, excludingExact: exact != nil, streaming: dense)
        for statement in query.sort.map({ Self.sorted($0, dense: dense) }) ?? ["WHERE \(contains.condition) ORDER BY user.id"] {
            try give(try Row.fetchCursor(db, sql: "\(select) \(statement.replacing("CONDITION", with: contains.condition))", arguments: contains.arguments))
        }

        // Notes on users not cached: for terms, never for qualifiers or `sort:` alone.
        guard query.qualifiers.isEmpty, !query.terms.isEmpty else { return }
        let pending = Self.pendingNotes(query)
        let orphans = try Row.fetchCursor(
            db,
            sql: """
                SELECT login, text, updated_at, user_id FROM note
                WHERE \(StoreService.Notes.waitsForItsAccount) AND \(pending.condition)
                ORDER BY login = ? DESC, login
                """, arguments: pending.arguments + [exact ?? ""])
        while let row = try orphans.next() {
            try each(
                .note(
                    Note(
                        login: row[0], userID: row[3], text: row[1],
                        updatedAt: Date(timeIntervalSince1970: row[2]))), nil)
        }
    }

    /// The two reads of a sorted search (`CONDITION` stands for the query's): the users whose
    /// cached profile knows the field, by it (highest first unless ascending) through its
    /// index (`profile_followers`, …), then the others (no profile, or a count GraphQL left
    /// unknown) in id order; ties by id. One read ordered by a lookup of each user's profile
    /// took 2.2 s for `sort:followers` at 1,000,000 users. `dense`: the profiles are read in
    /// the field's order, each user tested on its own, and the first in order come at once
    /// (`location:berlin location:tokyo sort:followers --limit 20` at 1,000,000 profiles:
    /// 1 ms in the sqlite3 shell, where the 160,000 matches sorted first took 1.4 s).
    static func sorted(_ sort: SearchQuery.Sort, dense: Bool = false) -> [String] {
        let column = "profile.\(sort.key.field.column)"
        return [
            "JOIN profile\(dense ? " INDEXED BY profile_\(sort.key.field.column)" : "") ON profile.user_id = user.id WHERE \(column) IS NOT NULL AND (CONDITION) ORDER BY \(column) \(sort.ascending ? "ASC" : "DESC"), user.id",
            // Each user's profile looked up: `NOT IN` read every profile's id first (1.9 s at 1,000,000, for 10 matches).
            "WHERE NOT EXISTS (SELECT 1 FROM profile WHERE profile.user_id = user.id AND \(column) IS NOT NULL) AND (CONDITION) ORDER BY user.id",
        ]
    }

    /// The condition on `user LEFT JOIN note` that matches the users, other than the one
    /// whose login is the query (``SearchQuery/exactLogin``), that every term matches: for
    /// a term anywhere in the login or note, the full-text indexes (``index(for:)``);
    /// `LIKE` for anchored ones; `NOT` for exclusions.
    ///
    /// - Parameter scanning: a term of one ASCII character tests each login with `LIKE`
    ///   instead of asking the index for every login that has it (half a million for `e` at a
    ///   million users): for a keyset read with a `LIMIT` (``window(_:after:count:_:)``), which then
    ///   stops at the first window of matches.
    /// - Parameter excludingExact: leave out the exact login (listed apart, first).
    /// - Parameter streaming: the qualifiers' words are tested user by user
    ///   (``Qualified/condition(_:_:streaming:)``).
    static func contains(
        _ query: SearchQuery, scanning: Bool = false, excludingExact: Bool = true, streaming: Bool = false
    ) -> (condition: String, arguments: StatementArguments) {
        var (condition, arguments) = conditions(query) { term, text, arguments in
            // The statements of the ids of users whose login, note, name or email holds the text, as `in:` says.
            var sources: [String] = []
            var scanned: String?
            switch term.kind {
            case .contains where !text.utf8.allSatisfy({ $0 < 0x80 }):
                // Logins are ASCII: only notes outside ASCII can hold it, folded as browse folds them.
                if term.fields.contains(.note) {
                    arguments += [text]
                    sources.append(
                        """
                        SELECT note.user_id FROM note WHERE note.id IN (SELECT id FROM note WHERE \(AppDatabase.nonASCIINote)) \
                        AND note.user_id IS NOT NULL AND instr(ghusers_fold(note.text), ?) > 0
                        """)
                }
            case .contains:
                let index = index(for: text)
                if term.fields.contains(.login), scanning, text.utf8.count == 1 {
                    arguments += [LikePattern.containing(text)]
                    scanned = "user.login LIKE ? ESCAPE '\\'"
                } else if term.fields.contains(.login) {
                    arguments += index.loginArguments
                    sources.append(index.logins)
                }
                if term.fields.contains(.note) {
                    arguments += index.noteArguments
                    sources.append("SELECT note.user_id FROM note WHERE note.id IN (\(index.notes)) AND note.user_id IS NOT NULL")
                }
            case .prefix, .suffix, .equal:
                return "user.login " + anchored(term, text, into: &arguments)
            }
            for (field, column) in SearchQuery.Fields.profile where term.fields.contains(field) {
                // An email's words before its `@` only: GitHub cannot search domains (``AppDatabase/emailWords``).
                let holds = field == .email ? Qualified.emailWords("profile." + column.column, text, &arguments) : Qualified.contains("profile." + column.column, text, &arguments)
                sources.append("SELECT profile.user_id FROM profile WHERE \(holds)")
            }
            let found = sources.isEmpty ? nil : "user.id IN (\(sources.joined(separator: " UNION ")))"
            return [scanned, found].compactMap { $0 }.joined(separator: " OR ").wrappedOr("0")
        }
        if excludingExact, let exact = query.exactLogin {
            condition += " AND user.login <> ?"
            arguments += [String(decoding: exact, as: UTF8.self)]
        }
        condition += " AND " + Qualified.condition(query.qualifiers, &arguments, streaming: streaming)
        return (condition, arguments)
    }

    /// The condition on `note` for notes on users not cached yet: each term on the note's
    /// login (and, unanchored, its text), as `in:` says.
    static func pendingNotes(_ query: SearchQuery) -> (condition: String, arguments: StatementArguments) {
        conditions(query) { term, text, arguments in
            switch term.kind {
            case .contains where !text.utf8.allSatisfy({ $0 < 0x80 }):
                guard term.fields.contains(.note) else { return "0" }
                arguments += [text]
                return "(\(AppDatabase.nonASCIINote) AND instr(ghusers_fold(text), ?) > 0)"
            case .contains:
                var parts: [String] = []
                if term.fields.contains(.login) {
                    arguments += [LikePattern.containing(text)]
                    parts.append("login LIKE ? ESCAPE '\\'")
                }
                if term.fields.contains(.note) {
                    let index = index(for: text)
                    arguments += index.noteArguments
                    parts.append("note.id IN (\(index.notes))")
                }
                return parts.joined(separator: " OR ").wrappedOr("0")
            case .prefix, .suffix, .equal:
                return "login " + anchored(term, text, into: &arguments)
            }
        }
    }

    /// The statements that find `text` anywhere: the ids of users whose login contains it
    /// and the ids of notes that contain it, with their arguments. The trigram indexes for
    /// 3 characters or more (`text` as a phrase), else the indexes of characters and pairs
    /// (``SearchGrams``) and, for notes too long for them, `LIKE`.
    ///
    /// Notes with a character outside ASCII are matched apart, with `ghusers_fold` (browse's
    /// rule, ``AppDatabase/fold``) over the partial index `note_non_ascii`: SQLite's folding
    /// differs from Swift's there (`İ` is `i` and a combining dot in Swift), and `search`
    /// must find what `/` finds.
    static func index(for text: String) -> (
        logins: String, loginArguments: StatementArguments, notes: String, noteArguments: StatementArguments
    ) {
        let indexed: (logins: String, loginArguments: StatementArguments, notes: String, noteArguments: StatementArguments)
        if text.unicodeScalars.count >= 3 {
            indexed = (
                "SELECT rowid FROM user_fts WHERE user_fts MATCH ?", [phrase(text)],
                "SELECT rowid FROM note_fts WHERE note_fts MATCH ?", [phrase(text)]
            )
        } else {
            let spellings = SearchGrams.spellings(text)
            let query = SearchGrams.query(spellings: spellings)
            let long = SearchGrams.longNotes(spellings)
            indexed = (
                "SELECT rowid FROM user_grams WHERE user_grams MATCH ?", [query],
                "SELECT rowid FROM note_grams WHERE note_grams MATCH ? UNION \(long.sql)", StatementArguments([query] + long.arguments)
            )
        }
        // ((indexed) EXCEPT non-ASCII notes) UNION the non-ASCII notes that hold it, folded as browse folds.
        let nonASCII = "SELECT id FROM note WHERE \(AppDatabase.nonASCIINote)"
        return (
            indexed.logins, indexed.loginArguments,
            "\(indexed.notes) EXCEPT \(nonASCII) UNION \(nonASCII) AND instr(ghusers_fold(text), ?) > 0",
            indexed.noteArguments + [TextArena.foldedString(text)]
        )
    }

    /// The terms' conditions ANDed, each made by `condition` (from the term, its text and the
    /// arguments to add to) and wrapped in `NOT (…)` for an exclusion.
    private static func conditions(
        _ query: SearchQuery, _ condition: (SearchQuery.Term, String, inout StatementArguments) -> String
    ) -> (condition: String, arguments: StatementArguments) {
        var arguments: StatementArguments = []
        let conditions = query.terms.map { term in
            let made = condition(term, String(decoding: term.text, as: UTF8.self), &arguments)
            return term.negated ? "NOT (\(made))" : made
        }
        return (conditions.isEmpty ? "1" : conditions.joined(separator: " AND "), arguments)
    }

    /// `LIKE 'text%'`, `LIKE '%text'` or `= text` for an anchored term, its argument added.
    private static func anchored(_ term: SearchQuery.Term, _ text: String, into arguments: inout StatementArguments) -> String {
        switch term.kind {
        case .prefix:
            arguments += [LikePattern.starting(with: text)]
            return "LIKE ? ESCAPE '\\'"
        case .suffix:
            arguments += [LikePattern.ending(with: text)]
            return "LIKE ? ESCAPE '\\'"
        default:
            arguments += [text]
            return "= ?"
        }
    }

    /// `query` as an FTS5 phrase (quoted, inner quotes doubled).
    static func phrase(_ query: String) -> String {
        "\"" + query.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}

extension String {
    /// `(self)`, or `fallback` when empty: a list of alternatives as one condition.
    fileprivate func wrappedOr(_ fallback: String) -> String { isEmpty ? fallback : "(\(self))" }
}

/// Windows of a local search's users, in ``StoreService/Search/matches(_:_:_:)``'s order (the
/// user whose login equals the query, then users whose login or note contains it, by id), a few
/// screens at a time: what `browse` filters with as the query is typed. Keyset reads on the id,
/// never `OFFSET`; each read stops once it has `count` rows, so a one-letter query over a million
/// users answers as soon as the first screens are found. Notes on users not cached yet are not
/// users and are left to `ghusers search`.
extension StoreService.Search {
    /// Up to `count` matches of `query` after the match with id `id` (`nil`: from the first,
    /// the exact login included; `0`: after the exact login).
    package static func window(_ query: String, after id: Int64?, count: Int, _ db: Database) throws -> [UserDetails] {
        var users = id == nil ? try exact(query, db) : []
        users += try contains(query, "AND user.id > ? ORDER BY user.id LIMIT ?", [id ?? 0, count - users.count], db)
        return users
    }

    /// Up to `count` matches of `query` before the match with id `id` (which is not the
    /// exact login), in order.
    package static func window(_ query: String, before id: Int64, count: Int, _ db: Database) throws -> [UserDetails] {
        var users = Array(try contains(query, "AND user.id < ? ORDER BY user.id DESC LIMIT ?", [id, count], db).reversed())
        if users.count < count { users = try exact(query, db) + users }
        return users
    }

    /// The users with ids `ids`, in that order (those no longer cached are left out): the
    /// window of matches that ``SearchIndex`` found, read by primary key, one prepared
    /// statement for all (a statement of `IN` with as many arguments is prepared afresh each
    /// time, and SQLite's parser cost more than the rows).
    ///
    /// Throws ``StoreError/interrupted`` once `isCancelled` says so, asked before each row:
    /// `sqlite3_interrupt` cannot stop it, since it only reaches a statement that is running,
    /// and each of these ends within microseconds (https://sqlite.org/c3ref/interrupt.html).
    package static func users(_ ids: [Int64], isCancelled: () -> Bool = { false }, _ db: Database) throws -> [UserDetails] {
        guard !ids.isEmpty else { return [] }
        let statement = try db.cachedStatement(sql: "\(UserDetails.selectWithNotes) WHERE user.id = ?")
        return try ids.compactMap { id in
            if isCancelled() { throw StoreError.interrupted }
            // A cursor's row is read in place, while the cursor lives; `fetchOne` would
            // copy every column first.
            let rows = try Row.fetchCursor(statement, arguments: [id])
            guard let row = try rows.next() else { return nil }
            return UserDetails(row: row)
        }
    }

    private static func exact(_ query: String, _ db: Database) throws -> [UserDetails] {
        let parsed = SearchQuery(query)
        guard let login = parsed.exactLogin else { return [] }
        var arguments: StatementArguments = [String(decoding: login, as: UTF8.self)]
        let qualified = Qualified.condition(parsed.qualifiers, &arguments)
        return try Row.fetchAll(db, sql: "\(UserDetails.selectWithNotes) WHERE user.login = ? AND \(qualified)", arguments: arguments)
            .map(UserDetails.init(row:))
    }

    private static func contains(_ query: String, _ clause: String, _ arguments: StatementArguments, _ db: Database) throws -> [UserDetails] {
        let contains = Self.contains(SearchQuery(query), scanning: true)
        return try Row.fetchAll(
            db,
            sql: "\(UserDetails.selectWithNotes) WHERE \(contains.condition) \(clause)",
            arguments: contains.arguments + arguments
        ).map(UserDetails.init(row:))
    }
}
