import Foundation

/// Sends one HTTP request and returns the whole response: the seam between ghusers' request
/// logic and the HTTP client.
///
/// ``HTTPTransport`` is the real implementation over AsyncHTTPClient; unit tests of the retry
/// controller and the request queue script their own.
package protocol HTTPTransporting: Sendable {
    /// Sends `request` and collects at most `request.maximumBodyBytes` of its body.
    ///
    /// - Throws: ``TransportError`` for anything that prevented a complete response.
    func send(_ request: TransportRequest) async throws -> TransportResponse

    /// Closes kept-alive connections. Call once, when no request is in flight.
    func shutdown() async throws
}

/// A request as a transport sends it: a `GET`, or a `POST` with a body (GraphQL).
package struct TransportRequest: Sendable {
    package var url: URL
    /// `GET` or `POST`.
    package var method: String = "GET"
    /// The body of a `POST`.
    package var body: Data?
    package var headers: HTTPHeaderFields
    /// Longest accepted body; a longer one fails with ``TransportError/bodyTooLarge(limit:)``.
    package var maximumBodyBytes: Int
    /// The whole request's deadline when shorter than the transport's own (avatars: a host
    /// that hangs must not hold the one-at-a-time queue for long).
    package var deadline: Duration?

    /// Creates a request.
    package init(url: URL, headers: HTTPHeaderFields = [:], maximumBodyBytes: Int, deadline: Duration? = nil) {
        self.url = url
        self.headers = headers
        self.maximumBodyBytes = maximumBodyBytes
        self.deadline = deadline
    }
}

/// A complete response.
package struct TransportResponse: Sendable {
    package var status: Int
    package var headers: HTTPHeaderFields
    package var body: Data

    /// Creates a response.
    package init(status: Int, headers: HTTPHeaderFields = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Why a transport produced no complete response.
package enum TransportError: Error, Equatable {
    /// No connection could be made: refused, no route, name not resolved, connect timeout.
    case unreachable(String)
    /// The server took longer than the read timeout or the request deadline.
    case timedOut
    /// The connection closed before the whole response arrived.
    case connectionLost(String)
    /// The body was larger than the request allowed.
    case bodyTooLarge(limit: Int)
}
