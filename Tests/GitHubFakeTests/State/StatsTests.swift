import GitHubFake
import Testing

@Suite("Stats and request log")
struct StatsTests {
    @Test("Concurrent slow requests raise maxInFlight above 1")
    func concurrentRequests() async throws {
        try await FakeHarness.run { fake async throws in
            // Given three slow responses
            await fake.server.inject(.slow(.milliseconds(400)), count: 3)

            // When three requests run at once
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<3 { group.addTask { try await fake.request("/users").status } }
                for try await status in group { #expect(status == 200) }
            }

            // Then they overlapped, and none is left in flight (once the server has counted the
            // last response out, which may come just after the client has read it)
            let stats = await Self.settled(fake)
            #expect(stats.maxInFlight > 1)
            #expect(stats.inFlight == 0)
            #expect(stats.requests == 3)
        }
    }

    @Test("Sequential requests on one kept-alive connection: maxInFlight 1, connections 1")
    func sequentialRequests() async throws {
        try await FakeHarness.run { fake async throws in
            for path in ["/users", "/users/octocat", "/avatars/u/1?s=4", "/users?since=46"] {
                #expect(try await fake.request(path).status == 200)
            }

            let stats = await Self.settled(fake)
            #expect(stats.requests == 4)
            #expect(stats.maxInFlight == 1)
            #expect(stats.connections == 1)
            #expect(stats.inFlight == 0)
        }
    }

    @Test("The log records method, path, query, chosen headers and status; control requests are not counted")
    func log() async throws {
        try await FakeHarness.run { fake async throws in
            // When a GitHub-style request and a control request are made
            _ = try await fake.request("/users?since=46&per_page=5", headers: [
                "Authorization": "Bearer t0ken",
                "Accept": "application/vnd.github+json",
                "X-GitHub-Api-Version": "2022-11-28",
                "User-Agent": "ghusers-tests",
                "If-None-Match": "W/\"abc\"",
                "X-Other": "dropped",
            ])
            _ = try await fake.request("/users/nobody-here")
            _ = try await fake.request("/_fake/stats")

            // Then only the API requests are logged, with what a client sent
            let stats = await fake.server.stats()
            #expect(stats.requests == 2)
            #expect(stats.log == [
                LoggedRequest(
                    method: "GET",
                    path: "/users",
                    query: ["since": "46", "per_page": "5"],
                    headers: [
                        "authorization": "Bearer t0ken",
                        "accept": "application/vnd.github+json",
                        "x-github-api-version": "2022-11-28",
                        "user-agent": "ghusers-tests",
                        "if-none-match": "W/\"abc\"",
                    ],
                    status: 200
                ),
                LoggedRequest(method: "GET", path: "/users/nobody-here", headers: stats.log.last?.headers ?? [:], status: 404),
            ])

            // And resetStats starts over
            await fake.server.resetStats()
            let cleared = await fake.server.stats()
            #expect(cleared == FakeStats())
        }
    }

    /// The stats once no request is in flight, or after 30 s: the server counts a response out
    /// after writing it, so a client can read it before the count drops.
    static func settled(_ fake: FakeHarness) async -> FakeStats {
        let deadline = ContinuousClock.now + .seconds(30)
        var stats = await fake.server.stats()
        while stats.inFlight > 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
            stats = await fake.server.stats()
        }
        return stats
    }
}
