import Foundation
import GitHubFake
import Testing

/// The friction a new user meets on the first day: Ctrl-C, text that starts with `-`, one
/// error style, and `--json` wherever it is accepted.
@Suite("A user's first day: friction")
struct FirstDayFrictionEndToEndTests {
    @Test("Ctrl-C during next-page --json --pages 5: the saved pages, a whole JSON array, exit 130; the next run goes on after them")
    func interruptedJSON() async throws {
        var configuration = FakeConfiguration(userCount: 1_000)
        configuration.latency = .milliseconds(1_000)
        try await EndToEnd.with(configuration) { (world: EndToEnd) async throws in
            let running = try world.ghusers.start(["--json", "next-page", "--pages", "5"])
            let output = running.outputs.path + ".out"
            let deadline = ContinuousClock.now + .seconds(30)
            // The first page is on stdout: it is saved.
            while ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").components(separatedBy: "\"login\":").count <= 100,
                ContinuousClock.now < deadline
            {
                try await Task.sleep(for: .milliseconds(20))
            }
            running.process.interrupt()
            let result = try await running.finish(timeout: .seconds(30))
            #expect(result.status == 130 && result.stderr.contains("interrupted"), "\(result.status) \(result.stderr)")
            let users = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
            let printed = users?.count ?? 0
            #expect(printed > 0 && printed % 100 == 0 && printed < 500, "whole pages, a whole array: \(printed)")
            // What was printed is what was saved, and the next page comes after it.
            let cached = try await world.run("--json", "--offline", "list")
            #expect((try JSONSerialization.jsonObject(with: Data(cached.stdout.utf8)) as? [[String: Any]])?.count == printed)
            let lastPrinted = users?.compactMap { $0["id"] as? Int }.max() ?? 0
            let next = try await world.run("--json", "next-page")
            let after = try JSONSerialization.jsonObject(with: Data(next.stdout.utf8)) as? [[String: Any]]
            #expect((after?.first?["id"] as? Int ?? 0) > lastPrinted, "the next page starts after the printed ones")
        }
    }

    @Test("text that starts with '-': one line saying to put '--' before it, with the command to copy; after '--' it works")
    func dashText() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { (world: EndToEnd) async throws in
            let search = try await world.run("--offline", "search", "-dash")
            #expect(search.status == 64 && search.stderr.contains("put '--' before it") && search.stderr.contains("ghusers --offline search -- -dash"), "\(search)")
            #expect(!search.stdout.contains("USAGE"), "not the help page")
            let note = try await world.run("--offline", "note", "tawk", "-5 stars")
            #expect(note.status == 64 && note.stderr.contains("ghusers --offline note tawk -- '-5 stars'"), "\(note)")
            #expect(try await world.run("--offline", "note", "tawk", "--", "-5 stars").status == 0)
            #expect(try await world.run("--offline", "note", "tawk").stdout == "-5 stars\n")
        }
    }

    @Test("usage errors in one style: ghusers: error: …, lower case; a negative --pages or --limit gets its range; a directory to import is named")
    func errorStyle() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { (world: EndToEnd) async throws in
            let cases: [([String], String)] = [
                (["next-page", "--pages", "-1"], "ghusers: error: --pages must be between 1 and 1000"),
                (["--offline", "list", "--limit", "-1"], "ghusers: error: --limit must be 1 or more"),
                (["--offline", "note", "tawk", "--bogus"], "ghusers: error: unknown option '--bogus'"),
                (["--offline", "note", "tawk", ""], "ghusers: error: the note is empty"),
                (["--offline", "notes", "import", world.home.path], "is a directory"),
                (["lsit"], "ghusers: error: 'lsit' is not a ghusers command; did you mean 'list'?"),
                (["notes", "exprot"], "ghusers: error: 'exprot' is not a ghusers notes command; did you mean 'export'?"),
                (["help", "lsit"], "did you mean 'list'?"),
            ]
            for (arguments, expected) in cases {
                let result = try await world.run(arguments)
                #expect(result.status == 64 && result.stderr.contains(expected), "\(arguments): \(result)")
                #expect(!result.stderr.contains("Error:") && !result.stderr.contains("Missing value"), "\(arguments): \(result.stderr)")
            }
        }
    }

    @Test("environment: a bad GHUSERS_API_URL is named; a GHUSERS_* value that cannot be used is warned about")
    func environment() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { (world: EndToEnd) async throws in
            let url = try await world.run(["--offline", "list"], environment: ["GHUSERS_API_URL": "htp:/typo"])
            #expect(url.status == 64 && url.stderr.contains("GHUSERS_API_URL 'htp:/typo'"), "\(url)")
            let warned = try await world.run(["--offline", "list"], environment: ["GHUSERS_LOG": "loud", "GHUSERS_AVATAR_CACHE_MB": "lots"])
            #expect(warned.status == 0, "\(warned)")
            #expect(warned.stderr.contains("ghusers: warning: GHUSERS_LOG='loud'") && warned.stderr.contains("GHUSERS_AVATAR_CACHE_MB='lots'"), "\(warned.stderr)")
        }
    }

    @Test("the rate limit's advice: set a token only to those without one")
    func rateLimitAdvice() async throws {
        var configuration = FakeConfiguration(userCount: 1_000)
        configuration.anonymousRateLimit = 1
        configuration.rateLimit = 1
        try await EndToEnd.with(configuration) { (world: EndToEnd) async throws in
            #expect(try await world.run("next-page").status == 0)
            let anonymous = try await world.run("next-page")
            #expect(anonymous.status == 6 && anonymous.stderr.contains("set a token"), "\(anonymous)")
            // The fake is not github.com: its token is GH_ENTERPRISE_TOKEN's.
            let withToken = try await world.run(["next-page"], environment: ["GH_ENTERPRISE_TOKEN": "a-token"])
            #expect(withToken.status == 0, "\(withToken)")
            let spent = try await world.run(["next-page"], environment: ["GH_ENTERPRISE_TOKEN": "a-token"])
            #expect(spent.status == 6 && spent.stderr.contains("for your token") && !spent.stderr.contains("set a token"), "\(spent)")
        }
    }

    @Test("--json on cache --clear, note --delete and avatars prefetch prints an object")
    func jsonEverywhere() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { (world: EndToEnd) async throws in
            #expect(try await world.run("next-page").status == 0)
            #expect(try await world.run("note", "mojombo", "kept").status == 0)
            let objects: [([String], String)] = [
                (["--json", "avatars", "prefetch"], "prefetched"),
                (["--json", "cache", "--clear"], "cleared"),
                (["--json", "note", "mojombo", "--delete"], "deleted"),
            ]
            for (arguments, key) in objects {
                let result = try await world.run(arguments)
                let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
                #expect(object?[key] != nil, "\(arguments): \(result)")
                if key == "prefetched" {
                    // Its status is the downloads' (exit 1 if one failed); its object counts them all.
                    #expect((object?["prefetched"] as? Int ?? 0) + (object?["failed"] as? Int ?? 0) == object?["total"] as? Int && object?["total"] as? Int == 40)
                } else {
                    #expect(result.status == 0, "\(arguments): \(result)")
                }
            }
        }
    }
}
