import Foundation
import GitHubFake
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ghusers browse` on the network people have: a slow API, an avatar host that
/// refuses, another process writing a note during an edit. Every byte written to the terminal is
/// recorded (tmux `pipe-pane`), so a frame that claims an outage cannot slip between captures.
@Suite("browse in tmux on a slow, partial network", .enabled(if: TmuxScreen.isAvailable))
struct BrowseNetworkScreenTests {
    /// Words that must never reach the screen while the API answers: an outage, a type's name,
    /// a command-line flag.
    static let forbidden = ["offline", "network down", "Error", "--offline", "--wait", "NIO", "()"]

    /// What of ``forbidden`` the recorded bytes contain.
    static func claims(in file: URL) -> [String] {
        let bytes = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return forbidden.filter { bytes.contains($0) }
    }

    static func recording(_ world: EndToEnd) -> URL {
        world.home.deletingLastPathComponent().appendingPathComponent("terminal-\(UUID().uuidString.prefix(8)).bytes")
    }

    /// Browse with thumbnails at 80×24 over a home holding the first page of `configuration`'s
    /// users, every byte it writes to the terminal recorded in `bytes` for ``claims(in:)``.
    static func recordedBrowse(_ configuration: FakeConfiguration, _ body: (TmuxSession, URL) async throws -> Void) async throws {
        try await EndToEnd.with(configuration) { world in
            #expect(try await world.run("next-page", "--avatars", "never").status == 0)
            try await recordedBrowse(world, "--avatars always", columns: 80, rows: 24, body)
        }
    }

    /// Browse over `world` with `options`, recorded (``recording(_:)``) from its first frame on.
    static func recordedBrowse(
        _ world: EndToEnd, _ options: String, columns: Int, rows: Int, _ body: (TmuxSession, URL) async throws -> Void
    ) async throws {
        let session = try await BrowseScreenTests.browse(world, options, columns: columns, rows: rows)
        defer { session.close() }
        let bytes = recording(world)
        defer { try? FileManager.default.removeItem(at: bytes) }
        try await session.waitFor("the first frame") { $0.contains("row 1 of ") }
        try await session.record(to: bytes)
        try await body(session, bytes)
    }

    @Test("the pane moving at 0.5 s a key through a 600 ms API: no frame says offline, the resting user is shown, one request at a time")
    func slowAPI() async throws {
        var configuration = FakeConfiguration(userCount: 100)
        configuration.latency = .milliseconds(600)
        try await EndToEnd.with(configuration) { world in
            #expect(try await world.run("next-page").status == 0)
            let logins = try await world.cachedLogins()
            try await Self.recordedBrowse(world, "--avatars never", columns: 120, rows: 30) { session, bytes in
                await world.server.resetStats()
                try await session.send("Enter")
                try await session.waitFor("the pane") { $0.contains(logins[0]) && $0.contains("fetched just now") }
                // A reader's pace: one key every half second, each move cancelling the last request.
                for _ in 1...8 {
                    try await session.send("j")
                    try await Task.sleep(for: .milliseconds(500))
                }
                let resting = logins[8]
                try await session.waitFor("the resting user's fetched profile") { $0.contains(resting) && $0.contains("fetched just now") }
                let recorded = (try? String(contentsOf: bytes, encoding: .utf8)) ?? ""
                #expect(recorded.contains(resting), "the recording holds the frames")
                #expect(Self.claims(in: bytes).isEmpty, "a frame claimed: \(Self.claims(in: bytes))")
                #expect(await world.server.stats().maxInFlight == 1, "one request at a time, cancelled ones included")
                let profiles = await world.apiRequests().filter { $0.path.hasPrefix("/users/") }.map(\.path)
                #expect(profiles.last == "/users/\(resting)")
                try await session.send("q", "q")
                try await session.waitFor("the exit") { $0.contains("__EXIT 0") }
            }
        }
    }

    @Test("one avatar host that refuses: no outage, that row marked and counted failed, the others drawn")
    func refusingAvatarHost() async throws {
        var configuration = FakeConfiguration(userCount: 40)
        configuration.avatarFaults[3] = .refusingHost  // pjhyett, the third user
        try await Self.recordedBrowse(configuration) { session, bytes in
            let screen = try await session.waitFor("the failed thumbnail counted") { $0.contains("1 failed") && $0.contains(" 0 queued") }
            #expect(screen.contains("✗"), "the row's thumbnail is marked")
            #expect(!screen.contains("network down") && screen.contains("online"))
            #expect(Self.claims(in: bytes).isEmpty, "a frame claimed: \(Self.claims(in: bytes))")
            // The API still answers: the pane fetches a profile.
            try await session.send("j", "Enter")
            try await session.waitFor("a fetched profile") { $0.contains("defunkt") && $0.contains("fetched just now") }
            #expect(Self.claims(in: bytes).isEmpty, "a frame claimed: \(Self.claims(in: bytes))")
        }
    }

    @Test("an avatar host that hangs: its row fails after the download deadline, the API's profiles still arrive, nothing claims an outage")
    func hangingAvatarHost() async throws {
        var configuration = FakeConfiguration(userCount: 40)
        configuration.avatarFaults[2] = .hang  // defunkt
        try await Self.recordedBrowse(configuration) { session, bytes in
            try await session.waitFor("the first frame") { $0.contains("row 1 of 40 cached") }
            try await session.send("Enter")
            try await session.waitFor("mojombo's fetched profile") { $0.contains("mojombo") && $0.contains("fetched just now") }
            try await session.send("Escape")
            try await session.waitFor("the hung thumbnail counted failed") { $0.contains("1 failed") }
            #expect(Self.claims(in: bytes).isEmpty, "a frame claimed: \(Self.claims(in: bytes))")
            // No maxInFlight check here: ghusers gives the hung download up at its 5 s deadline
            // and closes that connection, but the fake's waiting handler does not see the close,
            // so it still counts the abandoned request in flight.
        }
    }

    @Test("an API that cuts every answer short: the pane says so after its tries, names r, and no frame claims an outage")
    func cutAnswers() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { world in
            #expect(try await world.run("next-page").status == 0)
            try await Self.recordedBrowse(world, "--avatars never", columns: 120, rows: 30) { session, bytes in
                await world.server.resetStats()
                // Exactly the retry policy's 5 tries: a sixth would be answered (and no failure shown).
                await world.server.inject(.dropMidBody, count: 5)
                try await session.send("Enter")
                // The retry policy's 5 tries (about 8 to 15 s), then the sentence: not an endless wait.
                let failed = try await session.waitFor("the failure", timeout: .seconds(60)) { $0.contains("the connection was lost") }
                #expect(failed.contains("r tries") && failed.contains("online"), "\(failed)")
                #expect(await world.apiRequests().filter { $0.path == "/users/mojombo" }.count == 5)
                #expect(Self.claims(in: bytes).isEmpty, "a frame claimed: \(Self.claims(in: bytes))")
                // The API answers again: r fetches the profile.
                try await session.send("r")
                try await session.waitFor("the fetched profile") { $0.contains("mojombo") && $0.contains("fetched just now") }
            }
        }
    }

    @Test("every connection closed before an answer, then the server back: the status says the API cannot be reached, and the next page arrives with no key")
    func droppedConnectionsRecover() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 300)) { world in
            #expect(try await world.run("next-page").status == 0)
            let cached = try await world.cachedLogins().count
            try await Self.recordedBrowse(world, "--avatars never", columns: 120, rows: 30) { session, _ in
                // More drops than one-shot commands try (5): only a browser that keeps retrying gets the page.
                await world.server.inject(.dropConnection, count: 7)
                try await session.send("G")
                let down = try await session.waitFor("the outage said", timeout: .seconds(60)) { $0.contains("cannot be reached") }
                #expect(down.contains("closed the connection before answering"), "\(down)")
                #expect(!down.contains("(r retries)"), "not a failure that waits for a key: \(down)")
                // No key from here on: the fake answers again once its drops are used up.
                let back = try await session.waitFor("the next page, by itself", timeout: .seconds(90)) {
                    !$0.contains("of \(cached) cached") && $0.contains(" cached")
                }
                #expect(!back.contains("cannot be reached"), "\(back)")
                let pages = await world.apiRequests().filter { $0.path == "/users" }
                #expect(pages.count >= 8, "the drops and the page that came: \(pages.count)")
            }
        }
    }

    @Test("a note written by another process during an edit: the question, the draft kept, and both texts saved with b")
    func noteConflict() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { world in
            #expect(try await world.run("next-page").status == 0)
            #expect(try await world.run("note", "defunkt", "The original note").status == 0)
            // The editor: the first time, another ghusers writes the note while the user types
            // "My text"; the second time (both texts), the user deletes the marker lines.
            let folder = world.home.deletingLastPathComponent()
            let marker = folder.appendingPathComponent("edited-once-\(UUID().uuidString.prefix(8))")
            let script = folder.appendingPathComponent("editor-\(UUID().uuidString.prefix(8)).sh")
            defer {
                try? FileManager.default.removeItem(at: script)
                try? FileManager.default.removeItem(at: marker)
            }
            try """
                #!/bin/sh
                if [ ! -e '\(marker.path)' ]; then
                  touch '\(marker.path)'
                  GHUSERS_HOME='\(world.home.path)' GHUSERS_API_URL='\(world.ghusers.apiURL)' '\(GHUsersProcess.binary.path)' --offline note defunkt 'Their text' 2>/dev/null || exit 9
                  printf 'My text\\n' > "$1"
                else
                  grep -v -e '^<<<<<<<' -e '^=======' -e '^>>>>>>>' "$1" > "$1.resolved" && mv "$1.resolved" "$1"
                fi
                """.write(to: script, atomically: true, encoding: .utf8)
            // Run by sh, not exec'd: a file just written can still be open in a child another
            // test forked meanwhile, and exec of it fails with ETXTBSY (status 126).
            // Wide enough for the draft's whole path (the test home is a long /tmp path).
            let session = try await BrowseScreenTests.browse(world, "--avatars never", columns: 150, rows: 30, environment: ["EDITOR": "sh \(script.path)"])
            defer { session.close() }
            try await session.waitFor("the first frame") { $0.contains("row 1 of 40 cached") }
            try await session.send("j", "e")
            let question = try await session.waitFor("the question") { $0.contains("changed while you edited it") && $0.contains("m keep mine") }
            #expect(question.contains("b edit both") && question.contains("drafts/"), "the keys and the draft's path are on screen")
            #expect(try await world.run("note", "defunkt").stdout == "Their text\n", "nothing replaced silently")
            let drafts = try Self.files(named: "drafts", under: world.home)
            #expect(drafts.contains { (try? String(contentsOf: $0, encoding: .utf8))?.contains("My text") == true }, "my text is in a draft file")
            try await session.send("b")
            // browse's own status line, not a line printed while the editor had the terminal
            let after = try await session.waitFor("the merged note saved") { $0.contains("saved the note on defunkt") && $0.contains("cached") }
            let saved = try await world.run("note", "defunkt").stdout
            #expect(saved.contains("My text") && saved.contains("Their text"), "both texts survive: \(saved)\nthe screen was:\n\(after)")
            #expect(!saved.contains("<<<<<<<"), "as the user resolved it")
            #expect(try Self.files(named: "drafts", under: world.home).isEmpty, "the draft goes once its text is saved")
            try await session.send("q")
            try await session.waitFor("the exit") { $0.contains("__EXIT 0") }
        }
    }

    /// The files in every folder called `name` under `root`.
    static func files(named name: String, under root: URL) throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var found: [URL] = []
        for case let url as URL in walker where url.deletingLastPathComponent().lastPathComponent == name { found.append(url) }
        return found
    }
}
