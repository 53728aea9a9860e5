import Foundation
import GitHubFake
import Testing

@Suite("Primary rate limits: 60 an hour without a token, one window per token")
struct RateLimitTests {
    @Test("A token's remaining counts down; at 0 the API answers 403 with the captured body")
    func exhaustion() async throws {
        try await FakeHarness.run(FakeConfiguration(rateLimit: 3)) { fake async throws in
            let token = ["Authorization": "Bearer ghp_limited"]
            // Given a limit of 3, when 3 requests are made, then remaining counts down to 0
            var remaining: [String?] = []
            for _ in 0..<3 {
                let response = try await fake.request("/users/octocat", headers: token)
                #expect(response.status == 200)
                remaining.append(response.headers["x-ratelimit-remaining"])
            }
            #expect(remaining == ["2", "1", "0"])

            // When one more is made
            let limited = try await fake.request("/users", headers: token)

            // Then it is refused like GitHub does
            #expect(limited.status == 403)
            #expect(limited.headers["x-ratelimit-remaining"] == "0")
            #expect(limited.headers["x-ratelimit-used"] == "3")
            let reset = try #require(limited.headers["x-ratelimit-reset"].flatMap { Int($0) })
            #expect(reset > Int(Date().timeIntervalSince1970))
            #expect(limited.body == Array(try Fixture.data("error-403-primary-ratelimit-authenticated.captured")))

            // And a reset restores the window
            await fake.server.reset()
            #expect(try await fake.request("/users", headers: token).status == 200)
        }
    }

    @Test("Without a token the limit is GitHub's 60, and its end says so with the captured unauthenticated body")
    func anonymousWindow() async throws {
        try await FakeHarness.run { fake async throws in
            // Given the default configuration, when 60 requests are made without a token
            var last: FakeResponse?
            for _ in 0..<60 { last = try await fake.request("/users/octocat") }
            #expect(last?.status == 200)
            #expect(last?.headers["x-ratelimit-limit"] == "60")
            #expect(last?.headers["x-ratelimit-remaining"] == "0")

            // Then the 61st is refused with GitHub's unauthenticated body
            let limited = try await fake.request("/users")
            #expect(limited.status == 403)
            #expect(limited.body == Array(try Fixture.data("error-403-primary-ratelimit-unauthenticated.captured-2023")))

            // And a token still has its own 5,000
            let withToken = try await fake.request("/users", headers: ["Authorization": "Bearer ghp_fresh"])
            #expect(withToken.status == 200)
            #expect(withToken.headers["x-ratelimit-limit"] == "5000")
            #expect(withToken.headers["x-ratelimit-remaining"] == "4999")
        }
    }

    @Test("Each token has a window of its own, and none is spent by requests without a token")
    func windowsPerToken() async throws {
        try await FakeHarness.run(FakeConfiguration(rateLimit: 10, anonymousRateLimit: 5)) { fake async throws in
            _ = try await fake.request("/users")
            _ = try await fake.request("/users")
            let alice = try await fake.request("/users", headers: ["Authorization": "Bearer ghp_alice"])
            let bob = try await fake.request("/users", headers: ["Authorization": "Bearer ghp_bob"])
            let aliceAgain = try await fake.request("/users", headers: ["Authorization": "Bearer ghp_alice"])
            let anonymous = try await fake.request("/users")
            #expect(alice.headers["x-ratelimit-remaining"] == "9")
            #expect(bob.headers["x-ratelimit-remaining"] == "9")
            #expect(aliceAgain.headers["x-ratelimit-remaining"] == "8")
            #expect(anonymous.headers["x-ratelimit-limit"] == "5")
            #expect(anonymous.headers["x-ratelimit-remaining"] == "2")
        }
    }
}
