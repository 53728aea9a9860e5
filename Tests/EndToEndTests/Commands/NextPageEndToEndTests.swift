import Foundation
import GitHubFake
import Testing

@Suite("next-page against github-fake")
struct NextPageEndToEndTests {
    @Test("the welcome greets a person at a terminal once; not cron, not a home that already holds notes; --pages ends with a summary")
    func welcome() async throws {
        try await EndToEnd.with { world in
            let first = try await world.runOnTerminal("next-page", "--avatars", "never")
            #expect(first.status == 0 && first.stdout.contains("Welcome to ghusers"), "\(first)")
            let second = try await world.runOnTerminal("next-page", "--avatars", "never")
            #expect(!second.stdout.contains("Welcome"), "once")
        }
        try await EndToEnd.with { world in
            #expect(try await world.run("note", "mojombo", "imported from the other machine").status == 0)
            let first = try await world.runOnTerminal("next-page", "--avatars", "never")
            #expect(first.status == 0 && !first.stdout.contains("Welcome"), "\(first)")
        }
    }

    @Test("the first page asks per_page=100 and sets the page size; the second asks since=151&per_page=100")
    func firstThenSecondPage() async throws {
        try await EndToEnd.with { world in

            let first = try await world.run("next-page")
            #expect(first.status == 0, "\(first)")
            #expect(first.stdout.contains("mojombo"))
            #expect(first.stdout.split(separator: "\n").count == 100)
            #expect(!first.stderr.contains("Welcome to ghusers"), "stderr is not a terminal (cron): no welcome")

            let second = try await world.run("next-page", "--json")
            #expect(second.status == 0, "\(second)")
            #expect(!second.stderr.contains("Welcome"), "the welcome is shown once")
            let users = try #require(try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [[String: Any]])
            #expect(users.count == 100)
            #expect(users.allSatisfy { ($0["id"] as? Int ?? 0) > 151 }, "151 is the 100th user's id")
            // GitHub's simple-user (JSONSchemaEndToEndTests validates it) plus the local note, seen and gone.
            #expect(
                users.first?.keys.sorted() == [
                    "avatar_url", "events_url", "followers_url", "following_url", "gists_url", "gone", "gravatar_id", "html_url", "id",
                    "login", "node_id", "note", "organizations_url", "received_events_url", "repos_url", "seen", "site_admin",
                    "starred_url", "subscriptions_url", "type", "url", "user_view_type",
                ])

            let requests = await world.apiRequests()
            #expect(requests.count == 2)
            #expect(requests[0].path == "/users" && requests[0].query == ["per_page": "100"])
            #expect(requests[1].query == ["since": "151", "per_page": "100"])
            #expect(requests[0].headers["accept"] == "application/vnd.github+json")
            #expect(requests[0].headers["x-github-api-version"] == "2022-11-28")
            #expect(requests[0].headers["user-agent"]?.hasPrefix("ghusers/") == true)
            #expect(requests[0].headers["authorization"] == nil)

            let status = try #require(try await world.json("status") as? [String: Any])
            #expect(status["page_size"] as? Int == 100)
            #expect(status["users"] as? Int == 200)
            #expect(status["cursor"] as? Int == (users.last?["id"] as? Int))
            #expect(status["rate_limit"] as? Int == 5_000)
        }
    }

    @Test("--pages 3 fetches three pages over one kept-alive connection")
    func severalPagesOneConnection() async throws {
        try await EndToEnd.with { world in
            let result = try await world.run("next-page", "--pages", "3")
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.split(separator: "\n").count == 300)
            let stats = await world.server.stats()
            #expect(stats.requests == 3)
            #expect(stats.connections == 1)
            #expect(stats.maxInFlight == 1)
            #expect(try await world.cachedLogins().count == 300)
        }
    }

    @Test("an empty page is the end of the list: said, exit 0, nothing lost")
    func endOfList() async throws {
        // A full page of 100, a short page of 35, then the empty one.
        try await EndToEnd.with(FakeConfiguration(userCount: 135)) { world in
            let result = try await world.run("next-page", "--pages", "5")
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.contains("end of the list"))
            #expect(try await world.cachedLogins().count == 135)
            #expect(await world.apiRequests().count == 3)
            let again = try await world.run("next-page")
            #expect(again.status == 0 && again.stderr.contains("end of the list"))
        }
    }

    @Test("a page with invalid items saves the valid users, says how many were skipped, and moves past the last item")
    func invalidItems() async throws {
        try await EndToEnd.with { world in
            await world.server.inject(.invalidItems)
            let result = try await world.run("next-page", "--json")
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.contains("skipped 3 invalid items"))
            let users = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            #expect(users.count == 97)
            #expect(!users.contains { ($0["avatar_url"] as? String)?.hasPrefix("file:") == true })
            let status = try #require(try await world.json("status") as? [String: Any])
            #expect(status["cursor"] as? Int == 151, "the cursor is the id of the last item, though it was invalid")
            _ = try await world.run("next-page")
            #expect(await world.apiRequests().last?.query["since"] == "151")
        }
    }

    @Test("two 503s are retried and the page is saved")
    func retriesServerErrors() async throws {
        try await EndToEnd.with { world in
            await world.server.inject(.status(503), count: 2)
            let result = try await world.run("next-page")
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.components(separatedBy: "retrying in").count - 1 == 2)
            #expect(await world.apiRequests().map(\.status) == [503, 503, 200])
            #expect(try await world.cachedLogins().count == 100)
        }
    }

    @Test("a primary rate limit resetting in an hour fails at once, names the reset time, exit 6")
    func failsFastOnPrimaryLimit() async throws {
        try await EndToEnd.with { world in
            await world.server.inject(.primaryRateLimit(resetIn: 3_600))
            let result = try await world.run("next-page")
            #expect(result.status == 6, "\(result)")
            #expect(result.stderr.contains("rate limit is used up until 20"))
            #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
            #expect(await world.apiRequests().count == 1, "no retry")
            #expect(try await world.cachedLogins().isEmpty)
            let status = try #require(try await world.json("status") as? [String: Any])
            #expect(status["rate_remaining"] as? Int == 0)
            let reset = try #require((status["rate_reset"] as? String).flatMap(ISO8601DateFormatter().date(from:)))
            #expect(reset.timeIntervalSinceNow > 3_000)
        }
    }

    @Test("when a later page fails, the pages already saved are still printed and the JSON array is closed")
    func savedPagesSurviveALaterFailure() async throws {
        try await EndToEnd.with(FakeConfiguration(rateLimit: 3)) { world in
            let json = try await world.run("next-page", "--pages", "5", "--json")
            #expect(json.status == 6, "\(json)")
            let users = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(json.stdout)")
            #expect(users.count == 300)
            await world.server.reset()
            let drawn = try await world.run("next-page", "--pages", "5", "--avatars", "always")
            #expect(drawn.status == 6, "\(drawn)")
            // user453 and User460 are the 301st and 306th users listed: the fourth page of 100.
            #expect(drawn.stdout.contains("user453") || drawn.stdout.contains("User460"), "the saved pages are drawn: \(drawn.stdout.prefix(300))")
            #expect(try await world.cachedLogins().count == 600)
        }
    }

    @Test("nothing listens: exit 5 after the retries, with a hint")
    func unreachable() async throws {
        try await EndToEnd.with { world in
            let port = world.server.port
            await world.server.stop()
            let process = GHUsersProcess(home: world.home, apiURL: "http://127.0.0.1:\(port)")
            let result = try await process.run(["next-page"])
            #expect(result.status == 5, "\(result)")
            #expect(result.stderr.contains("--wait") && result.stderr.contains("`ghusers list`"), "\(result)")
        }
    }

    @Test("--wait keeps retrying until the server is back")
    func waitsForTheNetwork() async throws {
        try await EndToEnd.with { world in
            // The fake is killed at once (no graceful shutdown to eat the window): the first
            // attempts fall inside it, and it is back 3 s later.
            try await world.server.refuseConnections(for: .seconds(3))
            let result = try await world.run("next-page", "--wait")
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.contains("waiting until the network is back"))
            #expect(try await world.cachedLogins().count == 100)
        }
    }

    @Test("GH_ENTERPRISE_TOKEN goes to a site other than github.com as a bearer token, and is never printed")
    func token() async throws {
        try await EndToEnd.with { world in
            let result = try await world.run("next-page", environment: ["GH_ENTERPRISE_TOKEN": "ghp_secret123"])
            #expect(result.status == 0)
            #expect(await world.apiRequests().first?.headers["authorization"] == "Bearer ghp_secret123")
            #expect(!result.stdout.contains("ghp_secret123") && !result.stderr.contains("ghp_secret123"))
            let database = try Data(contentsOf: world.database)
            #expect(database.range(of: Data("ghp_secret123".utf8)) == nil)
        }
    }
}
