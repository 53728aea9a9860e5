import Foundation
import GitHubFake
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `ghusers search --online QUERY` against the fake's GraphQL user search: every account GitHub
/// counts is kept with its profile, past the 1,000-result cap; the users list is not touched; a
/// run stopped by the rate limit resumes. The expected counts are the fake's own `userCount`.
@Suite("search --online")
struct SearchOnlineEndToEndTests {
    static let token = ProfilesPrefetchEndToEndTests.token

    /// The `data.search` of a GraphQL query to the fake, asked directly.
    static func search(_ world: EndToEnd, _ query: String, variables: [String: Any]) async throws -> [String: Any] {
        var request = URLRequest(url: URL(string: "\(world.server.baseURL)/graphql")!)
        request.httpMethod = "POST"
        request.setValue("Bearer test", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: ["query": query, "variables": variables])
        let (data, _) = try await URLSession.shared.data(for: request)
        let body = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return try #require((body?["data"] as? [String: Any])?["search"] as? [String: Any], "\(String(decoding: data, as: UTF8.self))")
    }

    /// GitHub's (the fake's) `userCount` for `query`.
    static func gitHubCount(_ world: EndToEnd, _ query: String) async throws -> Int {
        let search = try await search(world, "query($q: String!) { search(query: $q, type: USER, first: 1) { userCount } }", variables: ["q": query])
        return try #require(search["userCount"] as? Int)
    }

    /// The logins GitHub's (the fake's) search gives for `query`, every page (of 50: the fake
    /// times out pages of 100 by default).
    static func gitHubLogins(_ world: EndToEnd, _ query: String) async throws -> Set<String> {
        var logins: Set<String> = []
        var after: String?
        repeat {
            var variables: [String: Any] = ["q": query]
            if let after { variables["after"] = after }
            let search = try await search(
                world,
                """
                query($q: String!, $after: String) { search(query: $q, type: USER, first: 50, after: $after) {
                  pageInfo { endCursor hasNextPage } nodes { ... on User { login } ... on Organization { login } } } }
                """, variables: variables)
            logins.formUnion((search["nodes"] as? [[String: Any]] ?? []).compactMap { $0["login"] as? String })
            let info = search["pageInfo"] as? [String: Any]
            after = info?["hasNextPage"] as? Bool == true ? info?["endCursor"] as? String : nil
        } while after != nil
        return logins
    }

    /// The logins of the accounts of `type` (`User`, `Organization`) that the fake's search
    /// gives: all but those `configuration` withholds (``FakeConfiguration/searchWithholds(id:)``,
    /// by default), read off the users list in a home of their own, so that a test knows them
    /// apart from what ghusers keeps.
    static func given(_ world: EndToEnd, type: String, _ configuration: FakeConfiguration) async throws -> Set<String> {
        let walk = FileManager.default.temporaryDirectory.appendingPathComponent("ghusers-e2e-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: walk) }
        #expect(try await world.run("--home", walk.path, "next-page", "--pages", "40").status == 0)
        let listed = try JSONSerialization.jsonObject(with: Data(try await world.run("--home", walk.path, "list", "--json").stdout.utf8)) as? [[String: Any]] ?? []
        return Set(listed.filter { $0["type"] as? String == type && !configuration.searchWithholds(id: $0["id"] as? Int ?? 0) }.compactMap { $0["login"] as? String })
    }

    /// The rows of `search QUERY --offline --json`.
    static func offline(_ world: EndToEnd, _ query: String) async throws -> [[String: Any]] {
        try await world.json("search", query, "--offline") as? [[String: Any]] ?? []
    }

    @Test("past the 1,000 cap every account GitHub counts is kept with its profile, and the users list does not move", arguments: GitHubReading.allCases)
    func pastTheCap(reading: GitHubReading) async throws {
        let configuration = ProfilesPrefetchEndToEndTests.fake(1_500, reading)
        try await EndToEnd.with(configuration) { world in
            let count = try await Self.gitHubCount(world, "type:user")
            let given = try await Self.given(world, type: "User", configuration)
            #expect(given.count > 1_000 && given.count <= count)
            let result = try await world.run(["search", "--online", "type:user", "--json"], environment: Self.token)
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.contains("search: \(given.count) of \(count) accounts kept"), "\(result.stderr)")
            // gh's scopes read no emails: said, with the command that fetches them.
            #expect(result.stderr.contains("\(given.count) profiles saved have no known email: the token's scopes (gist, read:org, repo, workflow)"), "\(result.stderr)")
            // One request of 100 accounts with their profiles costs about 4 points.
            #expect(Self.spent(result).points * 20 <= count, "\(result.stderr)")
            let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
            #expect(Set(rows.compactMap { $0["login"] as? String }) == given && rows.count == given.count, "every account given, none twice")
            #expect(rows.allSatisfy { $0["type"] as? String == "User" && $0["profile"] is [String: Any] })
            #expect(rows.allSatisfy { $0["gone"] as? Bool == false }, "a search marks nobody gone")
            #expect(await world.server.stats().maxInFlight == 1, "one request at a time")
            // A search is not the users list: the first page still starts at the first account.
            let page = try await world.run("next-page")
            #expect(page.status == 0 && page.stdout.contains("mojombo"), "\(page)")
            // The same query again updates and keeps the same accounts.
            let again = try await world.run(["search", "--online", "type:user"], environment: Self.token)
            #expect(again.status == 0 && again.stderr.contains("\(given.count) of \(count) accounts kept"), "\(again.stderr)")
        }
    }

    @Test(
        "pages that come short (accounts GitHub counts but never gives): every account given is kept, past the cap, and the counts add up",
        arguments: GitHubReading.allCases)
    func shortPages(reading: GitHubReading) async throws {
        var configuration = ProfilesPrefetchEndToEndTests.fake(1_500, reading)
        configuration.searchWithholdsEvery = 7
        try await EndToEnd.with(configuration) { world in
            let count = try await Self.gitHubCount(world, "type:user")
            // What the fake gives: its users but those it withholds.
            let given = try await Self.given(world, type: "User", configuration)
            #expect(given.count < count && given.count > 1_000)
            // When
            let result = try await world.run(["search", "--online", "type:user"], environment: Self.token)
            // Then: every account given kept, none gone, and the shortfall named.
            #expect(result.status == 0, "\(result)")
            let kept = try await Self.offline(world, "type:user")
            #expect(Set(kept.compactMap { $0["login"] as? String }) == given)
            #expect(kept.allSatisfy { $0["gone"] as? Bool == false })
            #expect(result.stderr.contains("search: \(given.count) of \(count) accounts kept"), "\(result.stderr)")
            #expect(result.stderr.contains("of GitHub's \(count), \(count - given.count) counted but never given"), "\(result.stderr)")
            #expect(await world.server.stats().maxInFlight == 1)
        }
    }

    @Test("GitHub's timeouts shrink the page (100, 50, 25); one at 25 stops the run, exit 5, and the same command goes on")
    func timeoutsShrinkThePage() async throws {
        var configuration = FakeConfiguration(userCount: 400)
        configuration.graphQLTimeoutAbove = 50
        try await EndToEnd.with(configuration) { world in
            let count = try await Self.gitHubCount(world, "type:user")
            let given = try await Self.given(world, type: "User", configuration)
            await world.server.resetStats()
            // When: every page of 100 times out.
            let result = try await world.run(["search", "--online", "type:user"], environment: Self.token)
            // Then: asked at 50, every account given kept, the timeouts said.
            #expect(result.status == 0 && result.stderr.contains("search: \(given.count) of \(count) accounts kept"), "\(result)")
            #expect(result.stderr.contains("GitHub timed out on "), "\(result.stderr)")
            let firsts = await world.server.stats().log.filter { $0.path == "/graphql" }.count
            #expect(firsts <= count / 50 + 6, "pages of 50 after the first timeout, not of 25: \(firsts) requests")
            #expect(Self.spent(result).requests == firsts, "each request said once: \(result.stderr)")
            #expect(Set(try await Self.offline(world, "type:user").compactMap { $0["login"] as? String }) == given)
            // When: a page times out at 100, 50 and 25.
            await world.server.inject(GraphQLFault.timeout(status: 502), count: 3)
            let stopped = try await world.run(["search", "--online", "type:org"], environment: Self.token)
            #expect(stopped.status == 5 && stopped.stderr.contains("run the same `ghusers search --online` again"), "\(stopped)")
            let again = try await world.run(["search", "--online", "type:org"], environment: Self.token)
            let organizations = try await Self.gitHubCount(world, "type:org")
            let givenOrganizations = try await Self.given(world, type: "Organization", configuration)
            #expect(again.status == 0 && again.stderr.contains("search: \(givenOrganizations.count) of \(organizations) accounts kept"), "\(again)")
        }
    }

    @Test("after search --online, the same query offline finds exactly the accounts GitHub found: whole words, phrases, exclusions, emails")
    func offlineGivesGitHubsAnswer() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 300)) { world in
            let queries = ["location:us", "location:\"new york\"", "location:york type:user", "followers:>500 -location:york", "fullname:\"fake user\" repos:<10", "repos:<10 type:org",
                "followers:>900 NOT location:york type:user", "user:mojombo", "user:mojombo user:defunkt org:github",
                // Repeated locations are alternatives; excluded ones each exclude; Unicode's punctuation splits words.
                "location:lagos location:japan", "location:berlin location:york followers:>300", "type:user -location:lagos -location:berlin repos:<20",
                "location:japan", "location:kreis", "location:québec", "location:montréal",
                // An email's words before its @ only: GitHub cannot search domains.
                "mojombo in:email"]
            for query in queries {
                let online = try await world.run(["search", "--online", query], environment: Self.token)
                #expect(online.status == 0, "\(query): \(online)")
            }
            for query in queries {
                let gitHub = try await Self.gitHubLogins(world, query)
                let offline = Set(try await Self.offline(world, query).compactMap { $0["login"] as? String })
                #expect(!gitHub.isEmpty && offline == gitHub, "\(query): only offline \(offline.subtracting(gitHub)), only GitHub \(gitHub.subtracting(offline))")
            }
            // Alternatives widen: both places' accounts, each place's own.
            let lagos = try await Self.gitHubLogins(world, "location:lagos"), tokyo = try await Self.gitHubLogins(world, "location:japan")
            let either = try await Self.gitHubLogins(world, "location:lagos location:japan")
            #expect(!lagos.isEmpty && !tokyo.isEmpty && either == lagos.union(tokyo))
            // The domain is not searched, online or off.
            let domainOnline = try await Self.gitHubLogins(world, "example in:email"), domainOffline = try await Self.offline(world, "example in:email")
            #expect(domainOnline.isEmpty && domainOffline.isEmpty)
        }
    }

    @Test("only what GitHub's syntax has is asked; the rest the cache answers; a query GitHub has nothing of is refused")
    func localParts() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 200)) { world in
            let expected = try await Self.gitHubLogins(world, "location:york").count
            let result = try await world.run(["search", "--online", "location:york", "has:note"], environment: Self.token)
            // has:note matches none of the accounts just kept: exit 1, as grep, but they are kept.
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains("GitHub is asked “location:york”; has:note the cache answers after"), "\(result.stderr)")
            #expect(try await Self.offline(world, "location:york").count == expected)
            let refused = try await world.run(["search", "--online", "has:note"], environment: Self.token)
            #expect(refused.status == 64 && refused.stderr.contains("nothing in the query is GitHub's to ask"), "\(refused)")
            let noToken = try await world.run(["search", "--online", "location:york"], environment: ["GHUSERS_NO_GH": "1"])
            #expect(noToken.status == 4 && noToken.stderr.contains("needs a token"), "\(noToken)")
            // The network: exit 5, as README says.
            await world.server.stop()
            let unreachable = try await world.run(["search", "--online", "location:york"], environment: Self.token)
            #expect(unreachable.status == 5, "\(unreachable)")
        }
    }

    /// The requests and points a run's last progress line says.
    static func spent(_ result: GHUsersProcess.Result) -> (requests: Int, points: Int) {
        let line = result.stderr.split(separator: "\n").last { $0.contains("search: ") && $0.contains(" point") } ?? ""
        let numbers = line.split(separator: "·").dropFirst().compactMap { Int($0.split(separator: " ").first ?? "") }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : (0, 0)
    }

    @Test("Ctrl-C ends a run with exit 130 and what it kept; the same query resumes where it stopped")
    func interrupted() async throws {
        var configuration = FakeConfiguration(userCount: 1_500)
        configuration.latency = .milliseconds(400)
        try await EndToEnd.with(configuration) { world in
            var process = world.ghusers
            process.environment = Self.token
            let running = try process.start(["search", "--online", "type:user"])
            let deadline = ContinuousClock.now + .seconds(30)
            while await world.server.stats().log.filter({ $0.path == "/graphql" && $0.status == 200 }).count < 3, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            running.process.interrupt()
            let result = try await running.finish(timeout: .seconds(30))
            #expect(result.status == 130 && result.stderr.contains("interrupted"), "\(result.status) \(result.stderr)")
            let again = try await world.run(["search", "--online", "type:user"], environment: Self.token)
            #expect(again.status == 0 && again.stderr.contains("(resumed)"), "\(again)")
            let given = try await Self.given(world, type: "User", configuration)
            #expect(Set(try await Self.offline(world, "type:user").compactMap { $0["login"] as? String }) == given)
        }
    }

    @Test("a run stopped by the rate limit keeps what it found and the same query resumes where it stopped")
    func resumes() async throws {
        var configuration = FakeConfiguration(userCount: 1_500)
        configuration.graphQLRateLimit = 25
        try await EndToEnd.with(configuration) { world in
            let expected = try await Self.gitHubCount(world, "type:user")
            var runs: [GHUsersProcess.Result] = []
            repeat {
                if !runs.isEmpty { await world.server.reset() }  // the next hour's points
                runs.append(try await world.run(["search", "--online", "type:user"], environment: Self.token))
            } while runs.last?.status != 0 && runs.count < 12
            #expect(runs.count > 1 && runs[0].stderr.contains("rate limit is used up"), "\(runs.map(\.stderr))")
            #expect(runs.dropLast().allSatisfy { $0.status == 6 }, "a used-up limit exits 6: \(runs.map(\.status))")
            #expect(runs.last?.status == 0, "\(runs.map(\.stderr))")
            #expect(runs.last?.stderr.contains("(resumed)") == true, "\(runs.map(\.stderr))")
            // Each stopped run went on from where the one before stopped.
            let after = runs.dropLast().compactMap { $0.stderr.firstMatch(of: /after (\d+) accounts/).flatMap { Int($0.1) } }
            #expect(after.count == runs.count - 1 && after == after.sorted() && Set(after).count == after.count, "\(runs.map(\.stderr))")
            #expect(Set(try await Self.offline(world, "type:user").compactMap { $0["login"] as? String }) == (try await Self.given(world, type: "User", configuration)))
            // Where it stopped, not from the start: the runs together spend about what one run
            // spends (each repeats at most the window it was in), at 20 accounts a point or better.
            let points = runs.map { Self.spent($0).points }.reduce(0, +)
            #expect(points <= expected / 20 + 5 * runs.count, "\(runs.map(\.stderr))")
        }
    }
}
