import Foundation
import Testing

@Suite("notes export and import")
struct NotesArchiveEndToEndTests {
    @Test("export is stable and sorted; import into another home is idempotent; the newer note wins, the other kept in its history")
    func exportImport() async throws {
        try await EndToEnd.with { source in
            try await EndToEnd.with { target in
                #expect(try await source.run("next-page").status == 0)
                for (login, text) in [("Wycats", "Ember\nand Rails"), ("mojombo", "Jekyll ✎"), ("tawk", "not cached")] {
                    #expect(try await source.run("note", login, text).status == 0)
                }
                let first = try await source.run("notes", "export")
                #expect(first.status == 0)
                let archive = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
                let notes = try #require(archive["notes"] as? [[String: Any]])
                #expect(notes.map { $0["login"] as? String } == ["mojombo", "tawk", "wycats"])
                #expect(notes.map { $0["note"] as? String } == ["Jekyll ✎", "not cached", "Ember\nand Rails"])
                let second = try await source.run("notes", "export")
                #expect(second.stdout.split(separator: "\n").dropFirst() == first.stdout.split(separator: "\n").dropFirst(), "stable but for exported_at")

                let file = source.home.appendingPathComponent("notes.json")
                #expect(try await source.run("notes", "export", "--output", file.path).status == 0)
                let mode = (try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int ?? 0) & 0o777
                #expect(mode == 0o600)

                // The target's fake is another site (another port): the import is asked for. Its
                // own note is written in a later second than the exported one (notes keep
                // seconds; the same second is a tie, another case).
                let exported = try #require((notes.first?["updated_at"] as? String).flatMap { try? Date($0, strategy: .iso8601) })
                while Date().timeIntervalSince1970.rounded(.down) <= exported.timeIntervalSince1970 { try await Task.sleep(for: .milliseconds(50)) }
                #expect(try await target.run("note", "mojombo", "my own opinion").status == 0)
                let imported = try await target.run("notes", "import", file.path, "--json", "--from-other-site")
                #expect(imported.status == 0, "\(imported)")
                let report = try #require(try JSONSerialization.jsonObject(with: Data(imported.stdout.utf8)) as? [String: Any])
                #expect(report["added"] as? Int == 2)
                #expect(report["updated"] as? Int == 0 && report["unchanged"] as? Int == 1)
                #expect((report["conflicts"] as? [String])?.count == 1)
                #expect(imported.stderr.contains("imported 3 notes: 2 added, 0 updated, 1 unchanged (1 of them differed from the local note)"), "\(imported)")
                #expect(imported.stderr.contains("conflict: mojombo: kept the local note, the newer"), "\(imported)")
                #expect(try await target.run("note", "mojombo").stdout == "my own opinion\n")

                let again = try #require(try await target.json("notes", "import", file.path, "--from-other-site") as? [String: Any])
                #expect(again["added"] as? Int == 0 && again["updated"] as? Int == 0 && again["unchanged"] as? Int == 3)

                let merged = try await target.run("notes", "import", file.path, "--on-conflict", "merge", "--from-other-site")
                #expect(merged.status == 0)
                #expect(try await target.run("note", "mojombo").stdout == "my own opinion\n\nJekyll ✎\n")

                let replaced = try await target.run("notes", "import", file.path, "--on-conflict", "replace", "--from-other-site")
                #expect(replaced.status == 0)
                #expect(try await target.run("note", "mojombo").stdout == "Jekyll ✎\n")
                // Nothing lost: both texts it replaced are in its history, the latest first.
                let history = try #require(try await target.json("note", "mojombo", "--history") as? [[String: Any]])
                #expect(history.map { $0["note"] as? String } == ["my own opinion\n\nJekyll ✎", "my own opinion"])
            }
        }
    }

    @Test("two exports of a renamed account, imported into a fresh home in either order, then the account brought by a search: one note, on the new login")
    func renamedAccountAcrossHomes() async throws {
        try await EndToEnd.with { world in
            // Given: a note on pjhyett (id 3), exported; the account renamed, exported again.
            #expect(try await world.run("next-page").status == 0)
            #expect(try await world.run("note", "pjhyett", "met at the Ruby conf").status == 0)
            let old = world.home.appendingPathComponent("old.json")
            #expect(try await world.run("notes", "export", "--output", old.path).status == 0)
            await world.server.renameUser(id: 3, to: "pj-renamed")
            #expect(try await world.run("profile", "pjhyett").status == 0)  // follows the account by id
            let new = world.home.appendingPathComponent("new.json")
            #expect(try await world.run("notes", "export", "--output", new.path).status == 0)
            #expect(try String(contentsOf: new, encoding: .utf8).contains(#"{"login":"pj-renamed","id":3,"#))
            for files in [[old, new], [new, old]] {
                // When: both imported into a fresh home of the same site, neither account cached.
                let home = FileManager.default.temporaryDirectory.appendingPathComponent("ghusers-e2e-home-\(UUID().uuidString)")
                defer { try? FileManager.default.removeItem(at: home) }
                for file in files {
                    let imported = try await world.run("--home", home.path, "notes", "import", file.path)
                    #expect(imported.status == 0, "\(imported)")
                }
                // Then: one note, keyed by the account.
                let waiting = try await Self.notes(world, home: home)
                #expect(waiting.count == 1 && waiting.first?["id"] as? Int == 3, "\(waiting)")
                // When: a search brings the account. Then: one note, on its login now.
                let search = try await world.run(["--home", home.path, "search", "--online", "user:pj-renamed"], environment: SearchOnlineEndToEndTests.token)
                #expect(search.status == 0, "\(search)")
                let notes = try await Self.notes(world, home: home)
                #expect(notes.map { $0["login"] as? String } == ["pj-renamed"] && notes.first?["note"] as? String == "met at the Ruby conf", "\(notes)")
                #expect(try await world.run("--home", home.path, "note", "pj-renamed").stdout == "met at the Ruby conf\n")
                #expect(try await world.run("--home", home.path, "note", "pjhyett").status == 3)
            }
        }
    }

    /// The notes `notes export` writes from `home`.
    static func notes(_ world: EndToEnd, home: URL) async throws -> [[String: Any]] {
        let export = try await world.run("--home", home.path, "notes", "export")
        let archive = try #require(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any], "\(export)")
        return try #require(archive["notes"] as? [[String: Any]])
    }

    @Test("two homes syncing both ways end with the same notes, the newest of each, and grow no more")
    func twoWaySync() async throws {
        try await EndToEnd.with { (a: EndToEnd) async throws in
            try await EndToEnd.with { (b: EndToEnd) async throws in
                let fileA = a.home.appendingPathComponent("a.json")
                let fileB = b.home.appendingPathComponent("b.json")
                #expect(try await a.run("note", "mojombo", "from A").status == 0)
                #expect(try await b.run("note", "defunkt", "from B").status == 0)
                for round in 0..<3 {
                    #expect(try await a.run("notes", "export", "-o", fileA.path).status == 0)
                    #expect(try await b.run("notes", "import", fileA.path, "--from-other-site").status == 0)
                    if round == 1 {
                        // B edits a note A wrote, a second later than anything A has.
                        #expect(try await b.run("note", "mojombo", "from A, corrected on B").status == 0)
                    }
                    #expect(try await b.run("notes", "export", "-o", fileB.path).status == 0)
                    #expect(try await a.run("notes", "import", fileB.path, "--from-other-site").status == 0)
                }
                for world in [a, b] {
                    #expect(try await world.run("note", "mojombo").stdout == "from A, corrected on B\n")
                    #expect(try await world.run("note", "defunkt").stdout == "from B\n")
                }
                // Appending adds a line; the text it replaced is in the history.
                #expect(try await a.run("note", "defunkt", "--append", "and a follow-up").status == 0)
                #expect(try await a.run("note", "defunkt").stdout == "from B\nand a follow-up\n")
                #expect(try await a.run("note", "defunkt", "--history").stdout.contains("from B\n"))
            }
        }
    }

    @Test("a file that is not an export is refused and nothing changes")
    func notAnExport() async throws {
        try await EndToEnd.with { world in
            #expect(try await world.run("note", "tawk", "keep").status == 0)
            let result = try await world.run("notes", "import", "-", input: "{\"notes\": 42}")
            #expect(result.status == 1)
            #expect(result.stderr.contains("not a ghusers notes export"))
            let missing = try await world.run("notes", "import", "/nonexistent/file.json")
            #expect(missing.status == 64)
            #expect(try await world.run("note", "tawk").stdout == "keep\n")
        }
    }
}
