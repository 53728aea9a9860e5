import Foundation
import GitHubFake
import Testing

/// `ghusers profiles prefetch` against the fake's GraphQL endpoint as GitHub serves it: 100
/// profiles a request with gh's token (whose scopes cannot read emails), GitHub's points,
/// profiles readable offline and the same as REST's, and every fault survived (a node GitHub
/// will not give, a field nulled, query timeouts, a secondary limit in a 200, a used-up
/// budget), with one request in flight and the next run going on from what is left.
@Suite("profiles prefetch")
struct ProfilesPrefetchEndToEndTests {
    /// The fake on loopback is an Enterprise Server as far as tokens go (TokenEndToEndTests); a
    /// token it does not list has gh's default scopes (`gist, read:org, repo, workflow`).
    static let token = ["GH_ENTERPRISE_TOKEN": "ghe_prefetch"]

    /// Caches `count` users (pages of 100, no token).
    static func cache(_ world: EndToEnd, pages: Int) async throws {
        let result = try await world.run("next-page", "--pages", String(pages))
        #expect(result.status == 0, "\(result)")
    }

    static func graphQLRequests(_ world: EndToEnd) async -> [LoggedRequest] {
        await world.server.stats().log.filter { $0.path == "/graphql" }
    }

    static func graphQLRemaining(_ world: EndToEnd) async throws -> Int? {
        let status = try #require(try await world.json("status") as? [String: Any])
        let limits = status["rate_limits"] as? [[String: Any]] ?? []
        return limits.first { $0["resource"] as? String == "graphql" }?["remaining"] as? Int
    }

    /// A fake of `users` accounts under `reading` (both run: Docs/FAKE.md).
    static func fake(_ users: Int, _ reading: GitHubReading) -> FakeConfiguration {
        reading.applied(to: FakeConfiguration(userCount: users))
    }

    /// A fake of `users` accounts that answers queries of 100 ids, for tests that count
    /// requests and points of batches answered whole; timeouts are ``faultsSurvived()``'s and
    /// the tests run under each ``GitHubReading``.
    static func answeringWhole(_ users: Int) -> FakeConfiguration {
        var configuration = FakeConfiguration(userCount: users)
        configuration.graphQLTimeoutAbove = nil
        return configuration
    }

    @Test(
        "gh's scopes: the email query refused once, then 100 a request without emails (50 where 100 time out), remembered for the token; points from GitHub",
        arguments: GitHubReading.allCases)
    func prefetchWithGhsToken(reading: GitHubReading) async throws {
        try await EndToEnd.with(Self.fake(250, reading)) { world in
            // Given
            try await Self.cache(world, pages: 3)
            await world.server.resetStats()
            // When: 150 of them first.
            let result = try await world.run(["profiles", "prefetch", "--limit", "150"], environment: Self.token)
            // Then: one refused query (no points), then 100 and 50; where 100 times out, it is
            // asked twice (4 points each, charged), then as two of 50, then the last 50.
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.contains("prefetched 150 profiles"), "\(result)")
            let spent = reading == .milder ? "3 GraphQL requests (6 points; 4994 of 5000 left)" : "6 GraphQL requests (6 points for the answered ones; 4986 of 5000 left)"
            #expect(result.stderr.contains(spent), "\(result)")
            #expect(result.stderr.contains("emails not asked"), "\(result)")
            let requests = await Self.graphQLRequests(world)
            #expect(requests.count == (reading == .milder ? 3 : 6))
            #expect(requests.allSatisfy { $0.method == "POST" && $0.headers["authorization"] == "Bearer ghe_prefetch" })
            #expect(requests.allSatisfy { $0.headers["x-github-next-global-id"] == "1" })
            // When: the rest. Then: the token is remembered, no query refused again.
            await world.server.resetStats()
            let rest = try await world.run(["profiles", "prefetch"], environment: Self.token)
            #expect(rest.status == 0, "\(rest)")
            let restSpent = reading == .milder ? "1 GraphQL request (4 points; 4990 of 5000 left)" : "4 GraphQL requests (4 points for the answered ones; 4974 of 5000 left)"
            #expect(rest.stderr.contains("prefetched 100 profiles; \(restSpent)"), "\(rest)")
            #expect(await world.apiRequests().isEmpty, "no REST request")
            #expect(await world.server.stats().maxInFlight == 1)
            #expect(try await Self.graphQLRemaining(world) == 5_000 - (reading == .milder ? 10 : 26))
            let rows = try #require(try await world.json("list") as? [[String: Any]])
            #expect(rows.allSatisfy { $0["seen"] as? Bool == false })
            // The next-format ids GitHub answered replace the legacy ones, and REST paging keeps them.
            #expect(rows.allSatisfy { ($0["node_id"] as? String)?.contains("_") == true })
            await world.server.renameUser(id: 3, to: "pjhyett-renamed")
            let refreshed = try await world.run("refresh", "--pages", "1")
            #expect(refreshed.status == 0, "\(refreshed)")
            let after = try #require(try await world.json("list") as? [[String: Any]])
            #expect(after.contains { $0["login"] as? String == "pjhyett-renamed" }, "the page was saved again")
            #expect(after.allSatisfy { ($0["node_id"] as? String)?.contains("_") == true })
            // An email not asked is unknown: offline, `null` and a notice, exit 0.
            let offline = try await world.run("profile", "mojombo", "--offline", "--json")
            #expect(offline.status == 0, "\(offline)")
            #expect(try JSONSchemaEndToEndTests.profileErrors(offline.stdout) == [])
            #expect(offline.stderr.contains("does not know its email (null here); `ghusers profile mojombo` without --offline fetches it"), "\(offline)")
        }
    }

    @Test("a REST answer's scopes are remembered for the token: after next-page with gh's token, prefetch sends no query in vain")
    func scopesFromREST() async throws {
        try await EndToEnd.with(Self.answeringWhole(100)) { world in
            // Given: the users list fetched with gh's token (its answers carry X-OAuth-Scopes).
            #expect(try await world.run(["next-page"], environment: Self.token).status == 0)
            await world.server.resetStats()
            // When
            let result = try await world.run(["profiles", "prefetch"], environment: Self.token)
            // Then: one query, without emails, none refused.
            #expect(result.status == 0 && result.stderr.contains("prefetched 100 profiles; 1 GraphQL request (4 points"), "\(result)")
            #expect(await Self.graphQLRequests(world).count == 1)
        }
    }

    @Test(
        "a GitHub App installation token and a fine-grained one (no scopes header): refused the document or every node at its email, then every profile",
        arguments: ["ghs_installation", "github_pat_finegrained"], ScopelessEmail.allCases)
    func tokensWithoutScopes(token: String, reading: ScopelessEmail) async throws {
        var configuration = Self.answeringWhole(100)
        configuration.scopelessEmail = reading
        try await EndToEnd.with(configuration) { world in
            // Given
            try await Self.cache(world, pages: 1)
            await world.server.resetStats()
            // When
            let result = try await world.run(["profiles", "prefetch"], environment: ["GH_ENTERPRISE_TOKEN": token])
            // Then: one query in vain (refused for nothing, or answered with every user's node
            // nulled at its email and charged), then one of 100 without emails; none pending.
            #expect(result.status == 0, "\(result)")
            let spent = reading == .refusesDocument ? "4 points; 4996" : "8 points; 4992"
            #expect(result.stderr.contains("prefetched 100 profiles; 2 GraphQL requests (\(spent) of 5000 left); emails not asked"), "\(result)")
            #expect(!result.stderr.contains("pending"), "\(result)")
            // --json: the same summary as an object, for scripts.
            let again = try #require(try await world.json("profiles", "prefetch", "--stale") as? [String: Any])
            #expect(again["saved"] as? Int == 0 && again["left"] as? Int == 0, "\(again)")
            #expect(await Self.graphQLRequests(world).allSatisfy { $0.headers["authorization"] == "Bearer \(token)" })
        }
    }

    @Test("a profile from GraphQL is the profile REST gives; an organization's followers unknown until profile completes them")
    func sameProfiles() async throws {
        var configuration = Self.answeringWhole(100)
        configuration.tokenScopes["ghe_prefetch"] = ["repo", "read:user"]
        try await EndToEnd.with(configuration) { world in
            // Given: every profile prefetched over GraphQL with a token that may read emails.
            try await Self.cache(world, pages: 1)
            let prefetched = try await world.run(["profiles", "prefetch"], environment: Self.token)
            #expect(prefetched.status == 0 && !prefetched.stderr.contains("emails not asked"), "\(prefetched)")
            #expect(await Self.graphQLRequests(world).count == 1)
            let rows = try #require(try await world.json("list") as? [[String: Any]])
            let users = rows.filter { $0["type"] as? String == "User" }.compactMap { $0["login"] as? String }
            let organization = try #require(rows.first { $0["type"] as? String == "Organization" }?["login"] as? String)
            // When / Then: for users, the same object as REST's (fetch time aside, and the node
            // id, which GraphQL gave in the next format).
            for login in users.prefix(12) {
                let fromGraphQL = try #require(try await world.json("profile", login, "--offline") as? [String: Any])
                let fromREST = try #require(try await world.json("profile", login, "--refresh") as? [String: Any])
                let keys = Set(fromREST.keys).subtracting(["fetched_at", "node_id"])
                for key in keys {
                    #expect("\(fromGraphQL[key] ?? "absent")" == "\(fromREST[key] ?? "absent")", "\(login).\(key)")
                }
            }
            // An organization: followers unknown offline, never 0; its JSON printed with
            // `"followers": null` and exit 0, the notice on stderr.
            let partial = try await world.run("profile", organization, "--offline")
            #expect(partial.stdout.contains("followers  unknown"), "\(partial)")
            let json = try await world.run("profile", organization, "--offline", "--json")
            #expect(json.status == 0, "\(json)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(object["followers"] is NSNull)
            #expect(object["following"] as? Int == 0 && object["public_gists"] as? Int == 0)
            #expect(json.stderr.contains("does not know its followers"), "\(json)")
            // Online, profile completes it over REST; the same as REST in every other field.
            let complete = try await world.run("profile", organization, "--json")
            #expect(complete.status == 0, "\(complete)")
            #expect(try JSONSchemaEndToEndTests.profileErrors(complete.stdout) == [])
            let fromREST = try #require(try JSONSerialization.jsonObject(with: Data(complete.stdout.utf8)) as? [String: Any])
            for key in Set(fromREST.keys).subtracting(["fetched_at", "node_id", "followers", "seen"]) {
                #expect("\(object[key] ?? "absent")" == "\(fromREST[key] ?? "absent")", "\(organization).\(key)")
            }
        }
    }

    @Test("every fault survived: a forbidden node, a nulled field, timeouts split, a secondary limit in a 200; none gone, one in flight")
    func faultsSurvived() async throws {
        var configuration = FakeConfiguration(userCount: 100)
        configuration.forbiddenAccounts = [5]
        configuration.graphQLFieldErrors = [6: "location", 7: "followers"]
        configuration.graphQLTimeoutAbove = 30
        try await EndToEnd.with(configuration) { world in
            // Given
            try await Self.cache(world, pages: 1)
            await world.server.resetStats()
            await world.server.inject(GraphQLFault.secondaryRateLimit(status: 200, retryAfter: 1))
            // When
            let result = try await world.run(["profiles", "prefetch"], environment: Self.token)
            // Then: 98 saved (5 refused, 7's node nulled by its non-null followers), both kept pending.
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.contains("prefetched 98 profiles"), "\(result)")
            #expect(result.stderr.contains("2 kept pending for a later run"), "\(result)")
            #expect(result.stderr.contains("FORBIDDEN"), "\(result)")
            #expect(result.stderr.contains("queries timed out") && result.stderr.contains("points for the answered ones;"), "\(result)")
            #expect(result.stderr.contains("`ghusers profiles prefetch --rest` asks REST for them"), "\(result)")
            let log = await Self.graphQLRequests(world)
            let timeouts = log.filter { $0.status == 502 }.count
            // 100 twice, 50 twice, 50 twice (then 25s): never five blind retries of the same 100.
            #expect(timeouts == 6, "\(log.map(\.status))")
            #expect(await world.server.stats().maxInFlight == 1)
            let status = try #require(try await world.json("status") as? [String: Any])
            #expect(status["profiles"] as? Int == 98)
            // The secondary limit recorded nothing of the hourly points.
            #expect(try await Self.graphQLRemaining(world).map { $0 > 0 } == true)
            let rows = try #require(try await world.json("list") as? [[String: Any]])
            #expect(rows.allSatisfy { $0["gone"] as? Bool == false })
            // User 6's location, nulled by an error, is unknown; the rest of its profile kept.
            let six = try #require(rows.first { $0["id"] as? Int == 6 }?["login"] as? String)
            let sixProfile = try await world.run("profile", six, "--offline")
            #expect(sixProfile.stdout.contains("location   unknown"), "\(sixProfile)")
            // When: the next run asks only the two left, and goes on past them.
            await world.server.resetStats()
            let next = try await world.run(["profiles", "prefetch"], environment: Self.token)
            #expect(next.status == 0, "\(next)")
            #expect(next.stderr.contains("prefetched 0 profiles") && next.stderr.contains("2 kept pending"), "\(next)")
            #expect(await Self.graphQLRequests(world).count == 1)
            // REST still gives the account GraphQL would not.
            let five = try #require(rows.first { $0["id"] as? Int == 5 }?["login"] as? String)
            #expect(try await world.run("profile", five).status == 0)
        }
    }

    @Test("organisations and emails are counted, not dropped: a count qualifier says how many it cannot see; --complete fills both over REST")
    func organisationsCounted() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 100)) { world in
            // Given: every profile prefetched over GraphQL with gh's scopes (organisations without
            // followers, users without emails).
            try await Self.cache(world, pages: 1)
            let prefetched = try await world.run(["profiles", "prefetch"], environment: Self.token)
            #expect(prefetched.status == 0)
            let rows = try #require(try await world.json("list") as? [[String: Any]])
            let organizations = rows.filter { $0["type"] as? String == "Organization" }.count
            #expect(organizations > 0)
            // The emails GraphQL did not give are said, with why and what fetches them at what cost.
            let users = 100 - organizations
            #expect(
                prefetched.stderr.contains(
                    "\(users) profiles saved have no known email: the token's scopes (gist, read:org, repo, workflow) include neither user:email nor read:user"
                ) && prefetched.stderr.contains("`ghusers profiles prefetch --complete` fetches them over REST: \(users) core requests, about "),
                "\(prefetched.stderr)")
            // list and search --json carry each cached profile, null where unknown, saying which.
            let organization = try #require(rows.first { $0["type"] as? String == "Organization" })
            let profile = try #require(organization["profile"] as? [String: Any], "\(organization)")
            #expect(profile["followers"] is NSNull && profile["following"] as? Int == 0 && profile["unknown"] as? [String] == ["followers"])
            let found = try #require(try await world.json("search", organization["login"] as? String ?? "") as? [[String: Any]])
            #expect((found.first?["profile"] as? [String: Any])?["public_repos"] != nil, "\(found)")
            // When
            let counted = try await world.run("search", "followers:>=0", "--offline")
            // Then: the users found, and a line naming the organisations left out.
            #expect(counted.status == 0 && counted.stdout.split(separator: "\n").count == 100 - organizations, "\(counted)")
            #expect(counted.stderr.contains("\(organizations) cached profiles do not know their followers") && counted.stderr.contains("--complete"), "\(counted)")
            // When: completed over REST, one request each: the organisations' followers and the
            // users' emails.
            await world.server.resetStats()
            let completed = try await world.run("profiles", "prefetch", "--complete")
            #expect(completed.status == 0 && completed.stderr.contains("prefetched 100 profiles"), "\(completed)")
            #expect(!completed.stderr.contains("no known email"), "\(completed)")
            #expect(await world.apiRequests().count == 100)
            // Then: every account counted, nothing said.
            let all = try await world.run("search", "followers:>=0", "--offline")
            #expect(all.stdout.split(separator: "\n").count == 100 && !all.stderr.contains("do not know"), "\(all)")
            await world.server.resetStats()
            let again = try await world.run("profiles", "prefetch", "--complete")
            #expect(again.status == 0 && again.stderr.contains("prefetched 0 profiles"), "\(again)")
            #expect(await world.apiRequests().isEmpty)
        }
    }

    @Test("at a used-up GraphQL budget it stops with exit 6 and what it saved; the next run goes on")
    func stopAndResume() async throws {
        var configuration = Self.answeringWhole(250)
        configuration.graphQLRateLimit = 9
        try await EndToEnd.with(configuration) { world in
            // Given: a budget for two batches of 100 (4 points each) but not a third (2).
            try await Self.cache(world, pages: 3)
            // When
            let stopped = try await world.run(["profiles", "prefetch"], environment: Self.token)
            // Then
            #expect(stopped.status == 6, "\(stopped)")
            #expect(stopped.stderr.contains("after 200 profiles (50 left)"), "\(stopped)")
            let status = try #require(try await world.json("status") as? [String: Any])
            #expect(status["profiles"] as? Int == 200)
            // REST paging is not stopped by GraphQL's budget.
            #expect(try await world.run("next-page").status == 0)
            // When: a new window.
            await world.server.reset()
            let resumed = try await world.run(["profiles", "prefetch"], environment: Self.token)
            // Then: only the 50 left, in one request (the token's scopes remembered).
            #expect(resumed.status == 0, "\(resumed)")
            #expect(resumed.stderr.contains("prefetched 50 profiles"), "\(resumed)")
            #expect(await Self.graphQLRequests(world).count == 1)
        }
    }

    @Test("a secondary limit that stays: exit 6 saying how far it got, the hourly points untouched")
    func secondaryLimitStays() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 100)) { world in
            // Given: secondary limits in a row (a one-shot command waits out one).
            try await Self.cache(world, pages: 1)
            await world.server.inject(GraphQLFault.secondaryRateLimit(status: 403, retryAfter: 1), count: 3)
            // When
            let result = try await world.run(["profiles", "prefetch"], environment: Self.token)
            // Then
            #expect(result.status == 6, "\(result)")
            #expect(result.stderr.contains("secondary rate limit") && result.stderr.contains("0 profiles saved before it (100 left)"), "\(result)")
            let last = try #require(result.stderr.split(separator: "\n").last)
            #expect(last.contains("run `ghusers profiles prefetch` again"), "\(result)")
            #expect(!result.stderr.contains("--wait") && !result.stderr.contains("--offline"), "\(result)")
            #expect(try await Self.graphQLRemaining(world) == nil)
        }
    }

    @Test("list --json before any profile: every row's profile is null")
    func listWithoutProfiles() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 30)) { world in
            try await Self.cache(world, pages: 1)
            let rows = try #require(try await world.json("list") as? [[String: Any]])
            #expect(rows.count == 30 && rows.allSatisfy { $0["profile"] is NSNull })
        }
    }

    @Test("without a token: one line naming the site's token variables and offering --rest; --rest fetches over REST")
    func withoutAToken() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 100)) { world in
            try await Self.cache(world, pages: 1)
            await world.server.resetStats()
            // When
            let refused = try await world.run("profiles", "prefetch")
            // Then: the fake is not github.com, so its variables are the Enterprise ones.
            #expect(refused.status == 4, "\(refused)")
            #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused)")
            #expect(refused.stderr.contains("GH_ENTERPRISE_TOKEN") && !refused.stderr.contains("GH_TOKEN"), "\(refused)")
            #expect(refused.stderr.contains("--rest") && refused.stderr.contains("100 profiles over REST, one request each"), "\(refused)")
            #expect(await world.server.stats().requests == 0)
            // When: over REST, three of them.
            let rest = try await world.run("profiles", "prefetch", "--rest", "--limit", "3")
            // Then
            #expect(rest.status == 0, "\(rest)")
            #expect(await world.apiRequests().count == 3)
            #expect(await Self.graphQLRequests(world).isEmpty)
        }
    }
}
