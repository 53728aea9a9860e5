import Foundation
import GitHubFake
import Testing

/// A secondary rate limit in browse is waited out as GitHub asks, and the screen says until
/// when: no key needed, no request in the meantime.
@Suite("browse at a secondary rate limit", .enabled(if: TmuxScreen.isAvailable))
struct BrowseRateLimitScreenTests {
    @Test("a bare 429 for the next page: 'rate limited until HH:MM' on screen, and no request for a minute")
    func bareTooManyRequests() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 300)) { world in
            #expect(try await world.run("next-page").status == 0)
            let session = try await BrowseScreenTests.browse(world, "--avatars never")
            defer { session.close() }
            try await session.waitFor("the first frame") { $0.contains("row 1 of 100 cached") }
            await world.server.resetStats()
            await world.server.inject(.bareTooManyRequests)
            try await session.send("G")
            let screen = try await session.waitFor("the wait shown") { $0.contains("rate limited until") }
            #expect(screen.contains("rate limited"), "\(screen)")
            #expect(await world.apiRequests().count == 1, "the 429 only: the next try waits a minute")
            try await session.send("q")
            try await session.waitFor("the exit") { $0.contains("__EXIT 0") }
        }
    }
}
