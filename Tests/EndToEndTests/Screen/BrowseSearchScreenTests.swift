import Foundation
import GitHubFake
import Testing

/// `browse`'s search once its index is in memory, in a real terminal (tmux): matches kept
/// current when other processes store pages and notes. fzf's extended terms, qualifiers, the
/// order of matches and the newest key winning are decided by the model and the index
/// (BrowserModelModesTests, BrowserModelQualifierTests, SearchIndexTests), and the same query's
/// answer from `search` and from `/` by their differential test.
@Suite("browse in tmux: search index", .enabled(if: TmuxScreen.isAvailable))
struct BrowseSearchScreenTests {
    @Test("a match's note changed by another process is drawn changed, also when the query is typed again from memory")
    func changedNoteOfAMatch() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 100)) { world in
            #expect(try await world.run("next-page").status == 0)
            #expect(try await world.run("note", "mojombo", "first words").status == 0)
            let session = try await BrowseModesScreenTests.browse(world)
            defer { session.close() }
            try await session.send("/")
            try await session.send("mojo", literal: true)
            try await session.waitFor("the match and its note") { $0.contains("“mojo”") && $0.contains("first words") }
            // Erased and typed again: answered from what browse keeps in memory
            try await session.send("BSpace")
            try await session.waitFor("the wider query") { $0.contains("“moj”") }
            try await session.send("o", literal: true)
            try await session.waitFor("the match again") { $0.contains("“mojo”") && $0.contains("first words") }
            #expect(try await world.run("note", "mojombo", "second words").status == 0)
            try await session.waitFor("the changed note", timeout: .seconds(20)) { $0.contains("second words") && !$0.contains("first words") }
            try await session.send("BSpace")
            try await session.waitFor("the wider query again") { $0.contains("“moj”") && $0.contains("second words") }
            try await session.send("o", literal: true)
            try await session.waitFor("the changed note, typed again") { $0.contains("“mojo”") && $0.contains("second words") && !$0.contains("first words") }
        }
    }

    @Test("matches follow other processes: a note and a page stored elsewhere are found without a key")
    func keptCurrent() async throws {
        // 300 users: the first page of 100 leaves a page for the other process to store.
        try await EndToEnd.with(FakeConfiguration(userCount: 300)) { world in
            #expect(try await world.run("next-page").status == 0)
            let session = try await BrowseModesScreenTests.browse(world)
            defer { session.close() }
            try await session.send("/")
            try await session.send("zebra", literal: true)
            try await session.waitFor("no match yet") { $0.contains("no matches") && $0.contains("“zebra”") }
            #expect(try await world.run("note", "pjhyett", "zebra keeper").status == 0)
            try await session.waitFor("the note's match", timeout: .seconds(20)) { $0.contains("match 1 of 1") && $0.contains("pjhyett") }
            // A page stored by another process: its users are searched too
            #expect(try await world.run("next-page").status == 0)
            let listed = try #require(try await world.json("list") as? [[String: Any]])
            let newcomer = try #require(listed.last?["login"] as? String)
            try await session.send("C-u")
            try await session.send("^\(newcomer)$", literal: true)
            try await session.waitFor("the new page's user", timeout: .seconds(20)) { $0.contains("match 1 of 1") && $0.contains(newcomer) }
        }
    }

    @Test("/ with two places and sort:followers lists both places' users, most-followed first, as search does")
    func sortedAlternatives() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 100)) { world in
            // Given: profiles cached; the CLI's answer to the same query.
            #expect(try await world.run("next-page").status == 0)
            #expect(try await world.run(["profiles", "prefetch"], environment: ProfilesPrefetchEndToEndTests.token).status == 0)
            let query = "location:berlin location:lagos sort:followers"
            let rows = try #require(try await world.json("search", query, "--offline") as? [[String: Any]])
            let logins = rows.compactMap { $0["login"] as? String }
            #expect(logins.count > 5)
            let session = try await BrowseModesScreenTests.browse(world)
            defer { session.close() }
            // When
            try await session.send("/")
            try await session.send(query, literal: true)
            // Then: the same users in the same order (the first screenful), once the index answers.
            try await session.waitFor("both places, most-followed first", timeout: .seconds(20)) { screen in
                // A row's login stands alone on its line (the selection's after the bar).
                let lines = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces).replacing("▌", with: "").trimmingCharacters(in: .whitespaces) }
                let places = logins.prefix(5).map { login in lines.firstIndex { $0 == login } }
                return screen.contains("match 1 of \(logins.count)") && places.allSatisfy { $0 != nil }
                    && zip(places, places.dropFirst()).allSatisfy { $0! < $1! }
            }
        }
    }
}
