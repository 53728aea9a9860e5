import Foundation
import GitHubFake
import Testing

/// The fake's `search(type: USER)`: GitHub's user-search qualifiers matched on whole words,
/// `userCount` of every match, and no cursor past the 1,000th result.
@Suite struct UserSearchTests {
    static let search = """
        query($q: String!, $after: String) {
          search(query: $q, type: USER, first: 100, after: $after) {
            userCount
            pageInfo { endCursor hasNextPage }
            nodes { ... on User { login location createdAt } ... on Organization { login location createdAt } }
          }
        }
        """

    /// Every page of `query`'s answer: its `userCount` and the nodes, following cursors.
    static func all(_ fake: FakeHarness, _ query: String) async throws -> (count: Int, nodes: [[String: Any]]) {
        var nodes: [[String: Any]] = []
        var after: String?
        var count = 0
        repeat {
            var variables: [String: Any] = ["q": query]
            if let after { variables["after"] = after }
            let body = try await fake.graphQL(Self.search, variables: variables).jsonObject()
            let search = try #require((body["data"] as? [String: Any])?["search"] as? [String: Any], "\(body)")
            count = search["userCount"] as? Int ?? -1
            nodes += search["nodes"] as? [[String: Any]] ?? []
            let info = search["pageInfo"] as? [String: Any]
            after = info?["hasNextPage"] as? Bool == true ? info?["endCursor"] as? String : nil
        } while after != nil
        return (count, nodes)
    }

    /// A fake of `users` whose search gives every account it counts and answers pages of 100:
    /// what these tests read is the words and the cap, not withholding
    /// (``theSearchWithholdsAboutOneInThirteenWhateverTheirProfile()``) or timeouts.
    static func givingAll(_ users: Int) -> FakeConfiguration {
        var configuration = FakeConfiguration(userCount: users)
        configuration.searchWithholdsEvery = nil
        configuration.graphQLTimeoutAbove = nil
        return configuration
    }

    @Test func locationMatchesWholeWordsAndPhrases() async throws {
        try await FakeHarness.run(Self.givingAll(300)) { fake in
            let us = try await Self.all(fake, "location:us")
            let locations = Set(us.nodes.compactMap { $0["location"] as? String })
            // "US" as a word only: not Russia, not Columbus.
            #expect(locations == ["New York, US", "Austin, US"])
            #expect(us.count == us.nodes.count && us.count > 0)
            let york = Set(try await Self.all(fake, "location:york").nodes.compactMap { $0["location"] as? String })
            #expect(york == ["New York, US", "York, UK"])
            let newYork = Set(try await Self.all(fake, "location:\"new york\"").nodes.compactMap { $0["location"] as? String })
            #expect(newYork == ["New York, US"])
            let notYork = try await Self.all(fake, "-location:york type:user")
            #expect(!notYork.nodes.isEmpty && notYork.nodes.allSatisfy { !(($0["location"] as? String) ?? "").contains("York") })
        }
    }

    @Test func theSearchWithholdsAboutOneInThirteenWhateverTheirProfile() {
        // The synthetic locations cycle with the id (13 of them): no location may be all withheld.
        let configuration = FakeConfiguration()
        let withheld = (1...5_000).filter(configuration.searchWithholds(id:))
        #expect(withheld.count > 5_000 / 13 * 2 / 3 && withheld.count < 5_000 / 13 * 4 / 3, "\(withheld.count)")
        for location in 0..<13 {
            let ids = (1...5_000).filter { $0 % 13 == location }
            #expect(ids.contains { configuration.searchWithholds(id: $0) } && ids.contains { !configuration.searchWithholds(id: $0) }, "\(location)")
        }
        var none = configuration
        none.searchWithholdsEvery = nil
        #expect(!(1...5_000).contains(where: none.searchWithholds(id:)))
    }

    @Test func pastTheCapTheCountIsWholeButTheCursorsStopAtAThousand() async throws {
        try await FakeHarness.run(Self.givingAll(1_500)) { fake in
            let everyone = try await Self.all(fake, "type:user")
            #expect(everyone.count > 1_000)
            #expect(everyone.nodes.count == 1_000)
            // A created: window under the cap is answered whole, none twice.
            let dates = everyone.nodes.compactMap { $0["createdAt"] as? String }.sorted()
            let window = try await Self.all(fake, "type:user created:<=\(dates[400])")
            #expect(window.count == window.nodes.count && window.count >= 401)
            #expect(Set(window.nodes.compactMap { $0["login"] as? String }).count == window.nodes.count)
        }
    }

    @Test func restSearchGivesTheSameAccountsAPageAtATimeAndRefusesPastTheCap() async throws {
        try await FakeHarness.run(Self.givingAll(1_500)) { fake in
            let token = ["Authorization": "Bearer t1"]
            let first = try await fake.request("/search/users?q=type:user&per_page=100", headers: token)
            #expect(first.status == 200 && first.headers["x-ratelimit-resource"] == "search" && first.headers["x-ratelimit-limit"] == "30")
            let body = try first.jsonObject()
            let graphQL = try await Self.all(fake, "type:user")
            #expect(body["total_count"] as? Int == graphQL.count && body["incomplete_results"] as? Bool == false)
            let items = body["items"] as? [[String: Any]] ?? []
            #expect(items.count == 100 && items.first?["login"] as? String == graphQL.nodes.first?["login"] as? String)
            // The 1,000th result is the last: page 11 of 100 is refused.
            let past = try await fake.request("/search/users?q=type:user&per_page=100&page=11", headers: token)
            #expect(past.status == 422)
            #expect(try past.jsonObject()["message"] as? String == "Only the first 1000 search results are available")
        }
    }

    @Test func restSearchHasItsOwnLimitOfTenAMinuteWithoutAToken() async throws {
        try await FakeHarness.run { fake in
            for _ in 0..<10 { #expect(try await fake.request("/search/users?q=location:berlin").status == 200) }
            let refused = try await fake.request("/search/users?q=location:berlin")
            #expect(refused.status == 403 && refused.headers["x-ratelimit-remaining"] == "0" && refused.headers["x-ratelimit-resource"] == "search")
            // The core window is another: the users list still answers.
            #expect(try await fake.request("/users").status == 200)
        }
    }

    @Test func aSearchOtherThanUsersIsAnErrorNotAnInventedAnswer() async throws {
        try await FakeHarness.run { fake in
            let body = try await fake.graphQL("{ search(query: \"swift\", type: REPOSITORY, first: 1) { repositoryCount } }").jsonObject()
            #expect((body["data"] as? [String: Any])?["search"] is NSNull)
            #expect((body["errors"] as? [Any])?.isEmpty == false)
        }
    }
}
