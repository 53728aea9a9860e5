import Foundation
import GitHubFake
import Testing

/// Two `next-page`s at once (a cron job and you) fetch different pages: the cursor is read,
/// the page asked for and saved in one turn of the cross-process lock.
@Suite("Two next-page processes at once")
struct ConcurrentPagingTests {
    @Test("from a home with one page, two next-page --pages 5 at once: ten different pages, every since asked once, 11 pages kept")
    func differentPages() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 2_000, latency: .milliseconds(30))) { world in
            #expect(try await world.run("next-page").status == 0)
            await world.server.resetStats()
            let a = try world.ghusers.start(["next-page", "--pages", "5", "--json"])
            let b = try world.ghusers.start(["next-page", "--pages", "5", "--json"])
            let results = [try await a.finish(timeout: .seconds(120)), try await b.finish(timeout: .seconds(120))]
            for result in results { #expect(result.status == 0, "\(result)") }
            let printed = try results.map { result in
                try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]).compactMap { $0["id"] as? Int }
            }
            #expect(printed.map(\.count) == [500, 500], "each printed its own five pages")
            #expect(Set(printed[0]).isDisjoint(with: printed[1]), "no user printed by both")
            let sinces = await world.apiRequests().compactMap { $0.query["since"] }
            #expect(sinces.count == 10 && Set(sinces).count == 10, "every since asked once: \(sinces)")
            #expect(try await world.cachedLogins().count == 1_100)
            let status = try #require(try await world.json("status") as? [String: Any])
            #expect(status["pages"] as? Int == 11, "\(status)")
            #expect(await world.server.stats().maxInFlight == 1)
        }
    }
}
