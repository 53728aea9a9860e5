import Foundation
import GitHubFake
import Testing

/// `browse`'s ^O on the `/` query line in a real terminal (tmux): GitHub's user search of the
/// same query fills the list as accounts arrive, the status line counts, keys keep working;
/// offline it says so.
@Suite("browse in tmux: GitHub's search from the query line", .enabled(if: TmuxScreen.isAvailable))
struct BrowseOnlineSearchScreenTests {
    @Test("^O asks GitHub the query; the matches grow to GitHub's count and the status line says how far it got")
    func fillsTheList() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 400)) { world in
            // Given: the first page cached, and GitHub counting more "york" accounts than it holds.
            #expect(try await world.run("next-page").status == 0)
            let expected = try await SearchOnlineEndToEndTests.gitHubCount(world, "location:york")
            // What GitHub's search gives of them (it may count some it never gives).
            let given = try await SearchOnlineEndToEndTests.gitHubLogins(world, "location:york").count
            let session = try await BrowseModesScreenTests.browse(world, environment: SearchOnlineEndToEndTests.token)
            defer { session.close() }
            // When
            try await session.send("/")
            try await session.send("location:york", literal: true)
            try await session.waitFor("the hint") { $0.contains("^O GitHub too") }
            try await session.send("C-o")
            // Then: every account GitHub found is listed, and the status line says it is done.
            try await session.waitFor("GitHub's accounts") {
                $0.contains("match 1 of \(given) ") && $0.contains("GitHub: done, \(given) of \(expected) accounts kept")
            }
            // Keys still work: Enter keeps the matches, j moves.
            try await session.send("Enter")
            try await session.send("j")
            try await session.waitFor("the second match") { $0.contains("match 2 of \(given)") }
        }
    }

    @Test("with --offline, ^O says GitHub is not asked, and the cache's matches stay")
    func offline() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 100)) { world in
            #expect(try await world.run("next-page").status == 0)
            let session = try await BrowseScreenTests.browse(world, "--avatars never --offline", environment: SearchOnlineEndToEndTests.token)
            defer { session.close() }
            try await session.waitFor("the first frame") { $0.contains("row 1 of 100 cached") }
            try await session.send("/")
            try await session.send("type:user", literal: true)
            try await session.send("C-o")
            try await session.waitFor("the offline word") { $0.contains("GitHub: offline (--offline), not asked") }
        }
    }
}
