import Foundation
import GitHubFake
import Testing

/// The second half of `ghusers browse` in a real terminal (tmux), on the optimised binary,
/// against github-fake: the profile pane, notes through `$EDITOR`, live updates from other
/// processes, the offline banner and its recovery, and rate limits. What keys do to the model
/// and the frame (the pane's scrolling, search as you type, Esc after a kept search) is held by
/// BrowserModelModesTests and BrowserViewTests; only what needs a terminal, a child process or
/// another process is here.
@Suite("browse in tmux: pane, notes, live updates, offline", .enabled(if: TmuxScreen.isAvailable))
struct BrowseModesScreenTests {
    static func browse(_ world: EndToEnd, columns: Int = 80, rows: Int = 24, environment: [String: String] = [:]) async throws -> TmuxSession {
        let session = try await BrowseScreenTests.browse(world, "--avatars never", columns: columns, rows: rows, environment: environment)
        do {
            try await session.waitFor("the first frame") { $0.contains("row 1 of 100 cached") }
        } catch {
            // The caller's `defer { session.close() }` is not reached: without this, browse
            // would run on (retrying its fake's port) long after the test.
            session.close()
            throw error
        }
        return session
    }

    static func profileRequests(_ world: EndToEnd) async -> [String] {
        await world.apiRequests().map(\.path).filter { $0.hasPrefix("/users/") }
    }

    /// Runs `script` (with a throwaway argument) until it can be exec'd, for up to 20 s.
    static func waitUntilRunnable(_ script: URL) async throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while true {
            let probe = Process()
            probe.executableURL = script
            probe.arguments = ["probe"]
            do {
                try probe.run()
                probe.waitUntilExit()
                return
            } catch where ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    /// An editor: a script that writes `text` over the file it is given, or exits 3.
    static func editor(_ world: EndToEnd, writing text: String?) throws -> String {
        let script = world.home.deletingLastPathComponent().appendingPathComponent("editor-\(UUID().uuidString.prefix(8)).sh")
        let body = text.map { "printf '%s\\n' '\($0)' > \"$1\"" } ?? "exit 3"
        try "#!/bin/sh\n\(body)\n".write(to: script, atomically: true, encoding: .utf8)
        // Run by sh, not exec'd: exec of a file just written fails with ETXTBSY (status 126)
        // when a child forked meanwhile by another test still holds it open.
        return "sh \(script.path)"
    }

    @Test("Enter shows the profile's fields beside the list; holding j sends a handful of profile requests at most")
    func profilePane() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 100)) { world in
            #expect(try await world.run("next-page").status == 0)
            let session = try await Self.browse(world, columns: 150, rows: 40)
            defer { session.close() }
            try await session.send("Enter")
            let pane = try await session.waitFor("the profile pane") { $0.contains("followers") && $0.contains("joined") && $0.contains("│") }
            #expect(pane.contains("https://github.com/mojombo"))
            #expect(await Self.profileRequests(world) == ["/users/mojombo"])
            // Twenty j's, each its own send-keys (its own read, as a held key repeats): the pane
            // follows each, the network waits for a rest of 0.3 s. On a loaded machine a
            // send-keys can itself take that long: each such gap may cost one request.
            var gaps = 0
            var last = ContinuousClock.now
            for _ in 0..<20 {
                try await session.send("j")
                if ContinuousClock.now - last >= .milliseconds(250) { gaps += 1 }
                last = ContinuousClock.now
            }
            try await session.waitFor("the pane on the 21st user") { $0.contains("row 21 of ") && $0.contains("tomtt@example.com") }
            let requests = await Self.profileRequests(world)
            #expect(requests.count <= 2 + gaps, "\(requests), \(gaps) gaps of 250 ms or more")
            #expect(requests.last == "/users/tomtt")
            // Seen once on screen long enough
            let list = try await world.json("list") as? [[String: Any]] ?? []
            let seen = list.filter { $0["seen"] as? Bool == true }.compactMap { $0["login"] as? String }
            #expect(seen.first == "mojombo" && seen.last == "tomtt" && seen.count <= 2 + gaps, "\(seen)")
            try await session.send("Escape")
            try await session.waitFor("the pane closed") { !$0.contains("followers") }
            #expect(await world.server.stats().maxInFlight == 1)
        }
    }

    @Test("e saves the note written in $EDITOR (VISUAL unset) and the list marks it; a failing editor changes nothing")
    func editNote() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 100)) { world in
            #expect(try await world.run("next-page").status == 0)
            #expect(try await world.run("note", "defunkt", "the old note").status == 0)
            let failing = try Self.editor(world, writing: nil)
            let session = try await Self.browse(world, environment: ["EDITOR": failing])
            defer { session.close() }
            try await session.send("j", "e")
            try await session.waitFor("the failure in the status line") { $0.contains("the editor failed") && $0.contains("exited with status 3") }
            #expect(try await world.run("note", "defunkt").stdout == "the old note\n")
            try await session.send("q")
            try await session.waitFor("the exit") { $0.contains("__EXIT 0") }

            let writing = try Self.editor(world, writing: "Written in the editor")
            let second = try await Self.browse(world, environment: ["EDITOR": writing])
            defer { second.close() }
            try await second.send("j", "j", "e")
            try await second.waitFor("the saved note") { $0.contains("saved the note on pjhyett") && $0.contains("✎ Written in the editor") }
            #expect(try await world.run("note", "pjhyett").stdout == "Written in the editor\n")
            try await second.waitForModes(BrowseScreenTests.taken)
        }
    }

    @Test("o opens the user's page with xdg-open; without one, or without a graphical session, the status line says so")
    func openPage() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 100)) { world in
            #expect(try await world.run("next-page").status == 0)
            let folder = world.home.deletingLastPathComponent().appendingPathComponent("bin-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let opened = folder.appendingPathComponent("opened")
            try "#!/bin/sh\nprintf '%s' \"$1\" > '\(opened.path)'\n".write(to: folder.appendingPathComponent("xdg-open"), atomically: true, encoding: .utf8)
            chmod(folder.appendingPathComponent("xdg-open").path, 0o755)
            // browse execs it, so it has to be runnable first: a child that another test forked
            // while the file was open for writing holds it, and exec fails with ETXTBSY meanwhile.
            try await Self.waitUntilRunnable(folder.appendingPathComponent("xdg-open"))
            try? FileManager.default.removeItem(at: opened)
            let session = try await Self.browse(world, environment: ["PATH": folder.path + ":/usr/bin:/bin", "DISPLAY": ":0"])
            defer { session.close() }
            try await session.send("j", "o")
            try await session.waitFor("the notice") { $0.contains("opened https://github.com/defunkt") }
            let deadline = ContinuousClock.now + .seconds(20)
            while (try? String(contentsOf: opened, encoding: .utf8)) == nil, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
            #expect(try String(contentsOf: opened, encoding: .utf8) == "https://github.com/defunkt")
            try await session.send("q")
            let bare = try await Self.browse(world, environment: ["PATH": "/nonexistent", "DISPLAY": ":0"])
            defer { bare.close() }
            try await bare.send("o")
            try await bare.waitFor("no opener") { $0.contains("no xdg-open on PATH") }
            try await bare.send("q")
            // No graphical session: xdg-open would fall back to a text browser behind our screen
            let console = try await Self.browse(world, environment: ["PATH": folder.path + ":/usr/bin:/bin", "DISPLAY": "", "WAYLAND_DISPLAY": ""])
            defer { console.close() }
            try await console.send("o")
            try await console.waitFor("no graphical session") { $0.contains("no graphical session") }
        }
    }

    @Test("x deletes the note after y; any other answer keeps it")
    func deleteNote() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 100)) { world in
            #expect(try await world.run("next-page").status == 0)
            #expect(try await world.run("note", "mojombo", "keep me?").status == 0)
            let session = try await Self.browse(world)
            defer { session.close() }
            try await session.send("x")
            try await session.waitFor("the question") { $0.contains("delete the note on mojombo? y/n") }
            try await session.send("n")
            try await session.waitFor("the note kept") { $0.contains("kept the note on mojombo") }
            #expect(try await world.run("note", "mojombo").status == 0)
            try await session.send("x")
            try await session.waitFor("the question again") { $0.contains("delete the note on mojombo? y/n") }
            try await session.send("y")
            try await session.waitFor("the deletion") { $0.contains("deleted the note on mojombo") && !$0.contains("keep me?") }
            #expect(try await world.run("note", "mojombo").status != 0)
        }
    }

    @Test("a note written by another process appears without a key")
    func liveUpdate() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 100)) { world in
            #expect(try await world.run("next-page").status == 0)
            let session = try await Self.browse(world)
            defer { session.close() }
            try await session.send("j")
            try await session.waitFor("the second row") { $0.contains("row 2 of 100 cached") }
            #expect(try await world.run("note", "pjhyett", "from another shell").status == 0)
            try await session.waitFor("the note on screen", timeout: .seconds(20)) { $0.contains("✎ from another shell") && $0.contains("row 2 of 100") }
        }
    }

    @Test("connections refused: a banner, browsing goes on, and the pending page arrives when the server is back")
    func offlineAndBack() async throws {
        // 300 users: a full first page of 100, so that a second page is pending.
        try await EndToEnd.with(FakeConfiguration(userCount: 300)) { world in
            #expect(try await world.run("next-page").status == 0)
            let session = try await Self.browse(world)
            defer { session.close() }
            world.server.kill()  // connecting is refused from now on
            try await session.send("G")
            // At 80 columns the banner names the key before anything is cut.
            try await session.waitFor("the banner") { $0.contains("⚠ offline · r retries now") && $0.contains("connection refused") }
            try await session.send("g")
            try await session.waitFor("browsing still works") { $0.contains("row 1 of 100 cached") && $0.contains("⚠ offline") }
            try await session.send("G", "/")
            try await session.send("tech", literal: true)
            try await session.waitFor("search still works") { $0.contains("match 1 of 1") && $0.contains("technoweenie") }
            try await session.send("Escape")
            try await world.server.restart()
            try await session.waitFor("the page, with no key", timeout: .seconds(40)) { $0.contains("of 200 cached") && !$0.contains("⚠ offline") }
        }
    }

    @Test("a primary rate limit shows its reset time and no request goes out until then")
    func rateLimited() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 100)) { world in
            #expect(try await world.run("next-page").status == 0)
            await world.server.inject(.primaryRateLimit(resetIn: 3_600))
            let session = try await Self.browse(world)
            defer { session.close() }
            try await session.send("G")
            let screen = try await session.waitFor("the banner") { $0.contains("rate limited until") }
            let formatter = DateFormatter()
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "HH:mm"
            let expected = [-60.0, 0, 60].map { formatter.string(from: Date(timeIntervalSinceNow: 3_600 + $0)) }
            #expect(expected.contains { screen.contains("rate limited until \($0)") }, "\(screen)")
            let before = await world.apiRequests().count
            // r, a move and Enter on a user whose profile is not cached: all answered (the pane
            // shows), none sent
            try await session.send("r", "k", "Enter")
            try await session.waitFor("the pane, from nothing") { $0.contains("rate limited until") && $0.contains("not cached") }
            #expect(await world.apiRequests().count == before)
        }
    }
}
