import Foundation
import Logging

/// Sends requests to the GitHub API the way GitHub asks clients to: REST `GET`s, and GraphQL
/// `POST`s (``request(_:etag:post:decode:)``, `HTTPService.Users.FetchProfiles`).
///
/// Every request goes through the one ``RequestQueue`` (one request at a time) inside the
/// ``RetryController`` (backoff happens outside the queue, so a waiting request holds nothing).
/// Cancellation: a request still waiting for its turn leaves the queue at once; one already
/// sent is allowed to finish (it has cost its rate-limit unit, and its answer is worth
/// caching), so a cancelled caller never leaves a second request on the wire beside the next.
/// Headers: `Accept: application/vnd.github+json`, `X-GitHub-Api-Version: 2022-11-28`, a
/// `User-Agent` naming ghusers and its version, `If-None-Match` when an ETag is known, and
/// `Authorization: Bearer` only while the URL's host is the API host. Redirects (at most 5) are
/// followed here, so a redirect to another host never carries the token.
package final class GitHubClient: Sendable {
    /// Settings of a client.
    package struct Configuration: Sendable {
        /// The API root, `https://api.github.com` by default.
        package var apiURL: URL
        /// A token for `Authorization: Bearer`, for this API root only (see ``TokenSource``).
        package var token: String?
        /// The largest response body accepted: 8 MiB.
        package var maximumBodyBytes: Int = 8 << 20
        /// The longest a download may take (``download(_:etag:maximumBytes:check:)``):
        /// ``downloadDeadline`` unless set (`GHUSERS_AVATAR_TIMEOUT`).
        package var downloadDeadline: Duration = GitHubClient.downloadDeadline
        /// Told the token's `X-OAuth-Scopes` of every answer of the API that carries it, REST or
        /// GraphQL (what the token may read: ``ProfilesQuery/readsEmail(scopes:)``).
        package var onScopes: (@Sendable (String) async -> Void)?

        /// Creates settings.
        package init(apiURL: URL, token: String?) {
            self.apiURL = apiURL
            self.token = token
        }
    }

    /// The `User-Agent` sent with every request.
    package static let userAgent = "ghusers/\(GHUsersVersion.number) (+https://github.com/ghusers)"

    package let configuration: Configuration
    private let transport: any HTTPTransporting
    private let queue: RequestQueue
    private let retry: RetryController
    /// Paces the GraphQL `POST`s (``GraphQLPacer``).
    let pacer = GraphQLPacer()
    private let logger = Logger(label: "ghusers.http")

    /// Creates a client.
    package init(configuration: Configuration, transport: any HTTPTransporting, queue: RequestQueue, retry: RetryController) {
        self.configuration = configuration
        self.transport = transport
        self.queue = queue
        self.retry = retry
    }

    /// A successful answer: `200` with its body, or `304` when the ETag still matched.
    package struct Response: Sendable {
        package var status: Int
        package var headers: HTTPHeaderFields
        package var body: Data
        /// Whether the server answered `304 Not Modified`.
        package var notModified: Bool { status == 304 }
        /// The response's `ETag`.
        package var etag: String? { headers["etag"] }
        /// The rate limit the response reports.
        package var rateLimit: RateLimit? { RateLimit(headers: headers) }
    }

    /// Fetches `path` (relative to the API root) and decodes the answer with `decode`, retrying
    /// what the policy retries, undecodable bodies included.
    package func get<T: Sendable>(
        path: String, query: [URLQueryItem] = [], etag: String? = nil,
        decode: @escaping @Sendable (Response) throws -> T
    ) async throws -> T {
        try await request(try makeURL(path: path, query: query), etag: etag, decode: decode)
    }

    /// Sends one request (a `GET`, or a `POST` of `body`) in its turn of the queue, inside the
    /// retry controller, and decodes the answer with `decode` (its errors retried as a bad answer).
    /// `retryingGatewayTimeouts`: `false` leaves a 502 or 504 to the caller (a GraphQL query that
    /// timed out, asked again smaller: ``RetryPolicy/retriesGatewayTimeouts``).
    func request<T: Sendable>(
        _ url: URL, etag: String? = nil, post body: Data? = nil, retryingGatewayTimeouts: Bool = true,
        decode: @escaping @Sendable (Response) throws -> T
    ) async throws -> T {
        var retry = self.retry
        retry.policy.retriesGatewayTimeouts = retryingGatewayTimeouts
        return try await retry.run { _ in
            // A GraphQL query waits its pace before it takes its turn, so that no other
            // request waits behind it meanwhile.
            if body != nil { try await self.pacer.pace() }
            let response = try await self.queue.run {
                try await Self.finishing {
                    body == nil
                        ? try await self.send(url, etag: etag, post: body)
                        : try await self.pacer.timing { try await self.send(url, etag: etag, post: body) }
                }
            }
            do {
                return try decode(response)
            } catch let error as GitHubAPIError {
                throw error
            } catch {
                throw GitHubAPIError.invalidResponse(Self.describe(decodingError: error))
            }
        }
    }

    /// What to ask, decided inside the request's turn.
    package struct TurnRequest: Sendable {
        package var path: String
        package var query: [URLQueryItem]
        package var etag: String?

        /// Creates a request; `path` percent-encoded already.
        package init(path: String, query: [URLQueryItem] = [], etag: String? = nil) {
            self.path = path
            self.query = query
            self.etag = etag
        }
    }

    /// ``get(path:query:etag:decode:)`` whose request is decided, and whose answer is kept, in
    /// the request's one turn of the queue (in-process and across processes): `prepare` reads
    /// what to ask (the cursor), `decode` reads the answer (its errors retried as a bad
    /// answer), `keep` saves it (its errors are its own). A second process waiting for the turn
    /// then reads the cursor this one left, so two `next-page`s never fetch the same page. A
    /// backoff happens outside the turn, and the next attempt prepares again.
    /// `prepare` also returns what `keep` needs to know of the request (`context`).
    package func getInTurn<Context: Sendable, Decoded: Sendable, T: Sendable>(
        prepare: @escaping @Sendable () async throws -> (request: TurnRequest, context: Context),
        decode: @escaping @Sendable (Response) throws -> Decoded,
        keep: @escaping @Sendable (Decoded, Context) async throws -> T
    ) async throws -> T {
        try await retry.run { _ in
            try await self.queue.run {
                try await Self.finishing {
                    let (request, context) = try await prepare()
                    let response = try await self.send(try self.makeURL(path: request.path, query: request.query), etag: request.etag)
                    let decoded: Decoded
                    do {
                        decoded = try decode(response)
                    } catch let error as GitHubAPIError {
                        throw error
                    } catch {
                        throw GitHubAPIError.invalidResponse(Self.describe(decodingError: error))
                    }
                    return try await keep(decoded, context)
                }
            }
        }
    }

    /// Downloads a file that is not part of the API, such as an avatar, through the same queue
    /// and kept-alive connection: never with the token (whatever the host), only over http(s)
    /// (redirects included), at most `maximumBytes` of body, and tried at most twice so that a
    /// missing image never holds a command up for long.
    ///
    /// `check` is asked when the download's turn in the queue has come, just before it is sent,
    /// and throws to send nothing (the avatar pipeline stops asking a host that answered a
    /// sign-in page, for the downloads queued behind the one that found it).
    package func download(
        _ url: URL, etag: String? = nil, maximumBytes: Int, check: (@Sendable (URL) throws -> Void)? = nil
    ) async throws -> Response {
        guard User.isWebURL(url.absoluteString) else { throw GitHubAPIError.badRedirect }
        // An avatar's host is not the API: its failures never reach the offline banner.
        var retry = self.retry.silenced
        retry.policy.maxAttempts = min(retry.policy.maxAttempts, 2)
        retry.policy.waitsForNetwork = false
        retry.policy.retriesTimeouts = false
        return try await retry.run { _ in
            try await self.queue.run {
                try check?(url)
                return try await Self.finishing {
                    try await self.send(url, etag: etag, accept: "image/*", authorized: false, maximumBytes: maximumBytes, deadline: self.configuration.downloadDeadline)
                }
            }
        }
    }

    /// Closes the connection.
    package func shutdown() async throws {
        try await transport.shutdown()
    }

    /// The longest a download may take, redirects aside: 5 s, tried once (an API request may
    /// take 60, and is retried): an avatar host that hangs holds the one-at-a-time queue for
    /// 5 s at most.
    package static let downloadDeadline = Duration.seconds(5)

    /// Runs `body` to its end even when the calling task is cancelled: a request on the wire is
    /// finished rather than abandoned (the caller drops the answer if it no longer wants it).
    static func finishing<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await Task { try await body() }.value
    }

    /// `path` is percent-encoded already (``Login/pathComponent(_:)``).
    private func makeURL(path: String, query: [URLQueryItem]) throws -> URL {
        var components = URLComponents(url: configuration.apiURL, resolvingAgainstBaseURL: false)
        let base = components?.percentEncodedPath ?? ""
        components?.percentEncodedPath = (base.hasSuffix("/") ? String(base.dropLast()) : base) + path
        components?.queryItems = query.isEmpty ? nil : query
        guard let url = components?.url else { throw GitHubAPIError.badRedirect }
        return url
    }

    /// `post`: the body of a `POST` (JSON), which is never redirected.
    private func send(
        _ firstURL: URL, etag: String?, post: Data? = nil, accept: String = "application/vnd.github+json", authorized: Bool = true,
        maximumBytes: Int? = nil, deadline: Duration? = nil
    ) async throws -> Response {
        let method = post == nil ? "GET" : "POST"
        var url = firstURL
        for _ in 0...5 {
            var headers: HTTPHeaderFields = [
                "Accept": accept,
                "X-GitHub-Api-Version": "2022-11-28",
                "User-Agent": Self.userAgent,
            ]
            if let etag { headers["If-None-Match"] = etag }
            if post != nil {
                headers["Content-Type"] = "application/json"
                // GraphQL: ids in the next format, the legacy one "will be closing down"
                // (GitHub Docs, "Migrating GraphQL global node IDs").
                headers["X-Github-Next-Global-ID"] = "1"
            }
            // GitHub gzips its JSON when asked (the captured headers of users-since-0 in
            // ../shared/fixtures/github); the transport decompresses. Images are compressed already.
            if authorized { headers["Accept-Encoding"] = "gzip" }
            if authorized, let token = configuration.token, Self.sameOrigin(url, configuration.apiURL) {
                headers["Authorization"] = "Bearer \(token)"
            }
            logger.debug("\(method) \(url.absoluteString)", metadata: ["if-none-match": "\(etag ?? "-")"])
            let response: TransportResponse
            do {
                var request = TransportRequest(
                    url: url, headers: headers, maximumBodyBytes: maximumBytes ?? configuration.maximumBodyBytes, deadline: deadline)
                request.method = method
                request.body = post
                response = try await transport.send(request)
            } catch let error as TransportError {
                logger.debug("\(method) \(url.absoluteString) failed: \(error)")
                throw GitHubAPIError(error)
            }
            logger.debug("\(method) \(url.absoluteString) -> \(response.status), \(response.body.count) bytes")
            if headers["Authorization"] != nil, let scopes = response.headers["x-oauth-scopes"] { await configuration.onScopes?(scopes) }
            switch response.status {
            case 200..<300, 304:
                return Response(status: response.status, headers: response.headers, body: response.body)
            case 301, 302, 303, 307, 308:
                guard post == nil, let location = response.headers["location"],
                    let next = URL(string: location, relativeTo: url)?.absoluteURL,
                    User.isWebURL(next.absoluteString)
                else { throw GitHubAPIError.badRedirect }
                url = next
            default:
                throw Self.error(for: response)
            }
        }
        throw GitHubAPIError.badRedirect
    }

    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && a.port == b.port
    }

    /// Maps an unsuccessful response onto the error its status and headers mean.
    static func error(for response: TransportResponse) -> GitHubAPIError {
        let headers = response.headers
        let retryAfter = headers["retry-after"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            .map { Duration.seconds(max(0, $0)) }
        let message = Self.message(in: response.body)
        switch response.status {
        case 401:
            return .unauthorized(message ?? "401 Unauthorized")
        case 403, 429:
            if headers["x-ratelimit-remaining"] == "0", retryAfter == nil,
                let reset = headers["x-ratelimit-reset"].flatMap(TimeInterval.init)
            {
                return .rateLimited(reset: Date(timeIntervalSince1970: reset))
            }
            // Any other 429, and a 403 that says so (today's wording, or the "abuse detection"
            // of before 2021) or asks to wait, is a secondary limit (GitHub Docs, "Rate limits
            // for the REST API": "you will receive a 403 or 429 response").
            if response.status == 429 || retryAfter != nil
                || message.map({ $0.localizedCaseInsensitiveContains("secondary rate limit") || $0.localizedCaseInsensitiveContains("abuse detection") })
                    == true
            {
                return .secondaryRateLimit(retryAfter: retryAfter)
            }
            return .forbidden(message ?? "403 Forbidden")
        case 404, 410:
            return .notFound
        case 500..<600:
            return .server(status: response.status, retryAfter: retryAfter)
        default:
            return .unexpectedStatus(response.status)
        }
    }

    /// GitHub's error bodies are `{"message": ..., "documentation_url": ...}`.
    private static func message(in body: Data) -> String? {
        struct ErrorBody: Decodable { var message: String }
        guard let message = try? JSONDecoder().decode(ErrorBody.self, from: body).message else { return nil }
        return TerminalSanitizer.sanitize(String(message.prefix(300)))
    }

    private static func describe(decodingError error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted: "the body is not JSON"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "unexpected JSON at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case DecodingError.keyNotFound(let key, _): "the field \(key.stringValue) is missing"
        default: "the body cannot be decoded"
        }
    }
}
