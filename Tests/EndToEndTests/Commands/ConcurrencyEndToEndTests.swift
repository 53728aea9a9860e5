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
            // Whatever the interleaving, each process fetched pages the other did not (a page's
            // cursor, request and save share one turn): 12 pages of 100, plus octocat.
            let count = try await world.cachedLogins().count - 1
            #expect(count == 1_200, "\(count) users cached")
        }
    }
}
