import Foundation
import GitHubFake
import Testing

@Suite("Two processes, one network")
struct ConcurrencyEndToEndTests {
    @Test("two ghusers processes never have requests in flight at the same time")
    func oneRequestAcrossProcesses() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 2_000, latency: .milliseconds(40))) { world in
            let a = try world.ghusers.start(["next-page", "--pages", "6"])
            let b = try world.ghusers.start(["next-page", "--pages", "6"])
            let c = try world.ghusers.start(["profile", "octocat"])
            let results = [try await a.finish(timeout: .seconds(120)), try await b.finish(timeout: .seconds(120)), try await c.finish(timeout: .seconds(120))]
            for result in results { #expect(result.status == 0, "\(result)") }
            let stats = await world.server.stats()
            #expect(stats.requests == 13)
            #expect(stats.maxInFlight == 1)
            // Whatever the interleaving, whole pages of 100 were saved (6 to 12 of them), plus octocat.
            let count = try await world.cachedLogins().count - 1
            #expect(count % 100 == 0 && (600...1_200).contains(count), "\(count) users cached")
        }
    }
}
