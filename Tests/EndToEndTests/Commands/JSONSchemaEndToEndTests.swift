import Foundation
import GRDB
import GitHubFake
import Testing

/// Every user object `--json` prints is GitHub's own, validated against GitHub's schema files
/// once the documented local fields are set aside: simple-user for `next-page`, `list` and
/// `search` rows (less `note`, `seen` and `gone`), public-user for `profile` (less `note`, `seen`,
/// `gone` and `fetched_at`; that schema allows no other field).
@Suite("--json output against GitHub's schemas")
struct JSONSchemaEndToEndTests {
    static var simpleUser: JSONSchema { get throws { try JSONSchema(fixture: "schema-simple-user.json") } }
    static var publicUser: JSONSchema { get throws { try JSONSchema(fixture: "schema-public-user.json") } }

    /// The simple-user schema errors of each row, after removing the local fields.
    static func errors(rows stdout: String, local: [String] = ["note", "seen", "gone"]) throws -> [String] {
        let schema = try simpleUser
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [[String: Any]])
        #expect(!rows.isEmpty)
        return rows.flatMap { row in
            var row = row
            for key in local { #expect(row.removeValue(forKey: key) != nil, "\(key) missing") }
            return schema.errors(row)
        }
    }

    static func profileErrors(_ stdout: String) throws -> [String] {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
        for key in ["note", "seen", "gone", "fetched_at"] { #expect(object.removeValue(forKey: key) != nil, "\(key) missing") }
        return try publicUser.errors(object)
    }

    @Test("the check fails on the old shapes: a row without URLs, a profile with an extra field")
    func checkCanFail() throws {
        let simple = try Self.simpleUser
        let old: [String: Any] = ["login": "a", "id": 1, "node_id": "x", "avatar_url": "https://a/1", "html_url": "https://g/a", "type": "User", "site_admin": false]
        #expect(simple.errors(old).contains("$: misses required url"))
        #expect(simple.errors(["login": 1]).contains { $0.contains("$.login") })
        #expect(try Self.publicUser.errors(["note": NSNull()]).contains("$: has note, which the schema does not allow"))
        #expect(simple.errors(["site_admin": 1]).contains { $0.contains("$.site_admin") })
    }

    @Test("next-page, list, search and next-page's later pages print simple-users, online and offline")
    func lists() async throws {
        try await EndToEnd.with { world in
            let first = try await world.run("next-page", "--json")
            #expect(try Self.errors(rows: first.stdout) == [])
            let second = try await world.run("--json", "next-page")
            #expect(try Self.errors(rows: second.stdout) == [])
            _ = try await world.run("note", "defunkt", "co-founder")
            _ = try await world.run("note", "nobody-cached", "hello co-founder")
            for arguments in [["list", "--json"], ["--offline", "list", "--json", "--limit", "7"], ["search", "co-founder", "--json"], ["--json", "search", "mo", "--offline"]] {
                let result = try await world.run(arguments)
                #expect(result.status == 0, "\(result)")
                let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
                // Notes on users not cached yet are not user objects: {login, id: null, note, seen: false,
                // gone: false, profile: null} (every row of list and search --json has `profile`).
                let users = rows.filter { $0["node_id"] != nil }
                for note in rows where note["node_id"] == nil {
                    #expect(Set(note.keys) == ["login", "id", "note", "seen", "gone", "profile"], "\(note)")
                    #expect(note["id"] is NSNull && note["seen"] as? Bool == false && note["gone"] as? Bool == false && note["profile"] is NSNull)
                }
                let data = try JSONSerialization.data(withJSONObject: users)
                #expect(try Self.errors(rows: String(decoding: data, as: UTF8.self)) == [], "\(arguments)")
            }
            let search = try await world.run("search", "co-founder", "--json")
            #expect(search.stdout.contains("\"login\":\"nobody-cached\""))
            let row = try #require((try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [[String: Any]])?.first)
            #expect(row["url"] as? String == "\(world.server.baseURL)/users/mojombo")
            #expect(row["following_url"] as? String == "\(world.server.baseURL)/users/mojombo/following{/other_user}")
            #expect(row["gravatar_id"] as? String == "")
        }
    }

    @Test("profile --json is a public-user, fetched and from the cache offline")
    func profile() async throws {
        try await EndToEnd.with { world in
            for arguments in [["profile", "octocat", "--json"], ["--offline", "--json", "profile", "octocat"], ["profile", "mojombo", "--refresh", "--json"]] {
                let result = try await world.run(arguments)
                #expect(result.status == 0, "\(result)")
                #expect(try Self.profileErrors(result.stdout) == [], "\(arguments)")
            }
        }
    }

    @Test("rows cached before gravatar_id was kept print it as null, and get it on the next refresh")
    func rowsFromBeforeTheMigration() async throws {
        try await EndToEnd.with { world in
            _ = try await world.run("next-page")
            // Make the file a pre-v3 one: its migration undone, the columns gone, ETags kept.
            let queue = try DatabaseQueue(path: world.database.path)
            try await queue.write { db in
                try db.execute(
                    sql: """
                        ALTER TABLE user DROP COLUMN gravatar_id;
                        ALTER TABLE user DROP COLUMN user_view_type;
                        DELETE FROM grdb_migrations WHERE identifier = 'v3-user-gravatar-id-view-type';
                        """)
            }
            try queue.close()

            let before = try await world.run("list", "--json", "--offline")
            #expect(try Self.errors(rows: before.stdout) == [])
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(before.stdout.utf8)) as? [[String: Any]])
            #expect(rows.allSatisfy { $0["gravatar_id"] is NSNull })

            await world.server.resetStats()
            #expect(try await world.run("refresh").status == 0)
            #expect(await world.apiRequests().allSatisfy { $0.status == 200 }, "the migration dropped the ETags")
            let after = try #require(try await world.json("list") as? [[String: Any]])
            #expect(after.allSatisfy { $0["gravatar_id"] as? String == "" })
        }
    }
}
