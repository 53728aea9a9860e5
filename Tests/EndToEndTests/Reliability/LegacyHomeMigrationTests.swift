import Foundation
import Testing

/// A home written by the release before sites (Tests/Fixtures/homes/before-sites, made with
/// that release's binary against github-fake: see its README.md) opened by this one.
@Suite("A home from before sites")
struct LegacyHomeMigrationTests {
    /// The fixture's database file.
    static let fixture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/homes/before-sites/ghusers.sqlite")

    @Test("moves into github.com's folder on first open, whatever the site, and keeps every note, user and the cursor")
    func migrates() async throws {
        try await EndToEnd.with { world in
            // Given a copy of the old home, and what it holds.
            try FileManager.default.createDirectory(at: world.home, withIntermediateDirectories: true)
            let legacy = world.home.appendingPathComponent("ghusers.sqlite")
            try FileManager.default.copyItem(at: Self.fixture, to: legacy)
            let old = StoreInspector(database: legacy)
            let notes = try old.notes()
            let users = try old.userIDs()
            let cursor = try old.cursor()
            #expect(notes.count >= 3 && users.count >= 30)

            // When this release runs against another site (the fake).
            let status = try #require(try await world.json("status") as? [String: Any])

            // Then the old data is github.com's, listed as the other site, and the fake's is empty.
            #expect(status["users"] as? Int == 0 && status["notes"] as? Int == 0)
            let others = try #require(status["other_sites"] as? [[String: Any]])
            #expect(others.count == 1)
            #expect(others.first?["api_url"] as? String == "https://api.github.com")
            #expect(others.first?["site"] as? String == "api.github.com")
            #expect(others.first?["notes"] as? Int == notes.count && others.first?["users"] as? Int == users.count)
            #expect(!FileManager.default.fileExists(atPath: legacy.path))
            #expect(!FileManager.default.fileExists(atPath: legacy.path + "-wal"))
            let moved = StoreInspector(database: world.home.appendingPathComponent("sites/api.github.com/ghusers.sqlite"))
            #expect(try moved.integrity() == "ok")
            #expect(try moved.notes() == notes)
            #expect(try moved.userIDs() == users)
            #expect(try moved.cursor() == cursor)

            // And github.com's commands see all of it, offline.
            var dotcom = world.ghusers
            dotcom.environment = ["GHUSERS_API_URL": "https://api.github.com"]
            let export = try await dotcom.run(["notes", "export", "--offline"])
            #expect(export.status == 0, "\(export)")
            let archive = try #require(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])
            #expect(archive["site"] as? String == "https://api.github.com")
            let exported = (archive["notes"] as? [[String: Any]] ?? []).compactMap { entry -> (String, String)? in
                guard let login = entry["login"] as? String, let note = entry["note"] as? String else { return nil }
                return (login, note)
            }
            #expect(Dictionary(uniqueKeysWithValues: exported) == notes)
            let list = try await dotcom.run(["list", "--offline", "--json"])
            let listed = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
            #expect(listed.count == users.count)
            // The index of one and two characters was filled from the old rows (schema v5).
            let short = try await dotcom.run(["search", "--offline", "Ü"])
            #expect(short.status == 0 && short.stdout.contains("tawk"), "\(short)")
            let pair = try await dotcom.run(["search", "--offline", "--json", "oj"])
            let found = try #require(try JSONSerialization.jsonObject(with: Data(pair.stdout.utf8)) as? [[String: Any]])
            let logins = Set(found.compactMap { $0["login"] as? String })
            let expected = Set(notes.filter { $0.key.lowercased().contains("oj") || $0.value.lowercased().contains("oj") }.keys)
            #expect(logins.contains("mojombo") && expected.isSubset(of: logins), "\(logins)")
            #expect(await world.server.stats().requests == 0)
        }
    }
}
