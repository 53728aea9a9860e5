import Foundation
import GitHubFake
import Testing

@Suite("Offline commands: note, search, list, refresh, status")
struct LocalCommandsEndToEndTests {
    @Test("notes and search work offline and never touch the network")
    func offlineNotesAndSearch() async throws {
        try await EndToEnd.with { world in
            _ = try await world.run("next-page")
            let before = await world.server.stats().requests
            await world.server.stop()

            #expect(try await world.run("note", "defunkt", "GitHub co-founder", "--offline").status == 0)
            #expect(try await world.run("note", "tawk", "-", input: "line one\nline two\n").status == 0)
            let shown = try await world.run("note", "tawk")
            #expect(shown.stdout == "line one\nline two\n", "printed exactly as saved")

            let search = try await world.run("search", "FOUNDER", "--offline", "--json")
            #expect(search.status == 0, "\(search)")
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as? [[String: Any]])
            #expect(rows.map { $0["login"] as? String } == ["defunkt"])
            #expect(rows.first?["note"] as? String == "GitHub co-founder")

            let byLogin = try await world.run("search", "mojombo")
            #expect(byLogin.stdout.hasPrefix("        1  mojombo"))
            let uncached = try await world.run("search", "line two", "--json")
            let uncachedRows = try #require(try JSONSerialization.jsonObject(with: Data(uncached.stdout.utf8)) as? [[String: Any]])
            #expect(uncachedRows.first?["login"] as? String == "tawk")
            #expect(uncachedRows.first?["id"] is NSNull)

            let deleted = try await world.run("note", "tawk", "--delete")
            #expect(deleted.status == 0 && deleted.stderr.contains("`ghusers note tawk --history` shows its texts"), "\(deleted)")
            let gone = try await world.run("note", "tawk")
            #expect(gone.status == 3)
            #expect(gone.stderr.contains("there is no note on tawk any more; `ghusers note tawk --history` shows the texts it had"), "\(gone)")
            let hinted = try await world.run("note", "tawk", "--history")
            #expect(hinted.status == 0 && hinted.stdout.contains("line two"), "the hint works when pasted: \(hinted)")
            #expect(before == 1)
        }
    }

    @Test("an empty note is refused and points at --delete; the old note stays")
    func emptyNote() async throws {
        try await EndToEnd.with { world in
            _ = try await world.run("note", "tawk", "keep me")
            let empty = try await world.run("note", "tawk", "")
            #expect(empty.status == 64)
            #expect(empty.stderr.contains("--delete"))
            let emptyInput = try await world.run("note", "tawk", "-", input: "")
            #expect(emptyInput.status == 64)
            // The reason in words, never "an unexpected error occurred" or a type's name.
            #expect(emptyInput.stderr.hasPrefix("ghusers: error: ") && !emptyInput.stderr.contains("unexpected"), "\(emptyInput.stderr)")
            #expect(emptyInput.stderr.contains("--delete") || emptyInput.stderr.contains("empty"), "\(emptyInput.stderr)")
            #expect(try await world.run("note", "tawk").stdout == "keep me\n")
        }
    }

    @Test("list streams the cache in id order with --after and --limit; seen users are marked")
    func list() async throws {
        try await EndToEnd.with { world in
            _ = try await world.run("next-page")
            #expect(try await world.runOnTerminal("profile", "defunkt", "--avatars", "never").status == 0)
            let rows = try #require(try await world.json("list", "--after", "1", "--limit", "3") as? [[String: Any]])
            #expect(rows.map { $0["login"] as? String } == ["defunkt", "pjhyett", "wycats"])
            #expect(rows.map { $0["seen"] as? Bool } == [true, false, false])
            let coloured = try await world.run("list", "--limit", "2", "--color", "always")
            #expect(coloured.stdout.contains("\u{1B}[2m        2  defunkt"))
            let plain = try await world.run("list", "--limit", "2", environment: ["CLICOLOR_FORCE": "1", "NO_COLOR": "1"])
            #expect(!plain.stdout.contains("\u{1B}"))
        }
    }

    @Test("text as people type it: a note saved decomposed (macOS's NFD) is found composed and the other way; invalid UTF-8 is refused")
    func unicodeText() async throws {
        try await EndToEnd.with { world in
            _ = try await world.run("next-page")
            let decomposed = "cafe\u{301} in Zu\u{308}rich"
            #expect(try await world.run("note", "defunkt", decomposed).status == 0)
            #expect(try await world.run("note", "mojombo", "café society").status == 0)
            for query in ["café", "cafe\u{301}", "zürich", "Zu\u{308}rich"] {
                let found = try await world.run("search", query)
                #expect(found.status == 0 && found.stdout.contains("defunkt"), "\(query.unicodeScalars.map(\.value)): \(found)")
            }
            let both = try await world.run("search", "cafe\u{301}", "--tsv")
            #expect(both.stdout.split(separator: "\n").count == 2, "\(both)")
            // Stored composed: the bytes of NFC.
            #expect(Array(try await world.run("note", "defunkt").stdout.utf8) == Array("café in Zürich\n".precomposedStringWithCanonicalMapping.utf8))
            // An argument that is not UTF-8 (Latin-1 é) is refused, as stdin is, and nothing is saved.
            var process = world.ghusers
            process.executable = URL(fileURLWithPath: "/bin/sh")
            let latin1 = try await process.run(["-c", "exec \"$0\" note mojombo \"$(printf 'caf\\351')\"", GHUsersProcess.binary.path])
            #expect(latin1.status == 64 && latin1.stderr.contains("is not UTF-8 text"), "\(latin1)")
            #expect(try await world.run("note", "mojombo").stdout == "café society\n")
        }
    }

    @Test("for scripts: piped rows carry whole notes that grep finds; --tsv is one record a line; --tsv with --json is refused")
    func scriptOutput() async throws {
        try await EndToEnd.with { world in
            _ = try await world.run("next-page")
            #expect(try await world.run("note", "defunkt", "GitHub co-founder, met in the hallway at a conference\nfollow up in May").status == 0)
            // When: piped, as `ghusers list | grep 'follow up'`.
            let piped = try await world.run("list")
            #expect(piped.stdout.split(separator: "\n").filter { $0.contains("follow up") }.count == 1, "\(piped)")
            // --tsv: five fields, the note whole and on its one line.
            for arguments in [["list", "--tsv"], ["search", "defunkt", "--tsv"]] {
                let tsv = try await world.run(arguments)
                #expect(tsv.status == 0, "\(tsv)")
                let line = try #require(tsv.stdout.split(separator: "\n").first { $0.contains("defunkt") })
                #expect(line.split(separator: "\t", omittingEmptySubsequences: false) == [
                    "2", "defunkt", "User", "false", "GitHub co-founder, met in the hallway at a conference\\nfollow up in May",
                ])
            }
            let both = try await world.run("list", "--tsv", "--json")
            #expect(both.status == 64 && both.stderr.contains("one of --csv, --tsv or --json"), "\(both)")
            #expect(try await world.run("note", "zz-notcached", "pending note").status == 0)
            let rows = try #require(try await world.json("search", "pending") as? [[String: Any]])
            #expect(rows.count == 1 && rows[0].keys.contains("profile") && rows[0]["profile"] is NSNull, "every search --json row has profile: \(rows)")
            let both2 = try await world.run("note", "mojombo", "--append", "--delete")
            #expect(both2.status == 64 && both2.stderr.contains("either --append or --delete"), "\(both2)")
            let pages = try await world.run("next-page", "--tsv", "--json")
            #expect(pages.status == 64 && pages.stderr.contains("one of --csv, --tsv or --json"), "\(pages)")
            // --tsv is for scripts: avatars are never drawn into it, even when asked for.
            let drawn = try await world.run("list", "--tsv", "--avatars", "always", "--limit", "3")
            #expect(drawn.status == 0 && drawn.stdout.split(separator: "\n").allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 5 }, "\(drawn)")
        }
    }

    @Test("refresh revalidates every page: 304s when unchanged, a rename updated, notes and seen kept, cursor unmoved")
    func refresh() async throws {
        try await EndToEnd.with { world in
            _ = try await world.run("next-page", "--pages", "2")
            _ = try await world.run("note", "wycats", "Rails and Ember")
            #expect(try await world.runOnTerminal("profile", "wycats", "--avatars", "never").status == 0)
            let cursor = try #require(try await world.json("status") as? [String: Any])["cursor"] as? Int
            await world.server.resetStats()

            let unchanged = try #require(try await world.json("refresh") as? [String: Any])
            #expect(unchanged["pages"] as? Int == 2)
            #expect(unchanged["not_modified"] as? Int == 2)
            let revalidations = await world.apiRequests()
            #expect(revalidations.count == 2 && revalidations.allSatisfy { $0.status == 304 && $0.headers["if-none-match"] != nil }, "\(revalidations)")

            await world.server.renameUser(id: 4, to: "yehuda")
            let changed = try #require(try await world.json("refresh") as? [String: Any])
            #expect(changed["updated"] as? Int == 1)
            #expect(changed["not_modified"] as? Int == 1)
            let rows = try #require(try await world.json("search", "yehuda") as? [[String: Any]])
            #expect(rows.first?["id"] as? Int == 4)
            #expect(rows.first?["note"] as? String == "Rails and Ember")
            #expect(rows.first?["seen"] as? Bool == true)
            let status = try #require(try await world.json("status") as? [String: Any])
            #expect(status["cursor"] as? Int == cursor)
            #expect(status["users"] as? Int == 200)
        }
    }

    @Test("--help of every command is part of the contract")
    func help() async throws {
        try await EndToEnd.with { world in
            for command in ["next-page", "list", "profile", "note", "search", "refresh", "status"] {
                let result = try await world.run(command, "--help")
                #expect(result.status == 0)
                for option in ["--api-url", "--home", "--offline", "--json", "--color"] {
                    #expect(result.stdout.contains(option), "\(command) --help lacks \(option)")
                }
            }
            #expect(try await world.run("next-page", "--help").stdout.contains("--wait"))
            #expect(try await world.run("note", "--help").stdout.contains("--delete"))
        }
    }
}
