import Foundation
import GRDB
import Testing

@testable import GHUsersKit

/// Searches of one or two characters come from `user_grams` and `note_grams`, kept by
/// triggers: they must find exactly what a scan finds, after every kind of write, and in a
/// file that had users and notes before the tables existed.
@Suite("The index of characters and pairs")
struct SearchGramsTests {
    /// ASCII letters of both cases, a digit, a hyphen, a space and a letter outside ASCII.
    static let alphabet = Array("aAbBz0- é")

    /// What a scan finds: `text` contains `term`, ASCII letters compared without case (as
    /// `LIKE` and SQLite's `lower` do).
    static func contains(_ text: String, _ term: String) -> Bool {
        func folded(_ string: String) -> String {
            String(string.unicodeScalars.map { $0.isASCII ? Character($0.properties.lowercaseMapping) : Character($0) })
        }
        return folded(text).contains(folded(term))
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
        try StoreService.Users.Search(database: database)("'" + term) { result in
            switch result {
            case .user(let details): users.insert(details.user.login)
            case .note(let note): pending.insert(note.login)
            }
        }
        return (users, pending)
    }

    static func randomText(_ random: inout SystemRandomNumberGenerator, length: ClosedRange<Int>, from letters: [Character]) -> String {
        String((0..<Int.random(in: length, using: &random)).map { _ in letters.randomElement(using: &random)! })
    }

    /// Writes `count` users and notes at random (some notes on users not cached) with plain SQL.
    static func fill(_ database: AppDatabase, home: inout Home, count: Int) throws {
        var random = SystemRandomNumberGenerator()
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
                try db.execute(sql: "INSERT INTO note (login, user_id, text, updated_at) VALUES (?, NULL, ?, 0)", arguments: [login, text])
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

    @Test("every term of one or two characters finds what a scan finds, in logins, notes and pending notes")
    func agreesWithScan() throws {
        let database = try AppDatabase.inMemory()
        var home = Home()
        try Self.fill(database, home: &home, count: 80)
        try Self.expectAgreement(database, home)
    }

    @Test("renamed and deleted users, edited and deleted notes: the index follows every write")
    func followsWrites() throws {
        let database = try AppDatabase.inMemory()
        var home = Home()
        try Self.fill(database, home: &home, count: 40)
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
        let queue = try DatabaseQueue()
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

        #expect(try queue.read { try AppDatabase.migrator.hasCompletedMigrations($0) })
        try Self.expectAgreement(database, home)
    }
}
