import Foundation
import Testing

@testable import GHUsersKit

@Suite("Decoding GitHub's own responses and schemas")
struct FixtureDecodingTests {
    @Test("every fixture is valid JSON")
    func everyFixtureParses() throws {
        #expect(Fixtures.all.count >= 15)
        for name in Fixtures.all {
            _ = try Fixtures.json(name)
        }
    }

    @Test("the captured first page decodes to 30 valid users ending at id 46")
    func capturedFirstPage() throws {
        let page = try UsersPage(decoding: Fixtures.data("users-since-0.captured.json"))
        #expect(page.itemCount == 30)
        #expect(page.skipped == 0)
        #expect(page.cursor == 46)
        #expect(page.users.first?.login == "mojombo")
        #expect(page.users.first?.id == 1)
        #expect(page.users.map(\.id) == page.users.map(\.id).sorted())
        let errfree = try #require(page.users.first { $0.id == 44 })
        #expect(errfree.type == "Organization")
        #expect(page.users.allSatisfy { $0.avatarURL.hasPrefix("https://avatars.githubusercontent.com/u/") })
    }

    @Test("the documented users-list example decodes")
    func listExample() throws {
        let page = try UsersPage(decoding: Fixtures.data("users-list.example.json"))
        #expect(page.users.map(\.login) == ["octocat"])
    }

    @Test("profiles decode: octocat captured, and both documented examples", arguments: [
        "user-octocat.captured.json", "user-profile.example.json", "user-profile-with-plan.example.json",
    ])
    func profiles(name: String) throws {
        let data = try Fixtures.data(name)
        let user = try JSONDecoder().decode(User.self, from: data).validated()
        let profile = try JSONDecoder().decode(Profile.self, from: data)
        #expect(user.login == "octocat")
        #expect(profile.name == "monalisa octocat" || profile.name == "The Octocat")
        #expect(profile.followers != nil && profile.createdAt != nil)
    }

    @Test("the captured octocat profile keeps its exact values")
    func octocatValues() throws {
        let data = try Fixtures.data("user-octocat.captured.json")
        let user = try JSONDecoder().decode(User.self, from: data)
        let profile = try JSONDecoder().decode(Profile.self, from: data)
        #expect(user.id == 583231)
        #expect(profile.company == "@github")
        #expect(profile.bio == nil)
        #expect(profile.followers == 4763)
        #expect(profile.createdAt == "2011-01-25T18:44:36Z")
    }

    @Test("error bodies map to the right errors", arguments: [
        ("error-404-user.captured-2022.json", 404, [:], GitHubAPIError.notFound),
        ("error-404-user.captured-2024.json", 404, [:], GitHubAPIError.notFound),
        (
            "error-403-primary-ratelimit-authenticated.captured.json", 403,
            ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "1776706713"],
            GitHubAPIError.rateLimited(reset: Date(timeIntervalSince1970: 1_776_706_713))
        ),
        (
            "error-403-primary-ratelimit-unauthenticated.captured-2023.json", 403,
            ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "1776706713"],
            GitHubAPIError.rateLimited(reset: Date(timeIntervalSince1970: 1_776_706_713))
        ),
        ("error-403-secondary-ratelimit.captured-2022.json", 403, [:], GitHubAPIError.secondaryRateLimit(retryAfter: nil)),
    ] as [(String, Int, [String: String], GitHubAPIError)])
    func errorBodies(name: String, status: Int, headers: [String: String], expected: GitHubAPIError) throws {
        let response = TransportResponse(status: status, headers: HTTPHeaderFields(headers.map { ($0.key, $0.value) }), body: try Fixtures.data(name))
        #expect(GitHubClient.error(for: response) == expected)
    }

    @Test("the captured headers give the rate limit")
    func capturedHeaders() throws {
        let object = try #require(try Fixtures.json("users-since-0.captured.headers.json") as? [String: Any])
        let headers = HTTPHeaderFields(object.compactMap { key, value in (value as? String).map { (key, $0) } })
        let limit = try #require(RateLimit(headers: headers))
        #expect(limit == RateLimit(limit: 60, remaining: 59, reset: Date(timeIntervalSince1970: 1_776_706_713), resource: "core"))
    }

    @Test("every field our models read is one GitHub's schemas define, and the required ones are required")
    func schemasCoverOurFields() throws {
        let simple = try #require(try Fixtures.json("schema-simple-user.json") as? [String: Any])
        let simpleProperties = try #require(simple["properties"] as? [String: Any])
        let simpleRequired = Set(try #require(simple["required"] as? [String]))
        for key in User.CodingKeys.allCases.map(\.rawValue) {
            #expect(simpleProperties[key] != nil, "simple-user has no \(key)")
        }
        #expect(simpleRequired.isSuperset(of: ["id", "login", "avatar_url", "type", "site_admin"]))

        let publicUser = try #require(try Fixtures.json("schema-public-user.json") as? [String: Any])
        let publicProperties = try #require(publicUser["properties"] as? [String: Any])
        for key in Profile.CodingKeys.allCases.map(\.rawValue) {
            #expect(publicProperties[key] != nil, "public-user has no \(key)")
        }
        let privateUser = try #require(try Fixtures.json("schema-private-user.json") as? [String: Any])
        #expect((privateUser["properties"] as? [String: Any])?["login"] != nil)
        let basicError = try #require(try Fixtures.json("schema-basic-error.json") as? [String: Any])
        #expect((basicError["properties"] as? [String: Any])?["message"] != nil)
    }

    @Test("the OpenAPI operations take since and per_page as we send them")
    func openAPIParameters() throws {
        let operations = try #require(try Fixtures.json("openapi-operations-users.json") as? [String: Any])
        let list = try #require((operations["/users"] as? [String: Any])?["get"] as? [String: Any])
        let parameters = try #require(list["parameters"] as? [[String: Any]])
        let names = parameters.compactMap { ($0["name"] as? String) ?? ($0["$ref"] as? String) }
        #expect(names.contains { $0.contains("since") })
        #expect(names.contains { $0.contains("per-page") || $0.contains("per_page") })
        #expect(operations["/users/{username}"] != nil)
    }
}
