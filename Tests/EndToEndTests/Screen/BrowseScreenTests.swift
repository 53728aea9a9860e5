import Foundation
import GitHubFake
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ghusers browse` in a real terminal (tmux), driven with keys and signals, read back with
/// `capture-pane` and the pane's modes. Every wait polls with a generous deadline.
@Suite("browse in tmux", .enabled(if: TmuxScreen.isAvailable))
struct BrowseScreenTests {
    /// The modes of a pane running browse (alternate screen on, cursor hidden, SGR mouse on),
    /// and of a pane given back (off, shown, off).
    static let taken = "1 0 1"
    static let restored = "0 1 0"

    /// `ghusers browse ARGUMENTS` in a new tmux session, on the world's home and fake; `VISUAL`
    /// is empty unless `environment` sets it (the machine's own must not pick the editor).
    static func browse(
        _ world: EndToEnd, _ arguments: String = "", columns: Int = 80, rows: Int = 24, environment: [String: String] = [:]
    ) async throws -> TmuxSession {
        try await TmuxSession.start(
            "\(GHUsersProcess.binary.path) browse \(arguments)", columns: columns, rows: rows,
            environment: [
                "GHUSERS_HOME": world.home.path, "GHUSERS_API_URL": world.ghusers.apiURL, "TERM": "tmux-256color",
                "COLORTERM": "truecolor", "VISUAL": "", "TZ": "UTC",
            ].merging(environment) { $1 })
    }

    @Test("the first frame comes from the cache before any request; q restores the terminal")
    func firstFrameFromCache() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 100)) { world in
            #expect(try await world.run("next-page").status == 0)
            let before = await world.server.stats().requests
            let session = try await Self.browse(world, "--avatars never")
            defer { session.close() }
            let screen = try await session.waitFor("the first frame") { $0.contains("row 1 of 100 cached") }
            #expect(screen.contains("mojombo") && screen.contains("j/k move"))
            try await session.waitForModes(Self.taken)
            #expect(await world.server.stats().requests == before, "the first screen needs no request")
            try await session.send("q")
            try await session.waitFor("the exit") { $0.contains("__EXIT 0") }
            try await session.waitForModes(Self.restored)
        }
    }

    @Test("near the end one page request starts, with a loading row, and its users are shown; one request in flight")
    func pagesAtTheEnd() async throws {
        // A full first page of 100 (151 is the 100th user's id), then a second page of 100.
        var configuration = FakeConfiguration(userCount: 300)
        configuration.latency = .milliseconds(1_500)
        try await EndToEnd.with(configuration) { world in
            #expect(try await world.run("next-page").status == 0)
            let session = try await Self.browse(world, "--avatars never")
            defer { session.close() }
            try await session.waitFor("the first frame") { $0.contains("row 1 of 100 cached") }
            try await session.send("G")
            try await session.waitFor("the loading row") { $0.contains("loading the next page") }
            try await session.waitFor("the new page") { $0.contains("of 200 cached") }
            let pages = await world.apiRequests().filter { $0.path == "/users" }
            #expect(pages.count == 2, "\(pages.map(\.query))")
            #expect(pages.last?.query == ["since": "151", "per_page": "100"])
            try await session.send("j")
            try await session.waitFor("the next user") { $0.contains("row 101 of 200 cached") }
            #expect(await world.server.stats().maxInFlight == 1)
        }
    }

    @Test("a failed page is a retry row; r fetches it; the end of the list is said once")
    func retryAndEnd() async throws {
        // A full first page of 100, then the last 40 users after the retry.
        try await EndToEnd.with(FakeConfiguration(userCount: 140)) { world in
            #expect(try await world.run("next-page").status == 0)
            await world.server.inject(.status(401))
            let session = try await Self.browse(world, "--avatars never")
            defer { session.close() }
            try await session.waitFor("the first frame") { $0.contains("row 1 of 100 cached") }
            try await session.send("G")
            try await session.waitFor("the retry row") { $0.contains("the next page failed") && $0.contains("(r retries)") }
            try await session.send("r")
            try await session.waitFor("the page after the retry") { $0.contains("of 140 cached") }
            try await session.send("G")
            let end = try await session.waitFor("the end of the list") { $0.contains("end of GitHub's users list") || $0.contains("end of the list") }
            #expect(end.components(separatedBy: "end of GitHub's users list").count - 1 >= 1)
            let requests = await world.apiRequests().filter { $0.path == "/users" }.count
            try await session.send("k", "j")
            try await session.waitFor("the move") { $0.contains("row 140 of 140 cached") }
            #expect(await world.apiRequests().filter { $0.path == "/users" }.count == requests, "no request after the end")
        }
    }

    @Test("q, Ctrl-C, SIGTERM, SIGHUP and a crash each give the terminal back", arguments: ["q", "C-c", "TERM", "HUP", "SEGV"])
    func restores(how: String) async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { world in
            #expect(try await world.run("next-page").status == 0)
            let session = try await Self.browse(world, "--avatars never")
            defer { session.close() }
            try await session.waitFor("the first frame") { $0.contains("row 1 of 40 cached") }
            try await session.waitForModes(Self.taken)
            if how.count <= 3, how == "q" || how.hasPrefix("C-") {
                try await session.send(how)
            } else {
                let signal = ["TERM": SIGTERM, "HUP": SIGHUP, "SEGV": SIGSEGV][how]!
                kill(try session.programPID(), signal)
            }
            try await session.waitForModes(Self.restored)
            let screen = try await session.waitFor("the exit") { $0.contains("__EXIT") }
            if how == "q" || how == "C-c" { #expect(screen.contains("__EXIT 0")) } else { #expect(!screen.contains("__EXIT 0")) }
        }
    }

    @Test("Ctrl-Z gives the terminal back; continuing takes it again and redraws")
    func suspendAndContinue() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { world in
            #expect(try await world.run("next-page").status == 0)
            let session = try await Self.browse(world, "--avatars never")
            defer { session.close() }
            try await session.waitFor("the first frame") { $0.contains("row 1 of 40 cached") }
            try await session.send("j")
            try await session.waitFor("the move") { $0.contains("row 2 of 40 cached") }
            try await session.send("C-z")
            try await session.waitForModes(Self.restored)
            kill(try session.programPID(), SIGCONT)
            try await session.waitForModes(Self.taken)
            try await session.waitFor("the redraw") { $0.contains("row 2 of 40 cached") && $0.contains("defunkt") }
            try await session.send("q")
            // The exit's line, wherever the cursor was left (a stray frame would wrap it)
            let screen = try await session.waitFor("the exit") { $0.replacingOccurrences(of: "\n", with: "").contains("__EXIT 0") }
            // and no frame drawn onto the normal screen while the terminal was taken back
            #expect(!screen.contains("row 2 of 40 cached"), "a frame was left on the normal screen:\n\(screen)")
        }
    }

    @Test("resize reflows into the grid; h/l move across it; too small says so (under 40x12)")
    func resizeAndGrid() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { world in
            #expect(try await world.run("next-page").status == 0)
            let session = try await Self.browse(world, "--avatars never")
            defer { session.close() }
            try await session.waitFor("the first frame") { $0.contains("row 1 of 40 cached") }
            try await session.resize(columns: 120, rows: 40)
            try await session.waitFor("the grid") { screen in
                screen.components(separatedBy: "\n").contains { $0.contains("mojombo") && $0.contains("defunkt") && $0.contains("pjhyett") }
            }
            try await session.send("l", "l", "l")
            try await session.waitFor("l to the end of the line") { $0.contains("row 3 of 40 cached") }
            try await session.send("h")
            try await session.waitFor("h") { $0.contains("row 2 of 40 cached") }
            try await session.send("Down")
            try await session.waitFor("down by a line of cards") { $0.contains("row 5 of 40 cached") }
            try await session.resize(columns: 30, rows: 8)
            try await session.waitFor("the too-small message") { $0.contains("too small") && $0.contains("40×12") }
            try await session.resize(columns: 80, rows: 24)
            try await session.waitFor("the list again") { $0.contains("row 5 of 40 cached") }
        }
    }

    @Test("the wheel scrolls, a paste changes nothing, ? shows the keys and any key closes it")
    func wheelPasteHelp() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { world in
            #expect(try await world.run("next-page").status == 0)
            let session = try await Self.browse(world, "--avatars never")
            defer { session.close() }
            try await session.waitFor("the first frame") { $0.contains("row 1 of 40 cached") }
            try await session.send("\u{1B}[<65;10;5M", literal: true)
            try await session.waitFor("the wheel") { $0.contains("row 4 of 40 cached") }
            try await session.paste("qGj?")
            try await session.send("j")
            try await session.waitFor("the key after the paste") { $0.contains("row 5 of 40 cached") }
            try await session.waitForModes(Self.taken)
            try await session.send("?")
            try await session.waitFor("the help") { $0.contains("ghusers browse — keys") && $0.contains("first / last cached user") }
            try await session.send("x")
            try await session.waitFor("the help closed") { !$0.contains("ghusers browse — keys") && $0.contains("row 5 of 40 cached") }
        }
    }

    @Test("offline by choice, thumbnails not on disk are counted as not cached, unmarked, and never asked for")
    func offlineAvatarsNotCached() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { world in
            // Given a page cached without its avatars
            #expect(try await world.run("next-page", "--avatars", "never").status == 0)
            let avatarRequests = { await world.server.stats().log.filter { $0.path.hasPrefix("/avatars/") }.count }
            let before = await avatarRequests()
            // When browsing offline with thumbnails
            let session = try await Self.browse(world, "--offline --avatars always", columns: 120, rows: 24)
            defer { session.close() }
            let screen = try await session.waitFor("the thumbnails settled") {
                $0.contains("offline by choice") && $0.contains("avatars 0 queued · 0 loading · 0 done · 0 failed · ") && $0.contains("not cached")
            }
            // Then none is marked ✗, and none was asked of the network
            #expect(!screen.contains("✗"), "\(screen)")
            #expect(await avatarRequests() == before)
        }
    }

    @Test("scrolling fast with avatars: avatar requests only for rows near the view, one request at a time")
    func fastScrollAvatars() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 400)) { world in
            #expect(try await world.run("next-page", "--pages", "3").status == 0)
            let session = try await Self.browse(world, "--avatars always")
            defer { session.close() }
            try await session.waitFor("the first frame") { $0.contains("row 1 of 300 cached") }
            try await session.waitFor("the first avatars") { $0.contains("0 queued · 0 loading") }
            let users = try await world.cachedLogins().count
            #expect(users == 300)
            try await session.send(
                "PageDown", "PageDown", "PageDown", "PageDown", "PageDown", "PageDown", "PageDown", "PageDown", "PageDown", "PageDown",
                "PageDown", "PageDown", "PageDown", "PageDown", "PageDown", "PageDown", "PageDown", "PageDown", "PageDown", "PageDown")
            let screen = try await session.waitFor("the scroll and its avatars") { $0.contains("row 141 of 300 cached") && $0.contains("0 queued · 0 loading") }
            #expect(!screen.contains("failed ·") || screen.contains("0 failed"))
            // Requested avatars: the first screen and its prefetch, and the rows around the end
            // of the scroll; none of the 100-odd rows scrolled past in between.
            let json = try await world.json("list") as? [[String: Any]] ?? []
            let index = Dictionary(uniqueKeysWithValues: json.enumerated().compactMap { offset, row in (row["id"] as? Int).map { ($0, offset) } })
            let requested = await world.server.stats().log.filter { $0.path.hasPrefix("/avatars/u/") }
                .compactMap { Int($0.path.dropFirst("/avatars/u/".count)) }.compactMap { index[$0] }
            #expect(!requested.isEmpty)
            // Keys that arrive in several reads may start a visible row's load on the way (the
            // fake serves avatars at once, so a load is sent before the next read cancels it):
            // at most a screen of them, never the rows in between.
            let skipped = requested.filter { $0 >= 24 && $0 < 120 }
            #expect(skipped.count <= 7, "avatars requested for rows scrolled past: \(skipped.sorted())")
            #expect(requested.count < 60, "\(requested.count) avatar requests for a scroll over 140 rows")
            #expect(await world.server.stats().maxInFlight == 1)
        }
    }

    @Test("without a terminal, browse refuses at once with one line and exit 64; --json is a usage error")
    func refusesWithoutTerminal() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { world in
            let piped = try await world.run("browse")
            #expect(piped.status == 64, "\(piped)")
            #expect(piped.stderr.contains("browse needs a terminal"), "\(piped)")
            #expect(piped.stdout.isEmpty)
            let json = try await world.run("browse", "--json")
            #expect(json.status == 64 && json.stderr.contains("--json"), "\(json)")
        }
    }
}
