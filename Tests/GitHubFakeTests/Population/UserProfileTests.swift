import Foundation
import GitHubFake
import Testing

@Suite("GET /users/{login}")
struct UserProfileTests {
    static let profileKeys = UsersListTests.simpleUserKeys.union([
        "name", "company", "blog", "location", "email", "hireable", "bio", "twitter_username",
        "public_repos", "public_gists", "followers", "following", "created_at", "updated_at",
    ])

    @Test("octocat is served from the captured profile")
    func octocatFromFixture() async throws {
        try await FakeHarness.run { fake async throws in
            // Given the captured profile
            var expected = try Fixture.object("user-octocat")
            expected["avatar_url"] = "\(fake.server.baseURL)/avatars/u/583231?v=4"
            expected["user_view_type"] = "public"

            // When it is requested
            let response = try await fake.request("/users/octocat")

            // Then every captured field is served unchanged
            #expect(response.status == 200)
            let profile = try response.jsonObject()
            #expect(try Fixture.canonicalJSON(profile) == Fixture.canonicalJSON(expected))
            #expect(profile["email"] is NSNull)
        }
    }

    @Test("Logins are found whatever their case", arguments: [
        ("OCTOCAT", "octocat"), ("OctoCat", "octocat"), ("kirindave", "KirinDave"),
        ("user55", "User55"), ("USER60", "User60"), ("User49", "user49"), ("TAWK", "tawk"),
    ])
    func caseInsensitive(requested: String, canonical: String) async throws {
        try await FakeHarness.run { fake async throws in
            let response = try await fake.request("/users/\(requested)")
            #expect(response.status == 200)
            let profile = try response.jsonObject()
            #expect(profile["login"] as? String == canonical)
            #expect(Set(profile.keys) == Self.profileKeys)
        }
    }

    @Test("Unknown logins are 404 with GitHub's captured body", arguments: ["nobody-here", "user47", "user50", "user0049", "user1"])
    func unknownLogin(login: String) async throws {
        try await FakeHarness.run { fake async throws in
            let response = try await fake.request("/users/\(login)")
            #expect(response.status == 404)
            #expect(response.body == Array(try Fixture.data("error-404-user.captured-2024")))
            #expect(response.headers["x-ratelimit-remaining"] != nil)
        }
    }

    @Test("tawk is a clearly fake user, and generated users have deterministic profiles")
    func syntheticProfiles() async throws {
        try await FakeHarness.run { fake async throws in
            let tawk = try await fake.request("/users/tawk").jsonObject()
            #expect(tawk["id"] as? Int == 9_999_999)
            #expect((tawk["name"] as? String)?.contains("Fake") == true)
            #expect((tawk["email"] as? String)?.hasSuffix(".invalid") == true)

            let first = try await fake.request("/users/user51").body
            let second = try await fake.request("/users/user51").body
            #expect(first == second)
            let generated = try await fake.request("/users/user51").jsonObject()
            #expect((generated["created_at"] as? String)?.hasSuffix("Z") == true)
            #expect(generated["public_repos"] is Int)
        }
    }

    @Test("setName changes the profile and its ETag; renameUser moves the login")
    func editsForRefreshTests() async throws {
        try await FakeHarness.run { fake async throws in
            // Given a profile and its ETag
            let before = try await fake.request("/users/mojombo")
            let etag = try #require(before.headers["etag"])

            // When its name changes
            await fake.server.setName(login: "MOJOMBO", to: "Tom P-W")

            // Then the old ETag no longer matches, and the new name is served
            let after = try await fake.request("/users/mojombo", headers: ["If-None-Match": etag])
            #expect(after.status == 200)
            #expect(after.headers["etag"] != etag)
            #expect(try after.jsonObject()["name"] as? String == "Tom P-W")

            // When user 2 is renamed
            await fake.server.renameUser(id: 2, to: "Defunkt-Renamed")

            // Then the old login is gone, the new one is found in any case, and the list shows it
            #expect(try await fake.request("/users/defunkt").status == 404)
            let renamed = try await fake.request("/users/defunkt-renamed").jsonObject()
            #expect(renamed["id"] as? Int == 2)
            #expect(renamed["login"] as? String == "Defunkt-Renamed")
            let page = try await fake.request("/users?per_page=2").jsonArray()
            #expect(page[1]["login"] as? String == "Defunkt-Renamed")
        }
    }
}
