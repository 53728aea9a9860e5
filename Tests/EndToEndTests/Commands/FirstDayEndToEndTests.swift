import Foundation
import GitHubFake
import Testing

/// What a new user met in the first hour (issue #31), end to end on the built binary.
@Suite("A user's first day")
struct FirstDayEndToEndTests {
    @Test("a NUL byte on stdin is refused and nothing is saved; an import's entry with one is rejected and named")
    func nulByte() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { (world: EndToEnd) async throws in
            let result = try await world.run(["--offline", "note", "takeo", "-"], input: "nul\0byte")
            #expect(result.status == 64 && result.stderr.contains("NUL"), "\(result)")
            #expect(try await world.run("--offline", "note", "takeo").status == 3, "nothing saved")
            let archive = #"{"format":"ghusers-notes","version":1,"site":""# + world.ghusers.apiURL
                + #"","notes":[{"login":"takeo","id":null,"note":"cut\u0000here"},{"login":"ivey","id":null,"note":"whole"}]}"#
            let imported = try await world.run(["--offline", "notes", "import", "-"], input: archive)
            #expect(imported.stderr.contains("rejected") && imported.stderr.contains("takeo"), "\(imported)")
            #expect(try await world.run("--offline", "note", "takeo").status == 3)
            #expect(try await world.run("--offline", "note", "ivey").stdout == "whole")
        }
    }

    @Test("search folds case as browse does: İst finds İstanbul, in the cache and among notes on users not cached")
    func unicodeCase() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { (world: EndToEnd) async throws in
            #expect(try await world.run("next-page").status == 0)
            #expect(try await world.run("note", "ivey", "Straße İstanbul").status == 0)
            #expect(try await world.run("note", "takeo", "İzmir").status == 0)  // not cached
            for query in ["İstanbul", "İst", "İ", "straße"] {
                let result = try await world.run("search", query)
                #expect(result.status == 0 && result.stdout.contains("ivey"), "\(query): \(result)")
            }
            let izmir = try await world.run("search", "İz")
            #expect(izmir.stdout.contains("takeo"), "\(izmir)")
        }
    }

    @Test("avatars prefetch exits 1 when any avatar failed, and says so")
    func prefetchFailure() async throws {
        var configuration = FakeConfiguration(userCount: 40)
        configuration.avatarFaults[2] = .status(404)
        try await EndToEnd.with(configuration) { (world: EndToEnd) async throws in
            #expect(try await world.run("next-page", "--avatars", "never").status == 0)
            let result = try await world.run("avatars", "prefetch")
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains("1 failed") && result.stderr.contains("could not be downloaded"), "\(result)")
            #expect(try await world.run("avatars", "prefetch").status == 1, "still failing: still non-zero")
        }
    }

    @Test("notes export -o - writes to stdout, as notes import - reads stdin; no file named -")
    func exportToStdout() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { (world: EndToEnd) async throws in
            #expect(try await world.run("--offline", "note", "ivey", "kept").status == 0)
            let result = try await world.run("--offline", "notes", "export", "-o", "-")
            #expect(result.status == 0 && result.stdout.contains("\"kept\""), "\(result)")
            let stray = FileManager.default.currentDirectoryPath + "/-"
            #expect(!FileManager.default.fileExists(atPath: stray))
        }
    }
}
