import Foundation
import Testing

@testable import GitHubFake

/// The fake's GraphQL as GitHub serves it to real tokens: scopes checked before a query runs,
/// next-format ids, nodes it will not give, fields nulled with an error, query timeouts and
/// secondary limits in a 200 (each behaviour's source beside it in the fake).
@Suite struct GraphQLAsGitHubServesItTests {
    static let emailQuery = """
        query($ids: [ID!]!, $withEmail: Boolean!) {
          rateLimit { cost remaining }
          nodes(ids: $ids) { __typename ... on User { id databaseId login location email @include(if: $withEmail) followers { totalCount } } }
        }
        """

    /// The same query without `email`, as ghusers builds it for a token that may not read it.
    static let noEmailQuery = """
        query($ids: [ID!]!) {
          rateLimit { cost remaining }
          nodes(ids: $ids) { __typename ... on User { id databaseId login location followers { totalCount } } }
        }
        """

    @Test(arguments: ScopeCheck.allCases)
    func aTokenWithGhsScopesIsRefusedTheWholeQueryThatAsksEmail(reading: ScopeCheck) async throws {
        var configuration = FakeConfiguration()
        configuration.scopeCheck = reading
        try await FakeHarness.run(configuration) { fake in
            // Given: a classic token with gh's default scopes (the fake's default).
            let ids = [FakeHarness.nodeID(1)]
            // When
            let refused = try await fake.graphQL(Self.emailQuery, variables: ["ids": ids, "withEmail": true])
            let skipped = try await fake.graphQL(Self.emailQuery, variables: ["ids": ids, "withEmail": false])
            let answered = try await fake.graphQL(Self.noEmailQuery, variables: ["ids": ids])
            // Then: the scopes named, the whole query refused for no points; `email` under
            // `@include(if: false)` refused too by the harsher reading, answered by the milder;
            // a document without it answered by both.
            let skippedType = ((try skipped.jsonObject()["errors"] as? [[String: Any]])?.first?["type"]) as? String
            #expect(skippedType == (reading == .document ? "INSUFFICIENT_SCOPES" : nil))
            #expect(refused.status == 200)
            #expect(refused.headers["x-oauth-scopes"] == "gist, read:org, repo, workflow")
            let body = try refused.jsonObject()
            #expect(body["data"] is NSNull)
            let error = try #require((body["errors"] as? [[String: Any]])?.first)
            #expect(error["type"] as? String == "INSUFFICIENT_SCOPES")
            #expect((error["message"] as? String)?.contains("['user:email', 'read:user']") == true)
            let data = try #require(try answered.jsonObject()["data"] as? [String: Any])
            #expect((data["rateLimit"] as? [String: Any])?["remaining"] as? Int == 5_000 - (reading == .document ? 1 : 2))
        }
    }

    @Test func aTokenThatMayReadEmailsGetsThemAndAnInstallationTokenNoScopesHeader() async throws {
        var configuration = FakeConfiguration()
        configuration.tokenScopes["reader"] = ["read:user"]
        try await FakeHarness.run(configuration) { fake in
            // When
            let reader = try await fake.graphQL(Self.emailQuery, variables: ["ids": [FakeHarness.nodeID(1)], "withEmail": true], token: "Bearer reader")
            let app = try await fake.graphQL(Self.emailQuery, variables: ["ids": [FakeHarness.nodeID(1)], "withEmail": true], token: "Bearer ghs_app")
            // Then
            let node = try #require(((try reader.jsonObject()["data"] as? [String: Any])?["nodes"] as? [Any])?.first as? [String: Any])
            #expect(node["email"] is String)
            #expect(reader.headers["x-oauth-scopes"] == "read:user")
            #expect(app.headers["x-oauth-scopes"] == nil)
            #expect(((try app.jsonObject()["errors"] as? [[String: Any]])?.first?["type"]) as? String == "FORBIDDEN")
        }
    }

    @Test(arguments: ScopelessEmail.allCases)
    func aTokenWithoutScopesAskingEmailIsRefusedOrGetsItsNodesNulled(reading: ScopelessEmail) async throws {
        var configuration = FakeConfiguration()
        configuration.scopelessEmail = reading
        try await FakeHarness.run(configuration) { fake in
            let ids = [1, 2].map { FakeHarness.nodeID($0) }
            let app = try await fake.graphQL(Self.emailQuery, variables: ["ids": ids, "withEmail": true], token: "Bearer github_pat_x")
            let body = try app.jsonObject()
            let errors = body["errors"] as? [[String: Any]] ?? []
            switch reading {
            case .refusesDocument:
                #expect(body["data"] is NSNull && errors.first?["type"] as? String == "INSUFFICIENT_SCOPES")
            case .nullsNodes:
                // Each user's node null, an error at its `email`; the query answered and charged.
                let data = try #require(body["data"] as? [String: Any])
                #expect((data["nodes"] as? [Any])?.allSatisfy { $0 is NSNull } == true)
                #expect(errors.count == 2 && errors.allSatisfy { $0["type"] as? String == "FORBIDDEN" })
                #expect(errors.map { ($0["path"] as? [Any])?.last as? String } == ["email", "email"])
                #expect((data["rateLimit"] as? [String: Any])?["remaining"] as? Int == 5_000 - 1)
            }
        }
    }

    @Test func nextFormatIdsAreTheDocsOwnAndBothFormatsResolve() async throws {
        // The docs' pair: legacy MDQ6VXNlcjM0MDczMDM= is U_kgDOADP9xw ("Migrating GraphQL global node IDs").
        #expect(GraphQLAccount.nextFormatID(id: 3_407_303, type: "User") == "U_kgDOADP9xw")
        #expect(GraphQLAccount.decode(nodeID: "U_kgDOADP9xw")?.id == 3_407_303)
        #expect(GraphQLAccount.decode(nodeID: "MDQ6VXNlcjM0MDczMDM=")?.id == 3_407_303)
        for id in [1, 127, 128, 255, 256, 65_535, 65_536, 9_999_999] {
            #expect(GraphQLAccount.decode(nodeID: GraphQLAccount.nextFormatID(id: id, type: "Organization"))?.id == id)
        }
        try await FakeHarness.run { fake in
            // When: asked by the legacy id with the header, then by the id it answered.
            let query = "query($ids: [ID!]!) { nodes(ids: $ids) { ... on User { id login } } }"
            let first = try await fake.graphQL(query, variables: ["ids": [FakeHarness.nodeID(2)]], headers: ["X-Github-Next-Global-ID": "1"])
            let next = try #require(((try first.jsonObject()["data"] as? [String: Any])?["nodes"] as? [[String: Any]])?.first?["id"] as? String)
            let second = try await fake.graphQL(query, variables: ["ids": [next]])
            // Then
            #expect(next.hasPrefix("U_"))
            #expect(((try second.jsonObject()["data"] as? [String: Any])?["nodes"] as? [[String: Any]])?.first?["login"] as? String == "defunkt")
        }
    }

    @Test func forbiddenNodesAndFieldErrorsBelongToTheirNodes() async throws {
        var configuration = FakeConfiguration()
        configuration.forbiddenAccounts = [2]
        configuration.graphQLFieldErrors = [3: "location", 4: "followers"]
        try await FakeHarness.run(configuration) { fake in
            // When
            let ids = [1, 2, 3, 4].map { FakeHarness.nodeID($0) }
            let response = try await fake.graphQL(Self.noEmailQuery, variables: ["ids": ids])
            // Then: node 1 whole; 2 null (FORBIDDEN); 3 without its location; 4 null (followers is non-null).
            let body = try response.jsonObject()
            let nodes = try #require((body["data"] as? [String: Any])?["nodes"] as? [Any])
            #expect((nodes[0] as? [String: Any])?["login"] as? String == "mojombo")
            #expect(nodes[1] is NSNull)
            #expect((nodes[2] as? [String: Any])?["location"] is NSNull)
            #expect((nodes[2] as? [String: Any])?["login"] is String)
            #expect(nodes[3] is NSNull)
            let errors = try #require(body["errors"] as? [[String: Any]])
            let paths = errors.map { ($0["path"] as? [Any])?.map { "\($0)" }.joined(separator: ".") ?? "" }
            #expect(paths == ["nodes.1", "nodes.2.location", "nodes.3.followers"])
            #expect(errors[0]["type"] as? String == "FORBIDDEN")
        }
    }

    @Test func aQueryOverTheTimeoutSizeIsA502ThatCostsItsPoints() async throws {
        var configuration = FakeConfiguration()
        configuration.graphQLTimeoutAbove = 2
        try await FakeHarness.run(configuration) { fake in
            // When
            let three = try await fake.graphQL(Self.noEmailQuery, variables: ["ids": [1, 2, 3].map { FakeHarness.nodeID($0) }])
            let two = try await fake.graphQL(Self.noEmailQuery, variables: ["ids": [1, 2].map { FakeHarness.nodeID($0) }])
            // Then
            #expect(three.status == 502)
            #expect(((try three.jsonObject()["errors"] as? [[String: Any]])?.first?["message"] as? String)?.contains("timeout") == true)
            #expect(two.status == 200)
            #expect(Int(two.headers["x-ratelimit-remaining"] ?? "") == 5_000 - 2)
        }
    }

    @Test func byDefaultASearchPageOf100TimesOutAndOneOf50IsAnswered() async throws {
        try await FakeHarness.run(FakeConfiguration(userCount: 200)) { fake in
            // When
            let query = "query($n: Int!) { search(query: \"type:user\", type: USER, first: $n) { userCount } }"
            let hundred = try await fake.graphQL(query, variables: ["n": 100])
            let fifty = try await fake.graphQL(query, variables: ["n": 50])
            // Then: the harsher reading (Docs/FAKE.md), charged.
            #expect(hundred.status == 502)
            #expect(fifty.status == 200)
            #expect(Int(fifty.headers["x-ratelimit-remaining"] ?? "") ?? 5_000 < 5_000 - 1, "the timed-out page was charged too")
        }
    }

    @Test func aSecondaryLimitInA200SaysSoAndSpendsNoPoints() async throws {
        try await FakeHarness.run { fake in
            // Given
            await fake.server.inject(GraphQLFault.secondaryRateLimit(status: 200, retryAfter: 7))
            // When
            let limited = try await fake.graphQL("{ rateLimit { remaining } }")
            let next = try await fake.graphQL("{ rateLimit { remaining } }")
            // Then
            #expect(limited.status == 200)
            #expect(limited.headers["retry-after"] == "7")
            let error = try #require((try limited.jsonObject()["errors"] as? [[String: Any]])?.first)
            #expect(error["type"] == nil)
            #expect((error["message"] as? String)?.contains("secondary rate limit") == true)
            #expect(((try next.jsonObject()["data"] as? [String: Any])?["rateLimit"] as? [String: Any])?["remaining"] as? Int == 5_000 - 1)
        }
    }
}
