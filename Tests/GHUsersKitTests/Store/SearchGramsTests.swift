import Foundation
import GRDB
import Testing

@testable import GHUsersKit

/// Searches of one or two characters come from `user_grams` and `note_grams`, kept by
/// triggers: they must find exactly what a scan finds, after every kind of write, and in a
/// file that had users and notes before the tables existed.
@Suite("The index of characters and pairs")
struct SearchGramsTests {
    /// ASCII letters of both cases, a digit, a hyphen, a space and a letter outside ASCII in
    /// both cases.
    static let alphabet = Array("aAbBz0- éÉ")

    /// What a scan finds: `text` contains `term` without regard to case (as the trigram index
    /// and `browse`'s index compare).
    static func contains(_ text: String, _ term: String) -> Bool {
        text.lowercased().contains(term.lowercased())
    }

    /// Every term of one and two characters of ``alphabet`` but the space (a separator in
    /// search syntax).
    static let terms: [String] = {
        let letters = alphabet.filter { $0 != " " }
        return letters.map { String($0) } + letters.flatMap { first in letters.map { String([first, $0]) } }
    }()

    struct Home {
        var logins: [Int64: String] = [:]
        /// Notes by login; the user's id when it is cached.
        var notes: [String: (userID: Int64?, text: String)] = [:]

        /// The logins a search for `term` must give: users (any order), then pending notes.
        func expected(_ term: String) -> (users: Set<String>, pending: Set<String>) {
            var users = Set<String>()
            for (id, login) in logins {
                let note = notes.values.first { $0.userID == id }
                if SearchGramsTests.contains(login, term) || note.map({ SearchGramsTests.contains($0.text, term) }) == true {
                    users.insert(login)
                }
            }
            let pending = notes.filter { login, note in
                note.userID == nil && (SearchGramsTests.contains(login, term) || SearchGramsTests.contains(note.text, term))
            }
            return (users, Set(pending.keys))
        }
    }

    static func search(_ term: String, in database: AppDatabase) throws -> (users: Set<String>, pending: Set<String>) {
        var users = Set<String>(), pending = Set<String>()
        try database.read { try StoreService.Search.matches("'" + term, $0) { result in
            switch result {
            case .user(let details): users.insert(details.user.login)
            case .note(let note): pending.insert(note.login)
            }
        } }
        return (users, pending)
    }

    /// xorshift64*: seeded, so that a failing run can be repeated (the seed is in the test's name).
    struct Random: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 2_685_821_657_736_338_717
        }
    }

    static func randomText(_ random: inout Random, length: ClosedRange<Int>, from letters: [Character]) -> String {
        String((0..<Int.random(in: length, using: &random)).map { _ in letters.randomElement(using: &random)! })
    }

    /// Writes `count` users and notes at random (some notes on users not cached) with plain SQL.
    static func fill(_ database: AppDatabase, home: inout Home, count: Int, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) throws {
        var random = Random(state: seed)
        let loginLetters = alphabet.filter { $0.isASCII && $0 != " " && $0 != "-" }
        try database.write { db in
            for id in Int64(1)...Int64(count) {
                let login = randomText(&random, length: 1...6, from: loginLetters) + "\(id)"
                try db.execute(
                    sql: "INSERT INTO user (id, login, avatar_url, type, site_admin, fetched_at) VALUES (?, ?, 'https://a.example/', 'User', 0, 0)",
                    arguments: [id, login])
                home.logins[id] = login
                if Bool.random(using: &random) {
                    let text = randomText(&random, length: 1...10, from: alphabet)
                    try db.execute(sql: "INSERT INTO note (login, user_id, text, updated_at) VALUES (?, ?, ?, 0)", arguments: [login, id, text])
                    home.notes[login] = (id, text)
                }
            }
            for index in 0..<(count / 4) {
                let login = "pending\(index)"
                let text = randomText(&random, length: 1...10, from: alphabet)
                // A file of today's schema marks such a note waiting (StoreService.Notes does);
                // an older one gets the mark when it is migrated.
                let waiting = try db.columns(in: "note").contains { $0.name == "waiting" }
                try db.execute(
                    sql: "INSERT INTO note (login, user_id, text, updated_at\(waiting ? ", waiting" : "")) VALUES (?, NULL, ?, 0\(waiting ? ", 1" : ""))",
                    arguments: [login, text])
                home.notes[login] = (nil, text)
            }
        }
    }

    static func expectAgreement(_ database: AppDatabase, _ home: Home) throws {
        for term in terms {
            let found = try search(term, in: database)
            let expected = home.expected(term)
            #expect(found.users == expected.users, "users for \(term.debugDescription)")
            #expect(found.pending == expected.pending, "pending notes for \(term.debugDescription)")
        }
    }

    @Test("every term of one or two characters finds what a scan finds, in logins, notes and pending notes (seeds 1-3)", arguments: [1, 2, 3] as [UInt64])
    func agreesWithScan(seed: UInt64) throws {
        let database = try AppDatabase.inMemory()
        var home = Home()
        try Self.fill(database, home: &home, count: 80, seed: seed)
        try Self.expectAgreement(database, home)
    }

    @Test("a term with a letter outside ASCII finds it in either case; the terms are the index's spellings")
    func caseOutsideASCII() throws {
        #expect(SearchGrams.spellings("é") == ["É", "é"])
        #expect(SearchGrams.spellings("ab") == ["ab"])
        #expect(SearchGrams.spellings("éa").count == 2)
        #expect(SearchGrams.query("oc") == "6F63")
        let database = try AppDatabase.inMemory()
        try database.write { try StoreService.Notes.save(login: "tawk", text: "ÉTÉ ÜBER", $0) }
        #expect(try Self.search("é", in: database).pending == ["tawk"])
        #expect(try Self.search("üb", in: database).pending == ["tawk"])
    }

    @Test("a note longer than the indexed part is found by a term beyond it; only that part is tokenised, even at 1 MiB", .timeLimit(.minutes(2)))
    func longNotes() throws {
        let database = try AppDatabase.inMemory()
        let long = String(repeating: "a", count: SearchGrams.indexedCharacters + 10) + "zq"
        try database.write { try StoreService.Notes.save(login: "tawk", text: long, $0) }
        #expect(try Self.search("zq", in: database).pending == ["tawk"])
        #expect(try Self.search("q", in: database).pending == ["tawk"])
        #expect(try Self.search("x", in: database).pending.isEmpty)
        // 1 MiB of text: the tokens of the first 4,096 characters only (tokens of the whole
        // text cost the square of its length: a quarter of an hour); edited once, so both
        // triggers run. Its last pair is not in the table, and the search finds it all the same.
        let huge = String(repeating: "word ", count: Note.maximumBytes / 5)
        try database.write { try StoreService.Notes.save(login: "defunkt", text: huge, $0) }
        try database.write { try StoreService.Notes.save(login: "defunkt", text: huge + "Zq", $0) }
        let indexed = try database.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM note_grams WHERE note_grams MATCH ?", arguments: [SearchGrams.query("zq")])
        }
        #expect(indexed == 0, "no note has zq within its first 4,096 characters")
        #expect(try Self.search("zq", in: database).pending == ["defunkt", "tawk"])
        #expect(try Self.search("wo", in: database).pending == ["defunkt"])
    }

    @Test("renamed and deleted users, edited and deleted notes: the index follows every write")
    func followsWrites() throws {
        let database = try AppDatabase.inMemory()
        var home = Home()
        try Self.fill(database, home: &home, count: 40)
        // Renamed through the page save's upsert (ON CONFLICT DO UPDATE), as a sync renames.
        let ids = Array(Int64(21)...25)
        let page = Factory.page(ids, logins: Dictionary(uniqueKeysWithValues: ids.map { ($0, "Renamed\($0)") }))
        try database.write { try StoreService.Sync.savePage(page, request: .init(since: 20, movesCursor: false), etag: nil, $0) }
        for user in page.users {
            if let note = home.notes.removeValue(forKey: home.logins[user.id]!) { home.notes[user.login] = note }
            home.logins[user.id] = user.login
        }
        try database.write { db in
            for id in Int64(1)...10 {
                let login = "Zz-é\(id)".replacingOccurrences(of: "é", with: "b")
                try db.execute(sql: "UPDATE user SET login = ? WHERE id = ?", arguments: [login, id])
                if let note = home.notes.removeValue(forKey: home.logins[id]!) {
                    try db.execute(sql: "UPDATE note SET login = ?, text = ? WHERE user_id = ?", arguments: [login, "É0" + note.text, id])
                    home.notes[login] = (id, "É0" + note.text)
                }
                home.logins[id] = login
            }
            for id in Int64(11)...20 {
                try db.execute(sql: "DELETE FROM note WHERE user_id = ?", arguments: [id])
                home.notes = home.notes.filter { $0.value.userID != id }
                try db.execute(sql: "DELETE FROM user WHERE id = ?", arguments: [id])
                home.logins[id] = nil
            }
        }
        try Self.expectAgreement(database, home)
        // The contentless tables hold exactly the rows left: no token of a deleted row remains.
        let counts = try database.read { db in
            [
                try Int.fetchOne(db, sql: "SELECT count(*) FROM user_grams WHERE user_grams MATCH hex(lower('z'))") ?? -1,
                try Int.fetchOne(db, sql: "SELECT count(*) FROM user WHERE login LIKE '%z%'") ?? -2,
            ]
        }
        #expect(counts[0] == counts[1])
    }

    @Test("a file from before the index (schema v4) gets it on open, its users and notes included")
    func migratesExistingRows() throws {
        var configuration = Configuration()
        AppDatabase.addFunctions(to: &configuration)
        let queue = try DatabaseQueue(configuration: configuration)
        try AppDatabase.migrator.migrate(queue, upTo: "v4-site")
        var home = Home()
        try Self.fill(AppDatabase(current: queue), home: &home, count: 60)
        #expect(try queue.read { try $0.tableExists("user_grams") } == false)
        // A file this size would take a while: the line said before migrating names it.
        let notice = try queue.read { try AppDatabase.migrationNotice($0, from: 60) }
        #expect(notice?.contains("indexing 60 cached users") == true)
        #expect(try queue.read { try AppDatabase.migrationNotice($0, from: 61) } == nil)

        let database = try AppDatabase(queue)

        #expect(try queue.read { try AppDatabase.migrationNotice($0, from: 1) } == nil)
        #expect(try DatabaseQueue().read { try AppDatabase.migrationNotice($0, from: 0) } == nil, "a new file says nothing")
        // A file from before the profiles' words, with profiles: the line names them.
        let older = try DatabaseQueue(configuration: configuration)
        try AppDatabase.migrator.migrate(older, upTo: "v15-kept-queries")
        try older.write { db in
            try StoreService.Sync.savePage(
                UsersPage(users: [Factory.user(1, "ann"), Factory.user(2, "bo")], itemCount: 2, skipped: 0, cursor: 2), request: .init(since: 0, movesCursor: true), etag: nil, db)
            for id in Int64(1)...2 { try db.execute(sql: "INSERT INTO profile (user_id, location, fetched_at) VALUES (?, 'Berlin', 0)", arguments: [id]) }
        }
        #expect(try older.read { try AppDatabase.migrationNotice($0, from: 2) }?.contains("the words of 2 cached profiles") == true)
        #expect(try older.read { try AppDatabase.migrationNotice($0, from: 3) } == nil)
        let migrated = try AppDatabase(older)
        var found: [String] = []
        try migrated.read { try StoreService.Search.matches("location:berlin", $0) { found.append($0.login) } }
        #expect(found == ["ann", "bo"], "the migration fills profile_word from the profiles there")

        #expect(try queue.read { try AppDatabase.migrator.hasCompletedMigrations($0) })
        try Self.expectAgreement(database, home)
    }
}
