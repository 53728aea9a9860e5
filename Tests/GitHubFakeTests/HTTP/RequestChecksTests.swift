import Foundation
import GitHubFake
import Testing

@Suite("What GitHub refuses before the API: no User-Agent, an unknown API version, a bad token")
struct RequestChecksTests {
    @Test("No User-Agent (or an empty one) is GitHub's 403 text page, free and without taking a fault")
    func userAgentRequired() async throws {
        try await FakeHarness.run { fake async throws in
            await fake.server.inject(.status(500))
            for userAgent in [nil, ""] as [String?] {
                // When a request comes without a User-Agent
                let response = try await fake.request("/users", userAgent: userAgent)

                // Then GitHub's refusal answers it
                #expect(response.status == 403)
                #expect(response.headers["content-type"] == "text/html")
                #expect(response.text.hasPrefix("Request forbidden by administrative rules. Please make sure your request has a User-Agent header"))
                #expect(response.headers["x-ratelimit-remaining"] == nil)
            }
            // And the queued fault and the rate limit are untouched
            let next = try await fake.request("/users")
            #expect(next.status == 500)
            #expect(next.headers["x-ratelimit-remaining"] == "60")
        }
    }

    @Test("An X-GitHub-Api-Version GitHub does not know is 400 with GitHub's message; the known ones are selected")
    func apiVersions() async throws {
        try await FakeHarness.run { fake async throws in
            let unknown = try await fake.request("/users", headers: ["X-GitHub-Api-Version": "v3"])
            #expect(unknown.status == 400)
            let message = try #require(try unknown.jsonObject()["message"] as? String)
            #expect(message.hasPrefix(#"The version you specified in the "X-GitHub-API-Version" request header, "v3", is not a supported version."#))
            #expect(message.contains(#""2022-11-28""#))
            #expect(try unknown.jsonObject()["status"] as? String == "400")
            #expect(unknown.headers["x-ratelimit-remaining"] == "60")

            for version in ["2022-11-28", "2026-03-10"] {
                let known = try await fake.request("/users/octocat", headers: ["X-GitHub-Api-Version": version])
                #expect(known.status == 200)
                #expect(known.headers["x-github-api-version-selected"] == version)
            }
            #expect(try await fake.request("/users/octocat").headers["x-github-api-version-selected"] == "2022-11-28")
        }
    }

    @Test("A bad token is 401 with GitHub's body: listed tokens, and any token starting with bad", arguments: [
        "Bearer bad", "token bad-token", "Bearer badc0ffee", "Bearer ghp_revoked",
    ])
    func badCredentials(authorization: String) async throws {
        var configuration = FakeConfiguration()
        configuration.badTokens = ["ghp_revoked"]
        try await FakeHarness.run(configuration) { fake async throws in
            let response = try await fake.request("/users/octocat", headers: ["Authorization": authorization])
            #expect(response.status == 401)
            #expect(response.text == #"{"message":"Bad credentials","documentation_url":"https://docs.github.com/rest","status":"401"}"#)
            #expect(response.headers["x-ratelimit-limit"] == "60")
            // A good token is served
            #expect(try await fake.request("/users/octocat", headers: ["Authorization": "Bearer ghp_good"]).status == 200)
        }
    }
}
