import Foundation
import Testing

@testable import GHUsersKit

@Suite("GitHub client: headers, token, redirects, status mapping")
struct GitHubClientTests {
    func client(_ transport: ScriptedTransport, api: String = "https://api.github.com", token: String? = "secret") -> GitHubClient {
        GitHubClient(
            configuration: .init(apiURL: URL(string: api)!, token: token), transport: transport,
            queue: RequestQueue(lockFileURL: nil),
            retry: RetryController(sleep: { _ in }))
    }

    func fetch(_ client: GitHubClient, etag: String? = nil) async throws -> HTTPService.Users.Fetch.Result {
        try await HTTPService.Users.Fetch(client: client)(since: 46, perPage: 30, etag: etag)
    }

    @Test("every request carries GitHub's headers, the token, and since/per_page")
    func headers() async throws {
        let transport = ScriptedTransport([.success(TransportResponse(status: 200, body: Data("[]".utf8)))])
        _ = try await fetch(client(transport), etag: "W/\"abc\"")
        let request = try #require(transport.sent.first)
        #expect(request.url.absoluteString == "https://api.github.com/users?since=46&per_page=30")
        #expect(request.headers["accept"] == "application/vnd.github+json")
        #expect(request.headers["x-github-api-version"] == "2022-11-28")
        #expect(request.headers["user-agent"]?.hasPrefix("ghusers/") == true)
        #expect(request.headers["authorization"] == "Bearer secret")
        #expect(request.headers["if-none-match"] == "W/\"abc\"")
    }

    @Test("no token, no Authorization header")
    func noToken() async throws {
        let transport = ScriptedTransport([.success(TransportResponse(status: 200, body: Data("[]".utf8)))])
        _ = try await fetch(client(transport, token: nil))
        #expect(transport.sent.first?.headers["authorization"] == nil)
    }

    @Test("a redirect to another host is followed without the token; one on the same host keeps it")
    func redirects() async throws {
        let transport = ScriptedTransport([
            .success(TransportResponse(status: 301, headers: ["Location": "/v2/users?since=46"])),
            .success(TransportResponse(status: 307, headers: ["Location": "https://elsewhere.example/users"])),
            .success(TransportResponse(status: 200, body: Data("[]".utf8))),
        ])
        _ = try await fetch(client(transport))
        let sent = transport.sent
        #expect(sent.count == 3)
        #expect(sent[1].url.absoluteString == "https://api.github.com/v2/users?since=46")
        #expect(sent[1].headers["authorization"] == "Bearer secret")
        #expect(sent[2].url.host == "elsewhere.example")
        #expect(sent[2].headers["authorization"] == nil)
    }

    @Test("a redirect to a non-http scheme is refused")
    func redirectToFile() async throws {
        let transport = ScriptedTransport([.success(TransportResponse(status: 302, headers: ["Location": "file:///etc/passwd"]))])
        await #expect(throws: GitHubAPIError.badRedirect) { _ = try await fetch(client(transport)) }
    }

    @Test("304 is reported as not modified")
    func notModified() async throws {
        let transport = ScriptedTransport([.success(TransportResponse(status: 304))])
        guard case .notModified = try await fetch(client(transport), etag: "W/\"x\"") else {
            Issue.record("expected notModified")
            return
        }
    }

    @Test("a 503 then an HTML page then a good page: retried to success")
    func retriesServerErrorsAndBadBodies() async throws {
        let transport = ScriptedTransport([
            .success(TransportResponse(status: 503, body: Data("{\"message\":\"x\"}".utf8))),
            .success(TransportResponse(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html>Unicorn!</html>".utf8))),
            .failure(.connectionLost("reset")),
            .success(TransportResponse(status: 200, body: Data("[{\"id\":47,\"login\":\"x\",\"avatar_url\":\"https://a/x\",\"type\":\"User\",\"site_admin\":false}]".utf8))),
        ])
        guard case .page(let page, _, _) = try await fetch(client(transport)) else {
            Issue.record("expected a page")
            return
        }
        #expect(page.users.map(\.login) == ["x"])
        #expect(transport.sent.count == 4)
    }

    @Test("the API path under a base path is kept (GitHub Enterprise style)")
    func basePath() async throws {
        let transport = ScriptedTransport([.success(TransportResponse(status: 200, body: Data("[]".utf8)))])
        _ = try await fetch(client(transport, api: "http://127.0.0.1:8080/api/v3/"))
        #expect(transport.sent.first?.url.absoluteString == "http://127.0.0.1:8080/api/v3/users?since=46&per_page=30")
        #expect(transport.sent.first?.headers["authorization"] == "Bearer secret")
    }

    @Test("401 maps to an authentication error; 403 with remaining 0 and Retry-After is a secondary limit")
    func statusMapping() {
        #expect(GitHubClient.error(for: TransportResponse(status: 401, body: Data("{\"message\":\"Bad credentials\"}".utf8))) == .unauthorized("Bad credentials"))
        #expect(GitHubClient.error(for: TransportResponse(status: 403, headers: ["Retry-After": "5"])) == .secondaryRateLimit(retryAfter: .seconds(5)))
        // A bare 429 (no Retry-After, no wording) is a secondary limit too, and so is the old wording.
        #expect(GitHubClient.error(for: TransportResponse(status: 429)) == .secondaryRateLimit(retryAfter: nil))
        let abuse = Data(#"{"message":"You have triggered an abuse detection mechanism. Please wait a few minutes before you try again."}"#.utf8)
        #expect(GitHubClient.error(for: TransportResponse(status: 403, body: abuse)) == .secondaryRateLimit(retryAfter: nil))
        // The primary limit stays the primary limit, 403 or 429.
        let exhausted: HTTPHeaderFields = ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "1800000000"]
        #expect(GitHubClient.error(for: TransportResponse(status: 429, headers: exhausted)) == .rateLimited(reset: Date(timeIntervalSince1970: 1_800_000_000)))
        #expect(GitHubClient.error(for: TransportResponse(status: 403, body: Data("{\"message\":\"Forbidden\"}".utf8))) == .forbidden("Forbidden"))
        #expect(GitHubClient.error(for: TransportResponse(status: 502, headers: ["retry-after": "2"])) == .server(status: 502, retryAfter: .seconds(2)))
    }
}
