import Foundation
import GitHubFake
import Testing

/// `browse`'s search once its index is in memory, in a real terminal (tmux): fzf's extended
/// terms, and matches kept current when other processes store pages and notes.
@Suite("browse in tmux: search index", .serialized, .enabled(if: TmuxScreen.isAvailable))
struct BrowseSearchScreenTests {
    /// browse on the first page, searching `^wy`: wycats, the only match.
    static func searchingPrefix(_ world: EndToEnd) async throws -> TmuxSession {
        #expect(try await world.run("next-page").status == 0)
        let session = try await BrowseModesScreenTests.browse(world)
        do {
            try await session.send("/")
            try await session.send("^wy", literal: true)
            try await session.waitFor("the prefix's match") { $0.contains("match 1 of 1") && $0.contains("wycats") }
            return session
        } catch {
            session.close()
            throw error
        }
    }

    @Test("/ takes fzf's extended terms: anchors and exclusions narrow the list, erasing widens it again")
    func extendedTerms() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 100)) { world in
            let session = try await Self.searchingPrefix(world)
            defer { session.close() }
            try await session.send(" !cats", literal: true)
            try await session.waitFor("nothing left") { $0.contains("no matches") && $0.contains("“^wy !cats”") }
            try await session.send("C-w")
            try await session.waitFor("the exclusion gone") { $0.contains("match 1 of 1") && $0.contains("“^wy ”") }
            try await session.send("BSpace", "BSpace")
            try await session.waitFor("more logins starting with w") { $0.contains("“^w”") && $0.contains("wycats") && !$0.contains("match 1 of 1 ") }
        }
    }

    @Test("Esc after a kept search shows the whole list on the match that was selected")
    func escapeKeepsTheChosenMatch() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 100)) { world in
            let session = try await Self.searchingPrefix(world)
            defer { session.close() }
            try await session.send("Enter")
            try await session.send("Escape")
            // wycats is the 4th user: the whole list again, on it, not on row 1 where it was.
            try await session.waitFor("the list on wycats") { $0.contains("row 4 of 100 cached") }
        }
    }

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

    @Test("the exact login comes first, then the other matches by id with their count; keys typed over unanswered ones leave only the newest query's matches")
    func exactLoginFirstNewestKeyWins() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 100)) { world in
            #expect(try await world.run("next-page").status == 0)
            #expect(try await world.run("note", "mojombo", "pairs with ivey").status == 0)
            let session = try await BrowseModesScreenTests.browse(world)
            defer { session.close() }
            try await session.send("/")
            // Sent without waiting for a frame: each key replaces the read of the one before
            try await session.send("wyc", literal: true)
            try await session.send("C-u")
            try await session.send("ivey", literal: true)
            let screen = try await session.waitFor("both matches") { $0.contains("match 1 of 2") && $0.contains("“ivey”") }
            let lines = screen.split(separator: "\n")
            // ivey (id 6) is the query itself: before mojombo (id 1), whose note holds it
            let exact = try #require(lines.firstIndex { $0.contains("ivey") && !$0.contains("mojombo") && !$0.contains("“") && !$0.contains("pairs") })
            let byNote = try #require(lines.firstIndex { $0.contains("mojombo") })
            #expect(exact < byNote)
            #expect(!screen.contains("wycats"))
        }
    }
}
