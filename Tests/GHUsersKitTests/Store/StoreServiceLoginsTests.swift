import Foundation
import GRDB
import Testing

@testable import GHUsersKit

/// The logins shell completion offers: by prefix, ignoring case, cached users and notes on
/// users not cached yet, each once, cut at the limit, and read through the indexes.
@Suite("Logins for shell completion")
struct StoreServiceLoginsTests {
    let database: AppDatabase

    init() throws {
        database = try AppDatabase.inMemory()
        let logins: [Int64: String] = [1: "mojombo", 2: "defunkt", 3: "Mojodna", 4: "mo", 5: "wycats"]
        try database.write { try StoreService.Sync.savePage(
            Factory.page([1, 2, 3, 4, 5], logins: logins), request: .init(since: 0, movesCursor: true), etag: nil, $0) }
        try database.write { try StoreService.Notes.save(login: "mozart", text: "not cached", $0) }
        try database.write { try StoreService.Notes.save(login: "MOJOMBO", text: "cached, under another case", $0) }
    }

    func logins(_ prefix: String, limit: Int = 200) throws -> [String] {
        try database.read { try CombinedService.logins(prefix: prefix, limit: limit, $0) }
    }

    @Test("by prefix, case-insensitively, sorted, each login once, uncached notes included")
    func prefix() throws {
        #expect(try logins("mo") == ["mo", "Mojodna", "mojombo", "mozart"])
        #expect(try logins("MOJ") == ["Mojodna", "mojombo"])
        #expect(try logins("") == ["defunkt", "mo", "Mojodna", "mojombo", "mozart", "wycats"])
        #expect(try logins("x").isEmpty)
        #expect(try logins("mo", limit: 2) == ["mo", "Mojodna"])
    }

    @Test("both reads are range scans of login indexes, never a scan of the table")
    func usesIndexes() throws {
        try database.read { db in
            for select in ["SELECT login FROM user", "SELECT DISTINCT login FROM note"] {
                let plan = try Row.fetchAll(
                    db, sql: "EXPLAIN QUERY PLAN \(select) WHERE login >= 'mo' AND login < 'mo~' ORDER BY login LIMIT 200"
                ).map { $0["detail"] as String }
                #expect(plan.contains { $0.contains("USING") && $0.contains("INDEX") && $0.contains("login") }, "\(select): \(plan)")
                #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(select): sorted by the index, \(plan)")
            }
        }
    }
}
