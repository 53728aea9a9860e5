import Foundation
import GRDB
import PropertyBased
import Testing

@testable import GHUsersKit

/// A page is usually upserted in one statement (`StoreService.Users.upsert(_:_:now:)`); a page where a login
/// moved falls back to one upsert per user. Both must leave the same rows: users with their
/// seen marks, notes attached to their users, and a consistent login index.
@Suite("Page upsert: one statement and one per user agree")
struct UserUpsertDifferentialTests {
    static let before = Date(timeIntervalSince1970: 1_700_000_000)
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// User `id` as a page in `variant` sends it. Logins belong to their ids (only their case
    /// changes), so no page has a moved login and the one-statement path is always taken.
    static func user(_ id: Int64, variant: Int) -> User {
        let login = variant % 2 == 0 ? "user\(id)" : "User\(id)"
        return User(
            id: id, login: login, nodeID: variant % 3 == 0 ? nil : "N\(id)-\(variant)",
            avatarURL: "https://avatars.example/u/\(id)?v=\(variant)", htmlURL: variant % 5 == 0 ? nil : "https://github.com/\(login)",
            type: variant % 4 == 0 ? "Organization" : "User", siteAdmin: variant % 7 == 0)
    }

    /// A store holding users `cached` (variant 1), the `seen` ones marked, and notes for the
    /// logins of `noted` (cached or not yet).
    static func store(cached: [Int64], seen: [Int64], noted: [Int64]) throws -> AppDatabase {
        let database = try AppDatabase.inMemory()
        try database.write { db in
            for id in cached { try StoreService.Users.upsert(user(id, variant: 1), db, now: before) }
            for id in seen { try db.execute(sql: "UPDATE user SET seen = 1 WHERE id = ?", arguments: [id]) }
        }
        for id in noted { try database.write { try StoreService.Notes.save(login: "user\(id)", text: "note \(id)", now: before, $0) } }
        return database
    }

    /// Everything the two paths must agree on.
    static func contents(_ database: AppDatabase) throws -> [[Row]] {
        try database.write { db in
            // Fails if the external-content index disagrees with the user table.
            try db.execute(sql: "INSERT INTO user_fts(user_fts) VALUES ('integrity-check')")
            return [
                try Row.fetchAll(db, sql: "SELECT * FROM user ORDER BY id"),
                try Row.fetchAll(db, sql: "SELECT login, user_id, text, updated_at FROM note ORDER BY login"),
                try Row.fetchAll(db, sql: "SELECT rowid FROM user_fts WHERE user_fts MATCH '\"ser\"' ORDER BY rowid"),
            ]
        }
    }

    static let ids = Gen<Int64>.value(in: 1...40).array(of: 0...25)
    static let input = zip(ids, ids, ids, Gen<Int64>.value(in: 1...40).array(of: 2...30), Gen<Int>.value(in: 0...209))

    @Test("the same page saved both ways leaves the same users, seen marks, notes and index")
    func bothPathsAgree() async throws {
        await propertyCheck(count: PropertyScale.count(200), input: Self.input) { cached, seen, noted, pageIDs, variant in
            let page = Set(pageIDs).sorted().map { Self.user($0, variant: variant) }
            guard page.count > 1 else { return }
            do {
                // Given two equal stores
                let batched = try Self.store(cached: cached, seen: seen, noted: noted)
                let oneByOne = try Self.store(cached: cached, seen: seen, noted: noted)
                // When one saves the page in one statement and the other user by user
                let range = page.first!.id...page.last!.id
                try await batched.write { db in
                    try StoreService.Users.upsert(page, db, now: Self.now)
                    try StoreService.Notes.attach(ids: range, db)
                }
                try await oneByOne.write { db in
                    for user in page { try StoreService.Users.upsert(user, db, now: Self.now) }
                    try StoreService.Notes.attach(ids: range, db)
                }
                // Then they hold the same rows
                #expect(try Self.contents(batched) == Self.contents(oneByOne), "page \(page.map(\.id)), variant \(variant)")
            } catch {
                Issue.record("\(error)")
            }
        }
    }
}
