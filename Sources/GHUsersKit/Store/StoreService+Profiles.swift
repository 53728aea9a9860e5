import Foundation
import GRDB

/// The owner of `profile`: every statement on it, each inside a transaction its caller holds,
/// with its columns read by place (``columns(of:)``). A profile is read with its user and note (one join).
extension StoreService.Profiles {
    /// The profile's columns of `table` (`profile`, or an alias of it): its user id, every field
    /// in ``Profile/Field``'s order, the ETag, the fetch time and the unknown fields, read by
    /// place (``cached(_:_:from:)``, ``profile(_:from:)``): a column read by name is looked up,
    /// and lower-cased, at each row, half of `search --json`'s time.
    private static func columns(of table: String) -> String {
        (["user_id"] + Profile.Field.allCases.map(\.column) + ["etag", "fetched_at", "unknown"]).map { "\(table).\($0)" }.joined(separator: ", ")
    }
    private static let columns = columns(of: "profile")

    /// The cached profile of `login` (without regard to case) with its user and note, or `nil`
    /// when the profile was never fetched.
    package static func find(login: String, _ db: Database) throws -> CachedProfile? {
        try Row.fetchOne(db.cachedStatement(sql: "\(joined) WHERE user.login = ?"), arguments: [login]).flatMap(cached)
    }

    /// The cached profile of the user with id `id`, or `nil`.
    package static func find(id: Int64, _ db: Database) throws -> CachedProfile? {
        try Row.fetchOne(db.cachedStatement(sql: "\(joined) WHERE user.id = ?"), arguments: [id]).flatMap(cached)
    }

    /// Calls `each` for every cached user with an id above `after`, at most `limit` (`nil`:
    /// all), in id order, with its cached profile when it has one: one row in memory at a time.
    package static func stream(after: Int64 = 0, limit: Int? = nil, _ db: Database, _ each: (UserDetails, CachedProfile?) throws -> Void) throws {
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT \(UserDetails.selection), \(columns)
                FROM user LEFT JOIN profile ON profile.user_id = user.id LEFT JOIN note ON note.user_id = user.id
                WHERE user.id > ? ORDER BY user.id LIMIT ?
                """, arguments: [after, limit ?? -1])
        while let row = try rows.next() {
            let details = UserDetails(row: row)
            try each(details, cached(details, row, from: UserDetails.selectionCount))
        }
    }

    /// The cached profile's columns after ``UserDetails/selection`` in a read joined with
    /// ``joinedAsCached`` (`search --json`).
    static let cachedColumns = columns(of: "cached_profile")
    /// The join that brings each user's cached profile, if any, to ``cachedColumns``.
    static let joinedAsCached = "LEFT JOIN profile AS cached_profile ON cached_profile.user_id = user.id"

    /// The cached profile of `details` in a row of ``columns(of:)`` from place `start`, or
    /// `nil` when it has none (a `LEFT JOIN`'s NULLs).
    static func cached(_ details: UserDetails, _ row: Row, from start: Int) -> CachedProfile? {
        guard (row[start] as Int64?) != nil else { return nil }
        let rest = start + 1 + Profile.Field.allCases.count
        return CachedProfile(
            details: details, profile: profile(row, from: start), etag: row[rest], fetchedAt: Date(timeIntervalSince1970: row[rest + 1]),
            unknown: Profile.Field.set(row[rest + 2]))
    }

    /// The profile in a row of ``columns(of:)`` from place `start`.
    private static func profile(_ row: Row, from start: Int) -> Profile {
        var profile = Profile()
        for (offset, field) in Profile.Field.allCases.enumerated() {
            let place = start + 1 + offset
            switch field.spec.storage {
            case .text, .date: profile[field] = .text(row[place])
            case .count: profile[field] = .count(row[place])
            case .flag: profile[field] = .flag(row[place])
            }
        }
        return profile
    }

    /// The one join of a user, its profile and its note, for ``find(login:_:)`` and ``find(id:_:)``.
    private static let joined = """
        SELECT \(UserDetails.selection), \(columns)
        FROM user JOIN profile ON profile.user_id = user.id
        LEFT JOIN note ON note.user_id = user.id
        """

    /// The cached profile of a row of ``joined``.
    private static func cached(_ row: Row) -> CachedProfile? {
        cached(UserDetails(row: row), row, from: UserDetails.selectionCount)
    }

    /// Saves `profile` of user `userID` with its response's `etag`, fetched `now`, over any
    /// profile saved before; `unknown`: the fields the answer left unknown (stored NULL).
    package static func save(_ profile: Profile, userID: Int64, etag: String?, now: Date, unknown: Set<Profile.Field> = [], _ db: Database) throws {
        let profile = profile.knowing(unknown)
        var arguments: StatementArguments = [userID]
        for field in Profile.Field.allCases {
            switch profile[field] {
            case .text(let value): arguments += [value]
            case .count(let value): arguments += [value]
            case .flag(let value): arguments += [value]
            }
        }
        arguments += [etag, now.timeIntervalSince1970, !unknown.isEmpty, Profile.Field.text(unknown)]
        let before = try Row.fetchOne(db.cachedStatement(sql: "SELECT \(wordColumns) FROM profile WHERE user_id = ?"), arguments: [userID])
        try db.cachedStatement(sql: insert).execute(arguments: arguments)
        try replaceWords(of: userID, before: before.map { row in wordFields.indices.map { row[$0] } }, after: wordFields.map { profile[$0.field].textValue }, db)
    }

    // MARK: Words

    /// The text fields whose qualifier (`fullname:`, `company:`, `location:`) or term
    /// (`in:email`, the words before the `@`) reads `profile_word`, each with its code there:
    /// never renumbered. `bio:` is left to a scan: its many words would make the table
    /// several times larger.
    static let wordFields: [(field: Profile.Field, code: Int)] = [(.name, 1), (.company, 2), (.location, 3), (.email, 4)]
    private static let wordColumns = wordFields.map(\.field.column).joined(separator: ", ")

    /// The code of `field` in `profile_word`, if its words are there.
    static func wordCode(_ field: Profile.Field) -> Int? {
        wordFields.first { $0.field == field }?.code
    }

    /// The distinct words of a value of `field`, folded (``WordMatch``): of an email, those
    /// before its `@` (``AppDatabase/emailWords``).
    private static func words(_ value: String?, of field: Profile.Field) -> Set<String> {
        guard let value else { return [] }
        let searched = field == .email ? WordMatch.localPart(value) : value
        return Set(WordMatch.words(TextArena.fold(searched)).map { String(decoding: $0, as: UTF8.self) })
    }

    /// Replaces the words of user `userID`'s profile: those of the values `before` (the
    /// ``wordFields``' values saved before, `nil`: none) that `after` no longer has go, the new
    /// ones come. So `profile_word` holds exactly the words of the cached profiles: a word
    /// found there needs no second look (``StoreService/Search/Qualified/words(_:_:_:)``).
    private static func replaceWords(of userID: Int64, before: [String?]?, after: [String?], _ db: Database) throws {
        for (index, (field, code)) in wordFields.enumerated() {
            let old = words(before?[index], of: field), new = words(after[index], of: field)
            guard old != new else { continue }
            for word in old.subtracting(new) {
                try db.cachedStatement(sql: "DELETE FROM profile_word WHERE field = ? AND word = ? AND user_id = ?").execute(arguments: [code, word, userID])
            }
            for word in new.subtracting(old) {
                try db.cachedStatement(sql: "INSERT OR IGNORE INTO profile_word (field, word, user_id) VALUES (?, ?, ?)").execute(arguments: [code, word, userID])
            }
        }
    }

    /// Removes the words of the profiles of the accounts other than `id` that hold `login`,
    /// before ``StoreService/Users`` removes those accounts (their profiles go with them):
    /// `profile_word` then holds exactly the cached profiles' words.
    static func forgetWords(ofAccountsHolding login: String, apartFrom id: Int64, _ db: Database) throws {
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT user_id, \(wordColumns) FROM profile WHERE user_id IN (SELECT id FROM user WHERE login = ? AND id <> ?)"),
            arguments: [login, id])
        for row in rows {
            try replaceWords(of: row[0], before: wordFields.indices.map { row[$0 + 1] }, after: wordFields.map { _ in nil }, db)
        }
    }

    /// Fills `profile_word` from every cached profile (migration `v16-profile-words`).
    static func indexAllWords(_ db: Database) throws {
        let rows = try Row.fetchCursor(db, sql: "SELECT user_id, \(wordColumns) FROM profile ORDER BY user_id")
        while let row = try rows.next() {
            try replaceWords(of: row[0], before: nil, after: wordFields.indices.map { row[$0 + 1] }, db)
        }
    }

    /// ``save(_:userID:etag:now:unknown:_:)``'s statement: the user, every field, then the rest.
    private static let insert: String = {
        let names = ["user_id"] + Profile.Field.allCases.map(\.column) + ["etag", "fetched_at", "partial", "unknown"]
        return "INSERT OR REPLACE INTO profile (\(names.joined(separator: ", "))) VALUES (\(names.map { _ in "?" }.joined(separator: ", ")))"
    }()

    /// `profile` with the fields it leaves `unknown` taken from the profile cached for `userID`
    /// where that one knew them, and the cached ETag: what is merged when GraphQL brings less
    /// than REST gave (an organization's followers), so that fetching again never makes a
    /// profile worse. The ETag stays true: a `304` to it means the REST object, and so the
    /// fields GraphQL brought, did not change.
    package static func merged(
        _ profile: Profile, unknown: Set<Profile.Field>, userID: Int64, _ db: Database
    ) throws -> (profile: Profile, unknown: Set<Profile.Field>, etag: String?) {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT \(columns) FROM profile WHERE user_id = ?"), arguments: [userID])
        else { return (profile, unknown, nil) }
        let rest = 1 + Profile.Field.allCases.count
        let known = unknown.subtracting(Profile.Field.set(row[rest + 2]))
        return (profile.copying(known, from: Self.profile(row, from: 0)), unknown.subtracting(known), row[rest])
    }

    /// Marks the profile of user `userID` as fetched `now` (revalidated: `304 Not Modified`).
    package static func touch(userID: Int64, now: Date, _ db: Database) throws {
        try db.execute(sql: "UPDATE profile SET fetched_at = ? WHERE user_id = ?", arguments: [now.timeIntervalSince1970, userID])
    }

    /// How many profiles are cached.
    package static func count(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM profile") ?? 0
    }

    // MARK: Pending

    /// How many cached users `profiles prefetch` fetches (``pending(after:limit:staleBefore:incomplete:_:)``).
    package static func pendingCount(staleBefore: Date?, incomplete: Bool = false, _ db: Database) throws -> Int {
        try Int.fetchOne(
            db, sql: "SELECT count(*) FROM user LEFT JOIN profile ON profile.user_id = user.id WHERE \(pendingCondition(incomplete))",
            arguments: pendingArguments(staleBefore, incomplete)) ?? 0
    }

    /// The next `limit` cached users after id `after`, by id, whose profile `profiles prefetch`
    /// fetches: those without one, and with `staleBefore` also those whose profile was fetched
    /// before it; `incomplete`: instead, those whose cached profile has fields unknown (an
    /// email a token could not read, an organization's followers, a field GitHub nulled). Never
    /// users marked gone. Read a batch at a time by keyset, so a million users are never in
    /// memory at once.
    package static func pending(after: Int64, limit: Int, staleBefore: Date?, incomplete: Bool = false, _ db: Database) throws -> [User] {
        var arguments: StatementArguments = [after]
        arguments += pendingArguments(staleBefore, incomplete)
        arguments += [limit]
        return try Row.fetchAll(
            db,
            sql: """
                SELECT \(User.selection) FROM user LEFT JOIN profile ON profile.user_id = user.id
                WHERE user.id > ? AND \(pendingCondition(incomplete)) ORDER BY user.id LIMIT ?
                """, arguments: arguments
        ).map { User(row: $0) }
    }

    private static func pendingCondition(_ incomplete: Bool) -> String {
        incomplete
            ? "user.gone = 0 AND profile.unknown <> ''"
            : "user.gone = 0 AND (profile.user_id IS NULL OR (? AND profile.fetched_at < ?))"
    }

    private static func pendingArguments(_ staleBefore: Date?, _ incomplete: Bool) -> StatementArguments {
        incomplete ? [] : [staleBefore != nil, staleBefore?.timeIntervalSince1970 ?? 0]
    }

    // MARK: Whole-table reads

    /// Calls `each` with every profile's row of `user_id`, then the `expressions` (over the
    /// table's columns), then its list of unknown fields (`''`: none), by user id, one row in
    /// memory at a time: what `browse`'s index reads (``ProfileColumns``).
    static func rows(selecting expressions: [String], _ db: Database, _ each: (Row) throws -> Void) throws {
        let rows = try Row.fetchCursor(
            db, sql: "SELECT user_id, \(expressions.joined(separator: ", ")), ifnull(unknown, '') FROM profile ORDER BY user_id")
        while let row = try rows.next() { try each(row) }
    }

    /// What changes when a saved profile changes: `browse`'s index reads the profiles again then.
    /// Not the fetch time: a revalidation (304) touches it without changing anything. The
    /// unknown lists' lengths: a field that comes back known changes no other column here. The
    /// counts: GitHub's `updated_at` does not move when followers come or go.
    static func signature(_ db: Database) throws -> [Double] {
        let row = try Row.fetchOne(
            db,
            sql: "SELECT count(*), total(partial), total(strftime('%s', updated_at)), total(length(unknown)), total(followers), total(public_repos) FROM profile")
        return (0..<6).map { row?[$0] ?? 0 }
    }
}
