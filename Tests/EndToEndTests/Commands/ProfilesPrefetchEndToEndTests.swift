import Foundation
import GitHubFake
import Testing

/// `ghusers profiles prefetch` against the fake's GraphQL endpoint: 100 profiles a request,
/// GitHub's points, profiles readable offline and the same as REST's, a stop at a used-up
/// budget that the next run resumes, and no request at all without a token.
@Suite("profiles prefetch")
struct ProfilesPrefetchEndToEndTests {
    /// The fake on loopback is an Enterprise Server as far as tokens go (TokenEndToEndTests).
    static let token = ["GH_ENTERPRISE_TOKEN": "ghe_prefetch"]

    /// Caches `count` users (pages of 100, no token).
    static func cache(_ world: EndToEnd, pages: Int) async throws {
        let result = try await world.run("next-page", "--pages", String(pages))
        #expect(result.status == 0, "\(result)")
    }

    static func graphQLRequests(_ world: EndToEnd) async -> [LoggedRequest] {
        await world.server.stats().log.filter { $0.path == "/graphql" }
    }

    @Test("250 users: 3 GraphQL requests, 5 points per 100, every profile readable offline, none marked seen")
    func prefetch() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 250)) { world in
            // Given
            try await Self.cache(world, pages: 3)
            await world.server.resetStats()
            // When
            let result = try await world.run(["profiles", "prefetch"], environment: Self.token)
            // Then
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.contains("prefetched 250 profiles"), "\(result)")
            let requests = await Self.graphQLRequests(world)
            #expect(requests.count == 3)
            #expect(requests.allSatisfy { $0.method == "POST" && $0.headers["authorization"] == "Bearer ghe_prefetch" })
            #expect(await world.apiRequests().isEmpty, "no REST request")
            // Points: 100 ids cost 5 (GitHub's formula), the last 50 cost 3 (2.5, rounded).
            let status = try #require(try await world.json("status") as? [String: Any])
            #expect(status["profiles"] as? Int == 250)
            let limits = try #require(status["rate_limits"] as? [[String: Any]])
            let graphQL = try #require(limits.first { $0["resource"] as? String == "graphql" })
            #expect(graphQL["remaining"] as? Int == 5_000 - 13)
            let rows = try #require(try await world.json("list") as? [[String: Any]])
            #expect(rows.allSatisfy { $0["seen"] as? Bool == false })
            let offline = try await world.run("profile", "mojombo", "--offline", "--json")
            #expect(offline.status == 0, "\(offline)")
            #expect(try JSONSchemaEndToEndTests.profileErrors(offline.stdout) == [])
        }
    }

    @Test("a profile from GraphQL is the profile REST gives; an organization is partial until profile completes it")
    func sameProfiles() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 100)) { world in
            // Given: every profile prefetched over GraphQL.
            try await Self.cache(world, pages: 1)
            #expect(try await world.run(["profiles", "prefetch"], environment: Self.token).status == 0)
            let rows = try #require(try await world.json("list") as? [[String: Any]])
            let users = rows.filter { $0["type"] as? String == "User" }.compactMap { $0["login"] as? String }
            let organization = try #require(rows.first { $0["type"] as? String == "Organization" }?["login"] as? String)
            // When / Then: for users, the same object as REST's (fetch time aside).
            for login in users.prefix(12) {
                let fromGraphQL = try #require(try await world.json("profile", login, "--offline") as? [String: Any])
                let fromREST = try #require(try await world.json("profile", login, "--refresh") as? [String: Any])
                let keys = Set(fromREST.keys).subtracting(["fetched_at"])
                for key in keys {
                    #expect("\(fromGraphQL[key] ?? "absent")" == "\(fromREST[key] ?? "absent")", "\(login).\(key)")
                }
            }
            // An organization: counts unknown offline, never 0, never printed as complete.
            let partial = try await world.run("profile", organization, "--offline")
            #expect(partial.stdout.contains("unknown"), "\(partial)")
            let json = try await world.run("profile", organization, "--offline", "--json")
            #expect(json.status == 5, "\(json)")
            #expect(json.stdout.isEmpty)
            // Online, profile completes it over REST.
            let complete = try await world.run("profile", organization, "--json")
            #expect(complete.status == 0, "\(complete)")
            #expect(try JSONSchemaEndToEndTests.profileErrors(complete.stdout) == [])
        }
    }

    @Test("at a used-up GraphQL budget it stops with exit 6 and what it saved; the next run goes on")
    func stopAndResume() async throws {
        var configuration = FakeConfiguration(userCount: 250)
        configuration.graphQLRateLimit = 12
        try await EndToEnd.with(configuration) { world in
            // Given: a budget for two batches of 100 (5 points each) but not a third (3).
            try await Self.cache(world, pages: 3)
            // When
            let stopped = try await world.run(["profiles", "prefetch"], environment: Self.token)
            // Then
            #expect(stopped.status == 6, "\(stopped)")
            #expect(stopped.stderr.contains("after 200 profiles (50 left)"), "\(stopped)")
            let status = try #require(try await world.json("status") as? [String: Any])
            #expect(status["profiles"] as? Int == 200)
            // REST paging is not stopped by GraphQL's budget.
            #expect(try await world.run("next-page").status == 0)
            // When: a new window.
            await world.server.reset()
            let resumed = try await world.run(["profiles", "prefetch"], environment: Self.token)
            // Then: only the 50 left, in one request.
            #expect(resumed.status == 0, "\(resumed)")
            #expect(resumed.stderr.contains("prefetched 50 profiles"), "\(resumed)")
            #expect(await Self.graphQLRequests(world).count == 1)
        }
    }

    @Test("without a token: one line offering --rest with its cost, and no request; --rest fetches over REST")
    func withoutAToken() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 100)) { world in
            try await Self.cache(world, pages: 1)
            await world.server.resetStats()
            // When
            let refused = try await world.run("profiles", "prefetch")
            // Then
            #expect(refused.status == 4, "\(refused)")
            #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused)")
            #expect(refused.stderr.contains("--rest") && refused.stderr.contains("100 requests"), "\(refused)")
            #expect(await world.server.stats().requests == 0)
            // When: over REST, three of them.
            let rest = try await world.run("profiles", "prefetch", "--rest", "--limit", "3")
            // Then
            #expect(rest.status == 0, "\(rest)")
            #expect(await world.apiRequests().count == 3)
            #expect(await Self.graphQLRequests(world).isEmpty)
        }
    }
}
