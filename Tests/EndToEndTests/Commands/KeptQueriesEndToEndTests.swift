import Foundation
import GitHubFake
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A query you keep, as a student's assignment goes: every Berlin account as users.csv, then
/// the same a week later with one account deleted, one moved away and one moved in, each named,
/// the deleted one marked gone and out of the answer; `searches` lists, shows and forgets;
/// `refresh` on a home only searches filled.
@Suite("kept queries: search --online, refresh, searches")
struct KeptQueriesEndToEndTests {
    static let token = ProfilesPrefetchEndToEndTests.token
    static let query = "location:berlin"

    /// The logins of a CSV of `login,location` rows, with each location.
    static func table(_ result: GHUsersProcess.Result) -> [String: String] {
        let records = TableOutputEndToEndTests.records(result.stdout)
        #expect(records.first == ["login", "location"], "\(result)")
        return Dictionary(records.dropFirst().map { ($0[0], $0[1]) }, uniquingKeysWith: { first, _ in first })
    }

    static func kept(_ world: EndToEnd) async throws -> [[String: Any]] {
        let listed = try #require(try await world.json("searches", "--json") as? [String: Any])
        return listed["searches"] as? [[String: Any]] ?? []
    }

    @Test("the assignment: users.csv, then a week later a deleted, a moved and a new account, each named; the deleted one gone and out")
    func assignment() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 1000)) { world in
            // Given: the first run, as a CSV.
            let first = try await world.run(["search", "--online", Self.query, "--csv", "--fields", "login,location"], environment: Self.token)
            #expect(first.status == 0, "\(first)")
            let before = Self.table(first)
            #expect(before.count > 20 && before.values.allSatisfy { $0.lowercased().contains("berlin") }, "\(before)")
            let listed = try await Self.kept(world)
            #expect(listed.count == 1 && listed[0]["query"] as? String == Self.query && listed[0]["kept"] as? Int == before.count, "\(listed)")
            let ids = try #require(try await world.json("list", "--json") as? [[String: Any]])
            let id = { (login: String) in ids.first { $0["login"] as? String == login }?["id"] as? Int ?? 0 }
            let members = before.keys.sorted()
            let (deleted, moved) = (members[0], members[1])
            // A week later: one deleted, one moved to Paris, one elsewhere moved to Berlin.
            let (page, _) = try await URLSession.shared.data(from: URL(string: "\(world.server.baseURL)/users?since=200&per_page=100")!)
            let listedByGitHub = try #require(try JSONSerialization.jsonObject(with: page) as? [[String: Any]])
            let newcomer = try #require(listedByGitHub.compactMap { $0["login"] as? String }.first { login in !before.keys.contains(login) })
            await world.server.deleteUser(id: id(deleted))
            await world.server.setProfileText(login: moved, field: .location, to: "Paris")
            await world.server.setProfileText(login: newcomer, field: .location, to: "Berlin, Germany")
            // When
            let refresh = try await world.run(["refresh"], environment: Self.token)
            // Then: exit 0 on a home only searches filled; each change named.
            #expect(refresh.status == 0, "\(refresh)")
            #expect(refresh.stderr.contains("1 kept query"), "the plan comes first: \(refresh.stderr)")
            #expect(refresh.stderr.contains("since the last run: 1 joined, 2 left"), "\(refresh.stderr)")
            #expect(refresh.stderr.lowercased().contains("joined: \(newcomer.lowercased())"), "\(refresh.stderr)")
            #expect(refresh.stderr.contains("\(deleted) (gone from GitHub)"), "\(refresh.stderr)")
            #expect(refresh.stderr.contains("\(moved) (location now “Paris”, was “"), "\(refresh.stderr)")
            // The answer now: the deleted and the moved accounts out, the newcomer in; the deleted one marked gone.
            let again = try await world.run(["search", "--online", Self.query, "--csv", "--fields", "login,location"], environment: Self.token)
            let after = Self.table(again)
            #expect(after[deleted] == nil && after[moved] == nil && after.keys.contains { $0.lowercased() == newcomer.lowercased() }, "\(after.keys.sorted())")
            #expect(again.stderr.contains("since the last run: 0 joined, 0 left"), "\(again.stderr)")
            let gone = try #require(try await world.json("list", "--json") as? [[String: Any]]).first { $0["login"] as? String == deleted }
            #expect(gone?["gone"] as? Bool == true)
            #expect(try await Self.kept(world).first?["kept"] as? Int == after.count)
        }
    }

    @Test("searches show names the last run's changes, text and --json; forget keeps the accounts; a query not kept is exit 64")
    func showAndForget() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 600)) { world in
            #expect(try await world.run(["search", "--online", Self.query], environment: Self.token).status == 0)
            let members = try #require(try await world.json("search", Self.query, "--offline", "--json") as? [[String: Any]])
            let login = try #require(members.first?["login"] as? String)
            await world.server.setProfileText(login: login, field: .location, to: "Hamburg")
            #expect(try await world.run(["search", "--online", Self.query], environment: Self.token).status == 0)
            // When
            let shown = try await world.run("searches", "show", Self.query)
            let json = try #require(try await world.json("searches", "show", Self.query, "--json") as? [String: Any])
            // Then
            #expect(shown.status == 0 && shown.stdout.contains("0 joined, 1 left") && shown.stdout.contains("\(login) (location now “Hamburg”"), "\(shown)")
            let changes = try #require(json["changes"] as? [String: Any])
            let left = try #require(changes["left"] as? [[String: Any]])
            #expect(left.count == 1 && left[0]["login"] as? String == login)
            #expect((left[0]["fields"] as? [[String: Any]])?.contains { $0["field"] as? String == "location" && $0["to"] as? String == "Hamburg" } == true)
            let cached = try #require(try await world.json("status") as? [String: Any])["users"] as? Int
            let forget = try await world.run("searches", "forget", Self.query)
            let remaining = try await Self.kept(world)
            #expect(forget.status == 0 && remaining.isEmpty, "\(forget)")
            #expect(try #require(try await world.json("status") as? [String: Any])["users"] as? Int == cached)
            for arguments in [["searches", "show", "location:nowhere"], ["searches", "forget", Self.query], ["refresh", "--query", "location:nowhere"]] {
                let result = try await world.run(arguments)
                #expect(result.status == 64 && result.stderr.contains("not a kept query"), "\(arguments): \(result)")
            }
        }
    }

    @Test("--dry-run: one count request, at most one point, nothing kept; it says the count, requests, points, REST requests and time")
    func dryRun() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 1000)) { world in
            // When
            let plan = try await world.run(["search", "--online", "--dry-run", Self.query, "--json"], environment: Self.token)
            // Then
            #expect(plan.status == 0, "\(plan)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as? [String: Any])
            let count = try #require(object["github_count"] as? Int)
            #expect(count > 20 && object["graphql_requests"] as? Int == (count + 99) / 100 && object["points"] as? Int == 4 * ((count + 99) / 100))
            #expect(object["spent"] as? Int ?? 9 <= 1 && object["seconds"] is Int && object.keys.contains("rest_requests"), "\(object)")
            let graphQL = await world.server.stats().log.filter { $0.path == "/graphql" }
            #expect(graphQL.count == 1)
            #expect(try await Self.kept(world).isEmpty)
            #expect(try #require(try await world.json("status") as? [String: Any])["users"] as? Int == 0)
            let text = try await world.run(["search", "--online", "--dry-run", Self.query], environment: Self.token)
            #expect(text.stdout.contains("GitHub counts \(count) accounts") && text.stderr.contains("kept nothing"), "\(text)")
            let alone = try await world.run("search", "--dry-run", Self.query)
            #expect(alone.status == 64 && alone.stderr.contains("--dry-run says what --online would cost"), "\(alone)")
        }
    }
}
