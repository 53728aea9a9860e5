import Foundation
import GitHubFake
import Testing

/// NO_COLOR means no colour (no-color.org): on a terminal, `--avatars auto` draws no avatar
/// (an avatar is colour); `--avatars always` still does, as asked.
@Suite("NO_COLOR on a terminal", .enabled(if: TmuxScreen.isAvailable))
struct NoColorScreenTests {
    static func show(_ world: EndToEnd, _ arguments: String, noColor: Bool) async throws -> TmuxScreen {
        var environment = [
            "GHUSERS_HOME": world.home.path, "GHUSERS_API_URL": world.ghusers.apiURL, "TERM": "tmux-256color", "COLORTERM": "truecolor",
        ]
        if noColor { environment["NO_COLOR"] = "1" }
        return try await TmuxScreen.run("\(GHUsersProcess.binary.path) \(arguments)", columns: 80, rows: 30, environment: environment)
    }

    @Test("list with NO_COLOR: rows without avatars or any colour; --avatars always draws them; without NO_COLOR, avatars")
    func noColor() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { world in
            #expect(try await world.run("next-page", "--avatars", "never").status == 0)
            let plain = try await Self.show(world, "list --limit 4", noColor: true)
            #expect(plain.plain.contains("mojombo") && !plain.escaped.contains("\u{1B}["), "no escape at all:\n\(plain.escaped)")
            let always = try await Self.show(world, "list --limit 4 --avatars always", noColor: true)
            #expect(always.escaped.contains("8;2;"), "asked for: drawn")
            let colored = try await Self.show(world, "list --limit 4", noColor: false)
            #expect(colored.escaped.contains("8;2;"), "a colour terminal draws them")
        }
    }

    @Test("LANG=C: list and browse draw ASCII symbols (* for a note, ~ for a cut), no avatar; a pipe gets the note as written")
    func asciiLocale() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { world in
            #expect(try await world.run("next-page", "--avatars", "never").status == 0)
            #expect(try await world.run("note", "mojombo", "café résumé").status == 0)
            let ascii = ["LANG": "C"]
            let list = try await world.runOnTerminal("list", "--limit", "4", environment: ascii.merging(["TERM": "xterm-256color"]) { $1 })
            let text = list.stdout.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            #expect(list.status == 0 && text.contains("* cafe resume"), "\(list)")
            #expect(list.stdout.utf8.allSatisfy { $0 < 0x80 }, "nothing but ASCII: \(list.stdout)")
            #expect(await world.server.stats().log.filter { $0.path.hasPrefix("/avatars/") }.isEmpty, "no block symbols, no avatar")
            let piped = try await world.run("list", "--limit", "4", environment: ascii)
            #expect(piped.stdout.contains("café résumé"), "data in a pipe stays as it is: \(piped)")

            let session = try await BrowseScreenTests.browse(world, "--avatars never", environment: ascii)
            defer { session.close() }
            let screen = try await session.waitFor("the first frame") { $0.contains("row 1 of 40 cached") }
            #expect(screen.contains("* cafe resume"), "\(screen)")
            try await session.send("?")
            let help = try await session.waitFor("the help") { $0.contains("keys") }
            #expect(help.contains("j v / k ^"), "\(help)")
            let shown = help + screen
            #expect(shown.utf8.allSatisfy { $0 < 0x80 }, "nothing but ASCII on screen:\n\(help)")
            try await session.send("q")
            try await session.send("q")
            try await session.waitFor("the exit") { $0.contains("__EXIT 0") }
        }
    }

    @Test("browse draws avatars by the rule list follows: none on an 8-colour terminal or with GHUSERS_AVATARS=never")
    func browseAvatarsFollowTheTerminal() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { world in
            #expect(try await world.run("next-page", "--avatars", "never").status == 0)
            let environments = [
                "TERM=xterm (8 colours)": ["TERM": "xterm", "COLORTERM": ""],
                "GHUSERS_AVATARS=never": ["GHUSERS_AVATARS": "never"],
            ]
            for (name, environment) in environments {
                let session = try await BrowseScreenTests.browse(world, environment: environment)
                defer { session.close() }
                // The list's placeholders (initials), and no avatar counters: no pipeline runs.
                let screen = try await session.waitFor("the first frame, \(name)") { $0.contains("row 1 of 40 cached") && $0.contains("MO") }
                #expect(!screen.contains("avatars 0 queued"), "\(name):\n\(screen)")
                if environment["TERM"] == "xterm" {
                    // Every byte of a redraw (^L): the placeholders' colours are the 8 standard ones.
                    let bytes = BrowseNetworkScreenTests.recording(world)
                    defer { try? FileManager.default.removeItem(at: bytes) }
                    try await session.record(to: bytes)
                    try await session.send("C-l")
                    var written = ""
                    let deadline = ContinuousClock.now + .seconds(30)
                    while !written.contains("MO"), ContinuousClock.now < deadline {
                        try await Task.sleep(for: .milliseconds(20))
                        written = (try? String(contentsOf: bytes, encoding: .utf8)) ?? ""
                    }
                    #expect(written.contains("MO"), "the redraw was recorded")
                    #expect(written.contains("\u{1B}[") && !written.contains("38;5;") && !written.contains("48;5;") && !written.contains("8;2;"), "\(written.debugDescription)")
                    #expect(written.firstMatch(of: /\e\[[0-9;]*4[0-7]m/) != nil, "a standard background: \(written.debugDescription)")
                }
                try await session.send("j")
                try await session.waitFor("a key later, \(name)") { $0.contains("row 2 of 40 cached") }
                try await session.send("q")
                try await session.waitFor("the exit, \(name)") { $0.contains("__EXIT 0") }
            }
            #expect(await world.server.stats().log.filter { $0.path.hasPrefix("/avatars/") }.isEmpty, "no avatar asked for")
        }
    }
}
