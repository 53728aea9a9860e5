import AsyncHTTPClient
import Foundation
import GitHubFake
import NIOCore
import NIOHTTP1
import Testing

/// A started ``GitHubFakeServer`` and a dedicated AsyncHTTPClient talking to it over loopback.
///
/// Each test gets its own server on a free port and its own client, so connection counts
/// and stats belong to that test alone.
struct FakeHarness {
    let server: GitHubFakeServer
    let client: HTTPClient

    /// Starts a server, runs `body`, then shuts client and server down (also on failure).
    static func run<T>(
        _ configuration: FakeConfiguration = FakeConfiguration(),
        _ body: (FakeHarness) async throws -> T
    ) async throws -> T {
        let server = GitHubFakeServer(configuration: configuration)
        try await server.start()
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        let harness = FakeHarness(server: server, client: client)
        do {
            let result = try await body(harness)
            try await client.shutdown()
            await server.stop()
            return result
        } catch {
            try? await client.shutdown()
            await server.stop()
            throw error
        }
    }

    /// Runs `body` with a client of its own configuration (to follow no redirects, to inflate
    /// gzip), then shuts that client down (also on failure).
    static func withClient<T>(_ configuration: HTTPClient.Configuration, _ body: (HTTPClient) async throws -> T) async throws -> T {
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let result = try await body(client)
            try await client.shutdown()
            return result
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    /// The `User-Agent` every request sends unless told otherwise: GitHub refuses a request
    /// without one, and so does the fake.
    static let userAgent = "GitHubFakeTests"

    /// Sends a request to the fake and collects the whole body; `userAgent: nil` sends none, and
    /// a `User-Agent` in `headers` replaces it.
    func request(
        _ path: String, method: HTTPMethod = .GET, headers: [String: String] = [:], userAgent: String? = FakeHarness.userAgent
    ) async throws -> FakeResponse {
        try await request(url: server.baseURL + path, method: method, headers: headers, userAgent: userAgent)
    }

    /// Sends a request to an absolute URL (e.g. from a Link header) and collects the whole body.
    func request(
        url: String, method: HTTPMethod = .GET, headers: [String: String] = [:], userAgent: String? = FakeHarness.userAgent
    ) async throws -> FakeResponse {
        var request = HTTPClientRequest(url: url)
        request.method = method
        if let userAgent, !headers.keys.contains(where: { $0.lowercased() == "user-agent" }) {
            request.headers.add(name: "User-Agent", value: userAgent)
        }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        let response = try await client.execute(request, timeout: .seconds(15))
        let body = try await response.body.collect(upTo: 32 << 20)
        var fields: [String: String] = [:]
        for header in response.headers { fields[header.name.lowercased()] = header.value }
        return FakeResponse(status: Int(response.status.code), headers: fields, body: Array(buffer: body))
    }
}
