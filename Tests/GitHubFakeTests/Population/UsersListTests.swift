import Foundation
import GitHubFake
import Testing

@Suite("GET /users")
struct UsersListTests {
    @Test("The first page is the captured fixture, with avatar_url pointing at the fake")
    func firstPageIsTheFixture() async throws {
        try await FakeHarness.run { fake async throws in
            // Given the captured first page of the real API
            let fixture = try Fixture.array("users-since-0")

            // When the first page is requested without parameters
            let response = try await fake.request("/users")

            // Then it holds the same 30 users, field for field, in the same order
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "application/json; charset=utf-8")
            let page = try response.jsonArray()
            #expect(page.count == 30)
            #expect(page.map { $0["id"] as? Int } == fixture.map { $0["id"] as? Int })
            #expect(page.map { $0["login"] as? String } == fixture.map { $0["login"] as? String })
            for (item, captured) in zip(page, fixture) {
                var expected = captured
                expected["avatar_url"] = "\(fake.server.baseURL)/avatars/u/\(captured["id"] as! Int)?v=4"
                #expect(try Fixture.canonicalJSON(item) == Fixture.canonicalJSON(expected))
            }
            // And the Link header continues after id 46, like GitHub's
            #expect(response.nextLink == "\(fake.server.baseURL)/users?since=46&per_page=30")
            #expect(response.headers["link"]?.contains("<\(fake.server.baseURL)/users{?since}>; rel=\"first\"") == true)
        }
    }

    @Test("Following the Link header walks the whole population, ids increasing with gaps")
    func pagingFollowsLinks() async throws {
        try await FakeHarness.run(FakeConfiguration(userCount: 200)) { fake async throws in
            // Given a population of 200 users
            var ids: [Int] = []
            var users: [[String: Any]] = []
            var url: String? = fake.server.baseURL + "/users?per_page=45"
            var pages = 0

            // When every next link is followed
            while let next = url {
                let response = try await fake.request(url: next)
                #expect(response.status == 200)
                let page = try response.jsonArray()
                users += page
                ids += page.compactMap { $0["id"] as? Int }
                url = response.nextLink
                pages += 1
            }

            // Then all 200 users came, in strictly increasing id order, with gaps
            #expect(pages == 5)
            #expect(ids.count == 200)
            #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 })
            #expect(zip(ids, ids.dropFirst()).contains { $1 - $0 > 1 })
            // And octocat and tawk close the list
            #expect(Array(ids.suffix(2)) == [583_231, 9_999_999])
            // And generated users follow GitHub's shape: mixed-case logins, some organizations
            let generated = users.filter { ($0["id"] as! Int) > 46 && ($0["id"] as! Int) < 583_231 }
            #expect(!generated.isEmpty)
            for user in generated {
                let id = user["id"] as! Int
                #expect(user["login"] as? String == FakeConfiguration.legacyLogins[id] ?? (id % 5 == 0 ? "User\(id)" : "user\(id)"))
                #expect(user["type"] as? String == (id % 7 == 0 ? "Organization" : "User"))
                #expect(user["avatar_url"] as? String == "\(fake.server.baseURL)/avatars/u/\(id)?v=4")
                #expect(Set(user.keys) == Self.simpleUserKeys)
            }
        }
    }

    @Test("per_page is clamped to 1...100; a non-number is 422 Validation Failed")
    func perPageClampAndValidation() async throws {
        try await FakeHarness.run { fake async throws in
            #expect(try await fake.request("/users?per_page=0").jsonArray().count == 1)
            #expect(try await fake.request("/users?per_page=-3").jsonArray().count == 1)
            #expect(try await fake.request("/users?per_page=500").jsonArray().count == 100)
            #expect(try await fake.request("/users?since=46&per_page=7").jsonArray().count == 7)

            for query in ["per_page=abc", "since=yesterday"] {
                let invalid = try await fake.request("/users?\(query)")
                #expect(invalid.status == 422, "\(query)")
                #expect(try invalid.jsonObject()["message"] as? String == "Validation Failed")
            }
        }
    }

    @Test("since past the last id gives an empty page and no next link")
    func pastTheEnd() async throws {
        try await FakeHarness.run(FakeConfiguration(userCount: 50)) { fake async throws in
            let response = try await fake.request("/users?since=10000000")
            #expect(response.status == 200)
            #expect(try response.jsonArray().isEmpty)
            #expect(response.nextLink == nil)
            #expect(response.headers["link"]?.contains("rel=\"first\"") == true)
        }
    }

    @Test("A population of 1,000,000 users serves pages deep in the list")
    func millionUsers() async throws {
        try await FakeHarness.run(FakeConfiguration(userCount: 1_000_000)) { fake async throws in
            let middle = try await fake.request("/users?since=1000000&per_page=100")
            let ids = try middle.jsonArray().compactMap { $0["id"] as? Int }
            #expect(ids.count == 100)
            #expect(ids.first! > 1_000_000)
            #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 })
            #expect(middle.nextLink != nil)

            let last = try await fake.request("/users?since=9999998&per_page=100")
            #expect(try last.jsonArray().compactMap { $0["id"] as? Int } == [9_999_999])
            #expect(last.nextLink == nil)
        }
    }

    static let simpleUserKeys: Set<String> = [
        "login", "id", "node_id", "avatar_url", "gravatar_id", "url", "html_url", "followers_url",
        "following_url", "gists_url", "starred_url", "subscriptions_url", "organizations_url",
        "repos_url", "events_url", "received_events_url", "type", "user_view_type", "site_admin",
    ]
}
