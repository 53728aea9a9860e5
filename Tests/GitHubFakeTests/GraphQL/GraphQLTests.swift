import Foundation
import GitHubFake
import Testing

/// The fake's GraphQL endpoint: GitHub's 401 without a token, answers validated against GitHub's
/// schema, GitHub's point formula, and `RATE_LIMITED` at a used-up budget.
@Suite struct GraphQLTests {
    static let profiles = """
        query($ids: [ID!]!) {
          rateLimit { cost remaining limit resetAt }
          nodes(ids: $ids) {
            __typename
            ... on User { databaseId login isHireable repositories(privacy: PUBLIC, ownerAffiliations: [OWNER]) { totalCount }
              gists(privacy: PUBLIC) { totalCount } followers { totalCount } following { totalCount } }
            ... on Organization { databaseId login orgEmail: email repositories(privacy: PUBLIC, ownerAffiliations: [OWNER]) { totalCount } }
          }
        }
        """

    @Test func withoutATokenItAnswers401() async throws {
        try await FakeHarness.run { fake in
            // When: a query without Authorization.
            let response = try await fake.graphQL("{ rateLimit { cost } }", token: nil)
            // Then: GitHub's 401 and its message.
            #expect(response.status == 401)
            #expect(try response.jsonObject()["message"] as? String == "This endpoint requires you to be authenticated.")
        }
    }

    @Test func nodesAnswersUsersOrganizationsAndNullsWithTheirErrors() async throws {
        try await FakeHarness.run { fake in
            // Given: user 1 (mojombo), generated organization 49 (a multiple of 7 past the
            // captured page), and an id of no account.
            let ids = [FakeHarness.nodeID(1), FakeHarness.nodeID(49, organization: true), FakeHarness.nodeID(999_999_998)]
            // When
            let response = try await fake.graphQL(Self.profiles, variables: ["ids": ids])
            // Then
            #expect(response.status == 200)
            #expect(response.headers["x-ratelimit-resource"] == "graphql")
            let body = try response.jsonObject()
            let data = try #require(body["data"] as? [String: Any])
            let nodes = try #require(data["nodes"] as? [Any])
            #expect(nodes.count == 3)
            let user = try #require(nodes[0] as? [String: Any])
            #expect(user["__typename"] as? String == "User")
            #expect(user["login"] as? String == "mojombo")
            #expect(user["databaseId"] as? Int == 1)
            let organization = try #require(nodes[1] as? [String: Any])
            #expect(organization["__typename"] as? String == "Organization")
            #expect(organization["followers"] == nil)
            #expect(nodes[2] is NSNull)
            let errors = try #require(body["errors"] as? [[String: Any]])
            #expect(errors.first?["type"] as? String == "NOT_FOUND")
        }
    }

    @Test func aHundredProfilesCostFivePointsByGitHubsFormula() async throws {
        // A fake that answers 100 ids (by default it times them out: FakeConfiguration.graphQLTimeoutAbove).
        var configuration = FakeConfiguration(userCount: 300)
        configuration.graphQLTimeoutAbove = nil
        try await FakeHarness.run(configuration) { fake in
            // Given: 100 ids (5 connections under nodes: 500 requests / 100).
            let ids = (1...100).map { FakeHarness.nodeID($0) }
            // When
            let response = try await fake.graphQL(Self.profiles, variables: ["ids": ids])
            // Then
            let data = try #require(try response.jsonObject()["data"] as? [String: Any])
            let rate = try #require(data["rateLimit"] as? [String: Any])
            #expect(rate["cost"] as? Int == 5)
            #expect(rate["remaining"] as? Int == 4_995)
            #expect(response.headers["x-ratelimit-remaining"] == "4995")
        }
    }

    @Test func aUsedUpBudgetIsAnHTTP200WithRATE_LIMITED() async throws {
        var configuration = FakeConfiguration()
        configuration.graphQLRateLimit = 1
        try await FakeHarness.run(configuration) { fake in
            // Given: one query of one id (5 requests / 100, rounded, at least 1 point) spent the
            // window's one point.
            let ids = [FakeHarness.nodeID(1)]
            _ = try await fake.graphQL(Self.profiles, variables: ["ids": ids])
            // When: the next one needs 1 more.
            let response = try await fake.graphQL(Self.profiles, variables: ["ids": ids])
            // Then
            #expect(response.status == 200)
            #expect(response.headers["x-ratelimit-remaining"] == "0")
            let errors = try #require(try response.jsonObject()["errors"] as? [[String: Any]])
            #expect(errors.first?["type"] as? String == "RATE_LIMITED")
        }
    }

    @Test func aQueryGitHubWouldRefuseIsRefused() async throws {
        try await FakeHarness.run { fake in
            // When: a field that is not in GitHub's schema.
            let response = try await fake.graphQL("{ nodes(ids: []) { ... on User { shoeSize } } }")
            // Then: 200 with errors and no data, and nothing spent.
            let body = try response.jsonObject()
            #expect(body["data"] == nil)
            #expect((body["errors"] as? [[String: Any]])?.isEmpty == false)
            #expect(response.headers["x-ratelimit-remaining"] == nil)
        }
    }
}
