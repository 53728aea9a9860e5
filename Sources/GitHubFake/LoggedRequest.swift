/// One request as a ``GitHubFakeServer`` saw it, an entry of ``FakeStats/log``.
public struct LoggedRequest: Sendable, Codable, Equatable {
    /// The HTTP method, e.g. `"GET"`.
    public var method: String
    /// The path without the query, e.g. `"/users"`.
    public var path: String
    /// The query parameters, percent-decoded.
    public var query: [String: String]
    /// The headers that matter to a GitHub client, by lower-cased name: `authorization`,
    /// `if-none-match`, `user-agent`, `accept` and `x-github-api-version` (when sent).
    public var headers: [String: String]
    /// The status line sent; 0 while the request is in flight and when no status line was
    /// sent (``Fault/dropConnection``, or a client that went away). ``Fault/dropMidBody`` and
    /// ``Fault/truncatedBody`` log the status they sent before closing.
    public var status: Int

    /// Creates a log entry; used by the server and by decoders.
    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:], status: Int = 0) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.status = status
    }
}
