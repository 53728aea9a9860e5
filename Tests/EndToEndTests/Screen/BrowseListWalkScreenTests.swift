import Foundation
import GitHubFake
import Testing

/// `browse` on a home that `search --online` filled, in a real terminal (tmux), against the
/// fake: reaching the end fetches no page of `GET /users` (on github.com a walk from id 1 would
/// spend most of the hour's limit on accounts nobody asked for); `n`, which the status line
/// names, fetches exactly one page a press.
@Suite("browse in tmux: the users list's walk on a home searches filled", .enabled(if: TmuxScreen.isAvailable))
struct BrowseListWalkScreenTests {
    /// The `GET /users` pages the fake was asked for.
    static func listPages(_ world: EndToEnd) async -> Int {
        await world.apiRequests().filter { $0.path == "/users" }.count
    }

    @Test("G and 8 s at the end fetch no page of /users; n fetches exactly one, and the next n the next")
    func gFetchesNothingNFetchesOne() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 400)) { world in
            // Given: a home filled only by GitHub's search.
            let search = try await world.run(["search", "--online", "location:york"], environment: SearchOnlineEndToEndTests.token)
            #expect(search.status == 0, "\(search)")
            let cached = try await world.cachedLogins().count
            let pagesBefore = await Self.listPages(world)
            #expect(cached > 0 && pagesBefore == 0)
            let session = try await BrowseScreenTests.browse(world, "--avatars never", environment: SearchOnlineEndToEndTests.token)
            defer { session.close() }
            try await session.waitFor("the first frame naming n") { $0.contains("row 1 of \(cached) cached") && $0.contains("n: next page of GitHub's list") }
            // When: G, at the end of the list, and the end row in its idle state: no page was asked.
            try await session.send("G")
            try await session.waitFor("the end, idle") {
                $0.contains("row \(cached) of \(cached) cached") && $0.contains("n fetches a page of GitHub's users list")
            }
            // Then: nothing in the 8 s that follow, keys at the end included.
            let deadline = ContinuousClock.now + .seconds(8)
            var keys = ["j", "k", "j", "End"].makeIterator()
            while ContinuousClock.now < deadline {
                if let key = keys.next() { try await session.send(key) }
                #expect(await Self.listPages(world) == 0, "a page of /users was fetched with no n")
                if await Self.listPages(world) > 0 { break }
                try await Task.sleep(for: .milliseconds(250))
            }
            // When: n. Then: one page, announced; it lands above the selection, which stays on
            // the last user.
            try await session.send("n")
            let first = try await session.waitFor("the page") { $0.contains("a page of GitHub's users list: 100 users, ids 1–") }
            #expect(await Self.listPages(world) == 1, "\(first)")
            let total = try await world.cachedLogins().count
            try await session.waitFor("the list grown, the selection on its user") { $0.contains("row \(total) of \(total) cached") }
            // G again, at the same end: nothing; the next n, the next page.
            try await session.send("G")
            try await session.send("n")
            try await session.waitFor("the second page") { $0.contains("100 users, ids ") && !$0.contains("100 users, ids 1–") }
            #expect(await Self.listPages(world) == 2)
            #expect(await world.server.stats().maxInFlight == 1, "one request in flight")
            try await session.send("q")
            try await session.waitFor("the exit") { $0.contains("__EXIT 0") }
        }
    }

    @Test("where the walk leads, reaching the end with G fetches its page, and the status line names no n")
    func walkLeads() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 400)) { world in
            #expect(try await world.run("next-page").status == 0)
            let session = try await BrowseModesScreenTests.browse(world)
            defer { session.close() }
            let first = try await session.waitFor("the first frame") { $0.contains("row 1 of 100") }
            #expect(!first.contains("n: next page"), "\(first)")
            try await session.send("G")
            try await session.waitFor("the page G fetched") { $0.contains("row 100 of 200 cached") }
            #expect(await Self.listPages(world) == 2)
        }
    }
}
