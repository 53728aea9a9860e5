import Foundation
import GRDB
import PropertyBased
import Testing

@testable import GHUsersKit

/// Qualifiers in SQLite (``StoreService/Users/Qualified`` and ``StoreService/Users/Search``) on
/// a real database file, against an oracle written in Swift over the same generated users:
/// every query of random pieces returns exactly the users the oracle accepts.
@Suite("Search qualifiers in SQLite, on a database file")
struct StoreServiceQualifiedTests {
    /// One generated user, its note and its profile, as the oracle reads them.
    struct Fixture {
        var user: User
        var seen: Bool
        var gone: Bool
        var note: String?
        var profile: Profile?
        /// The fields its answer left unknown: an organization's followers, a location GitHub nulled with an error.
        var unknown: Set<Profile.Field>
    }

    static let locations: [String?] = [
        "Berlin, Germany", "New York", "İstanbul", "São Paulo", "berlin", nil, "", "100% remote_ok", "Berlin–Germany", "Tokyo，Japan", "Berlin·Mitte", "東京都",
    ]
    static let names: [String?] = ["Ann Lee", "Ânna", nil, "Bert"]

    /// A database file of 60 generated users (the same at every run), with notes, seen and
    /// gone marks and profiles (partial organizations among them), and the users as the oracle
    /// sees them; `body` runs on it, then the folder goes.
    func withUsers(everyoneProfiled: Bool = false, _ body: (AppDatabase, [Fixture]) async throws -> Void) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let database = try AppDatabase.open(at: folder.url.appendingPathComponent("ghusers.sqlite"))
        var state: UInt64 = 33
        func random(_ range: Range<Int>) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Int((state >> 33) % UInt64(range.count))
        }
        var fixtures: [Fixture] = []
        let logins = ["ann", "bert", "berta", "cat", "annika", "zed", "ber"]
        for id in Int64(1)...60 {
            let organization = id % 4 == 0
            let type = organization ? "Organization" : id % 11 == 0 ? "Bot" : "User"  // GitHub's Bot: neither type:user nor type:org
            let login = id <= Int64(logins.count) ? logins[Int(id) - 1] : "user\(id)"
            var profile: Profile?
            if id % 5 != 0 || everyoneProfiled {
                profile = Profile(
                    name: Self.names[Int(id) % Self.names.count], company: id % 3 == 0 ? "@Acme" : nil, blog: nil,
                    location: Self.locations[random(0..<Self.locations.count)], email: id % 3 == 1 ? "\(login).Bert@example.com" : nil, hireable: id % 7 == 0 ? true : nil,
                    bio: id % 2 == 0 ? "Rust and SQLite" : nil, twitterUsername: nil, publicRepos: random(0..<31),
                    publicGists: 0, followers: organization && id % 8 == 0 ? nil : random(0..<31), following: 0,
                    createdAt: Timestamp.iso8601(Date(timeIntervalSince1970: Double(1_230_768_000 + random(0..<4_000) * 86_400 + random(0..<86_400)))),
                    updatedAt: nil)
            }
            fixtures.append(
                Fixture(
                    user: Factory.user(id, login, type: type), seen: id % 6 == 0, gone: id % 9 == 0,
                    note: id % 3 == 1 ? ["met in Berlin", "rust fan", "a:b ratio", "Ann's friend"][Int(id) % 4] : nil, profile: profile,
                    unknown: Set<Profile.Field>(organization && id % 8 == 0 ? [.followers] : []).union(id % 13 == 1 ? [.location] : [])))
        }
        let users = fixtures.map(\.user)
        try await database.write { try StoreService.Sync.savePage(
            UsersPage(users: users, itemCount: users.count, skipped: 0, cursor: users.last?.id), request: .init(since: 0, movesCursor: true), etag: nil, $0) }
        for fixture in fixtures {
            if let note = fixture.note { try await database.write { try StoreService.Notes.save(login: fixture.user.login, text: note, $0) } }
            if fixture.seen { try await database.write { try StoreService.Users.markSeen(id: fixture.user.id, $0) } }
            if fixture.gone { try await database.write { try StoreService.Users.markGone(id: fixture.user.id, $0) } }
            if let profile = fixture.profile {
                try await database.write { db in
                    try StoreService.Profiles.save(profile, userID: fixture.user.id, etag: nil, now: Date(), unknown: fixture.unknown, db)
                }
            }
        }
        try await body(database, fixtures)
    }

    /// The oracle: whether `fixture` matches `query`, from the strings.
    static func matches(_ query: SearchQuery, _ fixture: Fixture) -> Bool {
        let login = SearchQuery.record(fixture.user.login)
        func has(_ text: String?, _ needle: [UInt8]) -> Bool { text.map { SearchQuery.contains(SearchQuery.record($0), needle) } ?? false }
        let terms = query.terms.allSatisfy { term in
            let found =
                (term.fields.contains(.login) && SearchQuery.contains(login, term.needle))
                || (term.kind == .contains && term.fields.contains(.note) && has(fixture.note, term.needle))
                || (term.kind == .contains && term.fields.contains(.name) && has(fixture.profile?.name, term.needle))
                || (term.kind == .contains && term.fields.contains(.email) && localPart(fixture.profile?.email).map { holdsWords(String(decoding: term.text, as: UTF8.self), in: $0) } == true)
            return found != term.negated
        }
        return !query.isEmpty && terms && query.qualifiers.allSatisfy { holds($0, fixture) }
    }

    /// An email's part before its `@` (GitHub cannot search domains).
    static func localPart(_ email: String?) -> String? {
        email.map { String($0.prefix { $0 != "@" }) }
    }

    /// The oracle's order of `sort`: the known values highest first (lowest, ascending), then
    /// those without one, each tie by id.
    static func sorted(_ fixtures: [Fixture], by sort: SearchQuery.Sort) -> [Int64] {
        func value(_ fixture: Fixture) -> String? {
            guard let profile = fixture.profile, !fixture.unknown.contains(sort.key.field) else { return nil }
            switch profile[sort.key.field] {
            case .count(let count?): return String(format: "%020d", count)
            case .text(let text?): return text
            default: return nil
            }
        }
        return fixtures.sorted { a, b in
            switch (value(a), value(b)) {
            case (nil, nil): return a.user.id < b.user.id
            case (nil, _): return false
            case (_, nil): return true
            case (let x?, let y?): return x == y ? a.user.id < b.user.id : (sort.ascending ? x < y : x > y)
            }
        }.map(\.user.id)
    }

    /// GitHub's whole words (`location:us` is not Russia), written apart from ``WordMatch``:
    /// the folded value's words (runs of letters, decimal digits and marks; each ideograph
    /// alone) hold the text's in a row; a text without a word is a part of the value.
    static func holdsWords(_ text: String, in value: String) -> Bool {
        let split = { (text: String) -> [String] in
            var spaced = ""
            for scalar in text.unicodeScalars {
                let category = scalar.properties.generalCategory
                if scalar.properties.isIdeographic {
                    spaced += " \(scalar) "
                } else if [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber]
                    .contains(category)
                {
                    spaced.unicodeScalars.append(scalar)
                } else {
                    spaced += " "
                }
            }
            return spaced.split(separator: " ").map(String.init)
        }
        let (words, phrase) = (split(TextArena.foldedString(value)), split(text))
        guard !phrase.isEmpty else { return TextArena.fold(value).firstRange(of: Array(text.utf8)) != nil }
        return words.count >= phrase.count && (0...(words.count - phrase.count)).contains { Array(words[$0..<$0 + phrase.count]) == phrase }
    }

    static func holds(_ qualifier: SearchQuery.Qualifier, _ fixture: Fixture) -> Bool {
        let profile = fixture.profile
        let found: Bool?
        switch qualifier.test {
        case .type(let type): found = fixture.user.type == type
        case .login(let login, let organization): found = fixture.user.login.lowercased() == login && (!organization || fixture.user.type == "Organization")
        case .seen: found = fixture.seen
        case .gone: found = fixture.gone
        case .hasNote: found = fixture.note != nil
        case .hasProfile: found = profile != nil
        case .anyOf(let tests):
            found = tests.contains { holds(SearchQuery.Qualifier(test: $0, negated: false), fixture) }
        case .text(let field, let text):
            // Unknown, as an unknown count: neither matched nor excluded. Absent (null) is known.
            guard let profile, !fixture.unknown.contains(field), case .text(let value) = profile[field] else { return false }
            found = value.map { Self.holdsWords(text, in: $0) } ?? false
        case .count(let field, let lower, let upper):
            guard let profile, case .count(let value?) = profile[field] else { return false }
            found = (lower.map { Int64(value) >= $0 } ?? true) && (upper.map { Int64(value) < $0 } ?? true)
        case .date(let field, let lower, let upper):
            guard let profile, case .text(let value?) = profile[field] else { return false }
            found = (lower.map { value >= $0 } ?? true) && (upper.map { value < $0 } ?? true)
        case .flag(let field, let wanted):
            // GitHub sends null for a flag not set: false.
            guard let profile, case .flag(let value) = profile[field] else { return false }
            found = (value ?? false) == wanted
        }
        return found.map { $0 != qualifier.negated } ?? false
    }

    static let pieces = [
        "location:berlin", "!location:berlin", "location:\"new york\"", "location:york", "location:ber", "location:i", "location:istanbul", "location:İst", "location:são", "location:%", "location:_ok",
        "followers:>10", "followers:5..20", "!followers:<10", "repos:*..3", "repos:10..*", "created:>2012-01-01", "created:2010-01-01..2011-12-31",
        "-created:<=2013-06-30", "created:<=9999-12-31", "created:<0999-01-01", "type:org", "-type:org", "type:user", "is:seen", "!is:gone", "has:note", "!has:note", "has:profile",
        "!has:profile", "company:acme", "!company:acme", "bio:rust", "fullname:ann", "fullname:â", "in:name", "in:login", "in:note",
        "in:login,name", "in:email", "in:email,note", "ann", "ber", "a", "^ber", "t$", "!e", "'a:b", "rust", "hireable:true", "!hireable:true", "hireable:false", "user:ann", "!user:bert", "org:user8", "org:ann", "NOT ann", "NOT type:org",
        // Unicode's words, alternatives (any two location:, user: or org: pieces), emails' local parts and sort:.
        "location:tokyo", "location:東京", "location:京都", "location:mitte", "location:germany", "-location:tokyo", "in:email bert", "in:email example", "user:zed",
        "sort:followers", "sort:repositories-asc", "sort:joined", "sort:joined-asc",
    ]

    /// `everyoneProfiled`: every user has a profile, so the index links profile n to login n
    /// without a list (``ProfileColumns/loginOf`` is `nil`).
    @Test("random queries of terms and qualifiers: search, the id filter and browse's index return exactly the oracle's users", arguments: [false, true])
    func randomQueries(everyoneProfiled: Bool) async throws {
        let piece = Gen.element(of: Self.pieces).map { $0! }
        try await withUsers(everyoneProfiled: everyoneProfiled) { database, fixtures in
        let index = SearchIndex()
        try index.load(from: database)
        #expect(index.profilesLinkedInPlace == everyoneProfiled)
        await propertyCheck(count: PropertyScale.count(everyoneProfiled ? 150 : 300), input: piece, piece, piece, Gen.int(in: 1...3)) { a, b, c, count in
            let text = [a, b, c].prefix(count).joined(separator: " ")
            let query = SearchQuery(text)
            guard query.problem == nil else {
                // Two sort: pieces.
                #expect(throws: SearchQuery.Problem.self, "\(text)") { try database.read { try StoreService.Search.matches(text, $0) { _ in } } }
                return
            }
            do {
                var found: [Int64] = []
                try await database.read { try StoreService.Search.matches(text, $0) { result in
                    if case .user(let details) = result { found.append(details.user.id) }
                } }
                let expected = fixtures.filter { Self.matches(query, $0) }.map(\.user.id)
                #expect(found.sorted() == expected, "\(text)")
                // Every word dense: the words tested user by user, in the read's own order.
                var streamed: [Int64] = []
                try await database.read { try StoreService.Search.matches(text, denseWords: 1, $0) { result in
                    if case .user(let details) = result { streamed.append(details.user.id) }
                } }
                #expect(streamed == found, "streamed: \(text)")
                if let sort = query.sort {
                    #expect(found == Self.sorted(fixtures.filter { Self.matches(query, $0) }, by: sort), "order of \(text)")
                }
                var among: [Int64]?
                if let filter = query.unindexed {
                    let ids = try await database.read { try StoreService.Search.Qualified.ids(filter, $0) }
                    #expect(ids == fixtures.filter { Self.matches(filter, $0) }.map(\.user.id), "filter of \(text)")
                    among = ids
                }
                // browse's `/`: the qualifiers the index holds in memory, ANDed with the rest.
                let window = index.window(text, id: nil, before: false, count: 100, among: among)
                #expect(window?.ids.sorted() == expected && window?.total == expected.count, "index: \(text)")
                if let sort = query.sort {
                    let order = Self.sorted(fixtures.filter { Self.matches(query, $0) }, by: sort)
                    #expect(window?.ids == order, "index's order of \(text)")
                    // Scrolled by place, as browse reads windows: after the 7th, before the 7th.
                    let after = index.window(text, id: order.dropFirst(6).first, position: 6, count: 100, among: among)?.ids
                    let before = index.window(text, id: order.dropFirst(6).first ?? 0, before: true, position: 6, count: 100, among: among)?.ids
                    #expect(after == Array(order.dropFirst(7)) && before == Array(order.prefix(6)), "windows of \(text)")
                    // Until the index is loaded, SQLite gives the same places.
                    let reads = CombinedService.Reads(database: database, ownsConnection: false)
                    let read = { try reads.sortedMatches(text, from: 7, count: 100) }  // browse's queue, not a task
                    let sqlite = try read().map(\.user.id)
                    #expect(sqlite == Array(order.dropFirst(7)), "SQLite's window of \(text)")
                }
            } catch {
                Issue.record("\(text): \(error)")
            }
        }
        }
    }

    @Test("the exact login comes first only if it holds the qualifiers; a qualifier leaves the notes on uncached users out")
    func exactAndPending() async throws {
        try await withUsers { database, _ in
        try await database.write { try StoreService.Notes.save(login: "ghost", text: "ann's friend, in Berlin", $0) }
        var found: [String] = []
        try await database.read { try StoreService.Search.matches("ann", $0) { found.append($0.login) } }
        #expect(found.first == "ann" && found.last == "ghost")
        found = []
        try await database.read { try StoreService.Search.matches("ann type:org", $0) { found.append($0.login) } }
        #expect(!found.contains("ann") && !found.contains("ghost"))
        }
    }

    @Test("a problem in the query is thrown, not an empty result")
    func problem() async throws {
        try await withUsers { database, _ in
            #expect(throws: SearchQuery.Problem.self) { try database.read { try StoreService.Search.matches("locaton:berlin", $0) { _ in } } }
        }
    }

    @Test("the users without a profile are counted: cached users minus cached profiles")
    func withoutProfile() async throws {
        try await withUsers { database, fixtures in
            let missing = try await database.read(StoreService.Search.Qualified.withoutProfile)
            #expect(missing == fixtures.filter { $0.profile == nil }.count)
        }
    }

    @Test("types and seen marks are read through their indexes; profile qualifiers are one statement over the profiles")
    func plans() async throws {
        try await withUsers { database, _ in
        func plan(_ text: String) throws -> String {
            let (sql, arguments, _) = StoreService.Search.Qualified.statement(SearchQuery(text))
            return try database.read { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String }.joined(separator: "; ")
            }
        }
        let plans = try ["type:org", "is:seen", "location:berlin followers:>10 type:org", "has:note"].map(plan)
        #expect(plans[0].contains("INDEX user_type") && plans[1].contains("INDEX user_seen"), "\(plans)")
        // One statement over the profiles (the type merged apart), one over the notes.
        #expect(!plans[2].contains("user") && !plans[3].contains("SCAN user") && !plans[3].contains("SEARCH user"), "\(plans)")
        }
    }
}
