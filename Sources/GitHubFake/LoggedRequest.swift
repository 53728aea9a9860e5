/// One request as a ``GitHubFakeServer`` saw it, an entry of ``FakeStats/log``.
public struct LoggedRequest: Sendable, Codable, Equatable {
    /// The HTTP method, e.g. `"GET"`.
    public var method: String
    /// The path without the query, e.g. `"/users"`.
    public var path: String
    /// The query parameters, percent-decoded.
    public var query: [String: String]
    /// The headers that matter to a GitHub client, by lower-cased name: `authorization`,
    /// `if-none-match`, `user-agent`, `accept`, `accept-encoding` and `x-github-api-version`
    /// (when sent).
    public var headers: [String: String]
    /// The status line sent; 0 while the request is in flight and when no status line was
    /// sent (``Fault/dropConnection``, or a client that went away). ``Fault/dropMidBody`` and
    /// ``Fault/truncatedBody`` log the status they sent before closing.
    public var status: Int
    /// Whether the body was sent gzip-compressed (`Content-Encoding: gzip`, because the request
    /// accepted gzip); false until the status is sent.
    public var compressed: Bool

    /// Creates a log entry; used by the server and by decoders.
    public init(
        method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:], status: Int = 0,
        compressed: Bool = false
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.status = status
        self.compressed = compressed
    }

    private enum CodingKeys: String, CodingKey {
        case method, path, query, headers, status, compressed
    }

    /// Decodes an entry; `compressed` may be missing (stats written before it existed).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        method = try container.decode(String.self, forKey: .method)
        path = try container.decode(String.self, forKey: .path)
        query = try container.decode([String: String].self, forKey: .query)
        headers = try container.decode([String: String].self, forKey: .headers)
        status = try container.decode(Int.self, forKey: .status)
        compressed = try container.decodeIfPresent(Bool.self, forKey: .compressed) ?? false
    }
}
