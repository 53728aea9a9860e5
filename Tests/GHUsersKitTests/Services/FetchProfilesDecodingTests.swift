import Foundation
import Testing

@testable import GHUsersKit

/// How a GraphQL answer is read: errors in a 200 for what they are (a whole query refused, a
/// secondary limit, a node or a field of one), and a node ghusers cannot keep left pending
/// while the rest of its batch is kept.
@Suite struct FetchProfilesDecodingTests {
    typealias FetchProfiles = HTTPService.Users.FetchProfiles

    static func user(_ id: Int, login: String = "u", location: String? = "Berlin", idField: String? = nil) -> String {
        let loginJSON = "\"\(login)\""
        return """
            {"__typename":"User","id":"\(idField ?? "U\(id)")","databaseId":\(id),"login":\(loginJSON),"url":"https://github.com/\(login)","name":null,
             "company":null,"websiteUrl":null,"location":\(location.map { "\"\($0)\"" } ?? "null"),"isHireable":false,"bio":null,
             "twitterUsername":null,"createdAt":"2008-01-01T00:00:00Z","updatedAt":"2008-01-01T00:00:00Z","repositories":{"totalCount":1},
             "gists":{"totalCount":0},"followers":{"totalCount":5},"following":{"totalCount":0}}
            """
    }

    static func answer(_ nodes: [String], errors: String? = nil) -> Data {
        Data(#"{"data":{"rateLimit":{"cost":1,"limit":5000,"remaining":4999,"resetAt":"2026-01-01T00:00:00Z"},"nodes":[\#(nodes.joined(separator: ","))]}\#(errors.map { ",\"errors\":\($0)" } ?? "")}"#.utf8)
    }

    @Test func aTokenWithoutTheEmailScopeIsRefusedTheWholeQuery() {
        // Given: GitHub's refusal, as captured in mntnr/name-your-contributors #67.
        let body = #"{"data":null,"errors":[{"type":"INSUFFICIENT_SCOPES","locations":[{"line":7,"column":42}],"message":"Your token has not been granted the required scopes to execute this query. The 'email' field requires one of the following scopes: ['user:email', 'read:user'], but your token has only been granted the: ['gist', 'read:org', 'repo', 'workflow'] scopes."}]}"#
        // When / Then
        #expect(throws: GitHubAPIError.self) {
            try FetchProfiles.decode(Data(body.utf8), headers: ["x-oauth-scopes": "gist, read:org, repo, workflow"], asked: ["U1"])
        }
        do {
            _ = try FetchProfiles.decode(Data(body.utf8), headers: [:], asked: ["U1"])
        } catch GitHubAPIError.insufficientScopes(let message) {
            #expect(message.contains("user:email"))
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func aSecondaryLimitInA200IsASecondaryLimitNotTheHourlyOne() {
        // Given: a 200 with the secondary limit's message, no type, points to spare.
        let body = #"{"errors":[{"message":"You have exceeded a secondary rate limit. Please wait a few minutes before you try again."}]}"#
        let headers: HTTPHeaderFields = ["retry-after": "30", "x-ratelimit-remaining": "4990", "x-ratelimit-limit": "5000", "x-ratelimit-reset": "1800000000"]
        // When / Then
        #expect(throws: GitHubAPIError.secondaryRateLimit(retryAfter: .seconds(30))) {
            try FetchProfiles.decode(Data(body.utf8), headers: headers, asked: ["U1"])
        }
    }

    @Test func aForbiddenNodeAndAnInvalidOneAreKeptPendingAndTheRestIsKept() throws {
        // Given: node 1 fine, node 2 FORBIDDEN (null), node 3 without databaseId, node 4 with a
        // login ghusers refuses, node 5 an id GitHub cannot resolve.
        let invalid = Self.user(4, login: "bad login!")
        let noID = Self.user(3).replacingOccurrences(of: #""databaseId":3"#, with: #""databaseId":null"#)
        let errors = #"[{"type":"FORBIDDEN","path":["nodes",1],"message":"Resource protected by organization SAML enforcement."},{"type":"NOT_FOUND","path":["nodes",4],"message":"Could not resolve"}]"#
        // When
        let batch = try FetchProfiles.decode(Self.answer([Self.user(1), "null", noID, invalid, "null"], errors: errors), headers: [:], asked: ["A", "B", "C", "D", "E"])
        // Then
        #expect(batch.fetched.map(\.id) == [1])
        #expect(batch.kept.keys.sorted() == ["B", "C", "D"])
        #expect(batch.kept["B"]?.hasPrefix("FORBIDDEN") == true)
        #expect(batch.unresolved == ["E"])
    }

    @Test func aFieldNulledByAnErrorIsUnknownNotNone() throws {
        // Given: node 0's location nulled with an error whose path ends at it.
        let errors = #"[{"path":["nodes",0,"location"],"message":"Something went wrong while resolving location."}]"#
        // When
        let batch = try FetchProfiles.decode(Self.answer([Self.user(1, location: nil)], errors: errors), headers: [:], asked: ["A"])
        // Then: location and the email not asked (no answer) are unknown; the rest is kept.
        let fetched = try #require(batch.fetched.first)
        #expect(fetched.unknown == [.location, .email])
        #expect(fetched.profile.followers == 5)
    }

    @Test func theScopesHeaderSaysWhetherEmailsMayBeAsked() {
        #expect(ProfilesQuery.readsEmail(scopes: "gist, read:org, repo, workflow") == false)
        #expect(ProfilesQuery.readsEmail(scopes: "repo, read:user") == true)
        #expect(ProfilesQuery.readsEmail(scopes: "user") == true)
        #expect(ProfilesQuery.readsEmail(scopes: "") == false)
        #expect(ProfilesQuery.readsEmail(scopes: nil) == nil)
    }

    @Test func theIdGitHubAnswersIsKeptAsTheNodesCurrentId() throws {
        // When
        let batch = try FetchProfiles.decode(Self.answer([Self.user(1, idField: "U_kgAB")]), headers: [:], asked: ["MDQ6VXNlcjE="])
        // Then
        #expect(batch.fetched.first?.currentNodeID == "U_kgAB")
        #expect(batch.fetched.first?.nodeID == "MDQ6VXNlcjE=")
    }

    @Test func aGraphQLTimeoutIsNotRetriedButAnyOther5xxIs() {
        var policy = RetryPolicy()
        policy.retriesGatewayTimeouts = false
        for status in [502, 504] {
            #expect(policy.decision(after: GitHubAPIError.server(status: status, retryAfter: nil), attempt: 1, now: Date(), jitter: 0) == .fail)
        }
        #expect(policy.decision(after: GitHubAPIError.server(status: 500, retryAfter: nil), attempt: 1, now: Date(), jitter: 0) != .fail)
    }
}
