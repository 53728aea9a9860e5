import Foundation
import GitHubFake
import Testing

/// What a new user meets in the first hour, end to end on the built binary.
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
            #expect(try await world.run("--offline", "note", "ivey").stdout == "whole\n")
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

    @Test("arguments as people type them: search ka ro is one query of two terms, note LOGIN several words is one note")
    func unquotedWords() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { (world: EndToEnd) async throws in
            #expect(try await world.run("next-page").status == 0)
            #expect(try await world.run("note", "mojombo", "hello", "world").status == 0)
            #expect(try await world.run("note", "mojombo").stdout == "hello world\n")
            let two = try await world.run("search", "mojo", "world")
            #expect(two.status == 0 && two.stdout.contains("mojombo"), "\(two)")
            let quoted = try await world.run("search", "mojo world")
            #expect(two.stdout == quoted.stdout)
        }
    }

    @Test("next-page --pages N prints each page as soon as it is saved, in a pipe too")
    func pagesAsTheyCome() async throws {
        var configuration = FakeConfiguration(userCount: 1_000)
        configuration.latency = .milliseconds(1_500)
        try await EndToEnd.with(configuration) { (world: EndToEnd) async throws in
            let running = try world.ghusers.start(["next-page", "--pages", "3"])
            let output = running.outputs.path + ".out"
            let deadline = ContinuousClock.now + .seconds(30)
            var lines = 0
            while running.process.isRunning, ContinuousClock.now < deadline {
                lines = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").count
                if lines >= 100 { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            let stillRunning = running.process.isRunning
            let result = try await running.finish(timeout: .seconds(60))
            #expect(lines >= 100 && lines < 300 && stillRunning, "the first page was out while the others were fetched: \(lines) lines")
            #expect(result.status == 0 && result.stdout.split(separator: "\n").count == 300, "\(result.status)")
        }
    }

    @Test("profile while the API drops connections: the stale cache after one try, without advice to pass --offline; never fetched: exit 5, no --offline")
    func offlineFallbacks() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { (world: EndToEnd) async throws in
            #expect(try await world.run("profile", "mojombo").status == 0)
            await world.server.resetStats()
            // One drop for the stale profile, five for the profile never fetched: no more, since
            // each dropped connection risks NIO's known crash of the in-process fake.
            await world.server.inject(.dropConnection, count: 6)
            let stale = try await world.run("profile", "mojombo", "--refresh")
            #expect(stale.status == 0 && stale.stdout.contains("mojombo"), "\(stale)")
            #expect(stale.stderr.contains("showing the profile cached at") && !stale.stderr.contains("--offline"), "\(stale.stderr)")
            let notice = stale.stderr.split(separator: "\n").first { $0.contains("showing the profile cached at") } ?? ""
            // The drop reads "cannot be reached"; on a loaded machine the 30 s read timeout can
            // pass first ("did not answer in time"): either is the network's reason, in one pair.
            let reason = notice.contains("(GitHub cannot be reached: ") || notice.contains("(GitHub did not answer in time)")
            #expect(notice.filter { $0 == "(" }.count == 1 && reason, "no nested parentheses: \(notice)")
            #expect(await world.apiRequests().count == 1, "one try, then the cache")
            let never = try await world.run("profile", "defunkt")
            #expect(never.status == 5 && !never.stderr.contains("--offline") && never.stderr.contains("not in the cache"), "\(never)")
        }
    }

    @Test("a write blocked by another process's lock says so after a second, then saves once the lock goes")
    func lockedDatabase() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { (world: EndToEnd) async throws in
            #expect(try await world.run("--offline", "note", "ivey", "first").status == 0)
            let database = world.siteDirectory.appendingPathComponent("ghusers.sqlite").path
            let marker = world.home.appendingPathComponent("locked").path
            // The sqlite3 shell holds the write lock for 8 s once it has it: long enough that the
            // note below starts while it holds, even when a full run makes starting a process slow.
            let holder = Process()
            holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
            holder.arguments = [database]
            let input = Pipe()
            holder.standardInput = input
            try holder.run()
            try input.fileHandleForWriting.write(contentsOf: Data("BEGIN IMMEDIATE;\n.shell touch '\(marker)' && sleep 8\nCOMMIT;\n".utf8))
            try input.fileHandleForWriting.close()
            let deadline = ContinuousClock.now + .seconds(20)
            while !FileManager.default.fileExists(atPath: marker), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
            let blocked = try await world.run("--offline", "note", "ivey", "second")
            holder.waitUntilExit()
            #expect(blocked.status == 0 && blocked.stderr.contains("waiting for another process (ghusers, or sqlite3)"), "\(blocked)")
            #expect(try await world.run("--offline", "note", "ivey").stdout == "second\n")
        }
    }
}
