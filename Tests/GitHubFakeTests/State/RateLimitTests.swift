import Foundation
import GitHubFake
import Testing

@Suite("Primary rate limit")
struct RateLimitTests {
    @Test("Remaining counts down; at 0 the API answers 403 with the captured body")
    func exhaustion() async throws {
        try await FakeHarness.run(FakeConfiguration(rateLimit: 3)) { fake async throws in
            // Given a limit of 3, when 3 requests are made, then remaining counts down to 0
            var remaining: [String?] = []
            for _ in 0..<3 {
                let response = try await fake.request("/users/octocat")
                #expect(response.status == 200)
                remaining.append(response.headers["x-ratelimit-remaining"])
            }
            #expect(remaining == ["2", "1", "0"])

            // When one more is made
            let limited = try await fake.request("/users")

            // Then it is refused like GitHub does
            #expect(limited.status == 403)
            #expect(limited.headers["x-ratelimit-remaining"] == "0")
            #expect(limited.headers["x-ratelimit-used"] == "3")
            let reset = try #require(limited.headers["x-ratelimit-reset"].flatMap { Int($0) })
            #expect(reset > Int(Date().timeIntervalSince1970))
            #expect(limited.body == Array(try Fixture.data("error-403-primary-ratelimit-authenticated.captured")))

            // And a reset restores the window
            await fake.server.reset()
            #expect(try await fake.request("/users").status == 200)
        }
    }
}
