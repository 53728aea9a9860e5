import GitHubFake
import Testing

@Suite("ETags and 304 Not Modified")
struct ConditionalRequestTests {
    @Test("With a token, a matching If-None-Match gets 304 without body and without using the rate limit")
    func notModified() async throws {
        try await FakeHarness.run { fake async throws in
            let token = ["Authorization": "Bearer ghp_conditional"]
            // Given a first response and its weak ETag
            let first = try await fake.request("/users", headers: token)
            let etag = try #require(first.headers["etag"])
            #expect(etag.hasPrefix("W/\""))
            #expect(first.headers["x-ratelimit-remaining"] == "4999")

            // When the same page is requested with that ETag
            let second = try await fake.request("/users", headers: token.merging(["If-None-Match": etag]) { $1 })

            // Then the answer is 304 with no body, and the rate limit is unchanged
            #expect(second.status == 304)
            #expect(second.body.isEmpty)
            #expect(second.headers["etag"] == etag)
            #expect(second.headers["x-ratelimit-remaining"] == "4999")
            #expect(second.headers["x-ratelimit-used"] == "1")

            // And a stale ETag gets the full page, counted
            let stale = try await fake.request("/users", headers: token.merging(["If-None-Match": "W/\"0000\""]) { $1 })
            #expect(stale.status == 200)
            #expect(stale.headers["x-ratelimit-remaining"] == "4998")
        }
    }

    @Test("Without a token, a 304 is charged like any answer")
    func anonymousNotModifiedIsCharged() async throws {
        try await FakeHarness.run { fake async throws in
            // Given a page read without a token
            let first = try await fake.request("/users")
            let etag = try #require(first.headers["etag"])
            #expect(first.headers["x-ratelimit-remaining"] == "59")

            // When it is revalidated without a token
            let second = try await fake.request("/users", headers: ["If-None-Match": etag])

            // Then the 304 costs a request, as GitHub charges an unauthorized one
            #expect(second.status == 304)
            #expect(second.headers["x-ratelimit-remaining"] == "58")
            #expect(second.headers["x-ratelimit-used"] == "2")
        }
    }

    @Test("ETags differ per token: one token's ETag is no 304 for another, nor without a token")
    func etagsPerToken() async throws {
        try await FakeHarness.run { fake async throws in
            let alice = ["Authorization": "Bearer ghp_alice"]
            let bob = ["Authorization": "token ghp_bob"]
            let anonymous = try #require(try await fake.request("/users/octocat").headers["etag"])
            let aliceTag = try #require(try await fake.request("/users/octocat", headers: alice).headers["etag"])
            let bobTag = try #require(try await fake.request("/users/octocat", headers: bob).headers["etag"])
            #expect(Set([anonymous, aliceTag, bobTag]).count == 3)

            // A token's own ETag is a 304; another token's, or none, gets the body
            #expect(try await fake.request("/users/octocat", headers: alice.merging(["If-None-Match": aliceTag]) { $1 }).status == 304)
            #expect(try await fake.request("/users/octocat", headers: bob.merging(["If-None-Match": aliceTag]) { $1 }).status == 200)
            #expect(try await fake.request("/users/octocat", headers: ["If-None-Match": aliceTag]).status == 200)
            #expect(try await fake.request("/users/octocat", headers: ["If-None-Match": anonymous]).status == 304)
        }
    }

    @Test("Profiles have ETags too, and different pages have different ones")
    func profileETags() async throws {
        try await FakeHarness.run { fake async throws in
            let profile = try await fake.request("/users/octocat")
            let etag = try #require(profile.headers["etag"])
            #expect(try await fake.request("/users/OCTOCAT", headers: ["If-None-Match": etag]).status == 304)
            let other = try await fake.request("/users?since=46")
            #expect(other.headers["etag"] != nil)
            #expect(other.headers["etag"] != (try await fake.request("/users").headers["etag"]))
        }
    }

    @Test("Every API response carries GitHub's headers")
    func commonHeaders() async throws {
        try await FakeHarness.run { fake async throws in
            for path in ["/users", "/users/octocat", "/users/nobody-here", "/users?per_page=x"] {
                let response = try await fake.request(path)
                #expect(response.headers["content-type"] == "application/json; charset=utf-8", "\(path)")
                #expect(response.headers["x-ratelimit-limit"] == "60", "\(path)")
                #expect(response.headers["x-ratelimit-resource"] == "core", "\(path)")
                #expect(response.headers["x-ratelimit-reset"].flatMap { Int($0) } != nil, "\(path)")
                #expect(response.headers["x-github-api-version-selected"] == "2022-11-28", "\(path)")
            }
        }
    }
}
