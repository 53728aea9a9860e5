import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// The real ``HTTPTransporting``: one AsyncHTTPClient with one kept-alive connection per host.
///
/// - Connect timeout 10 s, read timeout 30 s, whole-request deadline 60 s (defaults of
///   ``Timeouts``).
/// - Redirects are not followed here: ``GitHubClient`` follows them itself so that it can drop
///   the token when a redirect leaves the API host.
/// - A failed connection attempt fails the request at once instead of being retried inside the
///   client: ``RetryController`` owns every retry and its schedule.
public final class HTTPTransport: HTTPTransporting {
    /// Time limits for one request.
    public struct Timeouts: Sendable {
        public var connect: Duration = .seconds(10)
        public var read: Duration = .seconds(30)
        public var request: Duration = .seconds(60)

        /// Creates time limits; the defaults are 10 s, 30 s and 60 s.
        public init(connect: Duration = .seconds(10), read: Duration = .seconds(30), request: Duration = .seconds(60)) {
            self.connect = connect
            self.read = read
            self.request = request
        }
    }

    private let client: HTTPClient
    private let timeouts: Timeouts

    /// Creates the transport and its client.
    public init(timeouts: Timeouts = Timeouts()) {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .init(timeouts.connect), read: .init(timeouts.read)),
            connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 1)
        )
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.httpVersion = .http1Only
        self.client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        self.timeouts = timeouts
    }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = .GET
        for (name, value) in request.headers.all {
            outgoing.headers.add(name: name, value: value)
        }
        do {
            let response = try await client.execute(outgoing, timeout: .init(timeouts.request))
            let body = try await response.body.collect(upTo: request.maximumBodyBytes)
            return TransportResponse(
                status: Int(response.status.code),
                headers: HTTPHeaderFields(response.headers.map { ($0.name, $0.value) }),
                body: Data(body.readableBytesView)
            )
        } catch {
            throw Self.classify(error, limit: request.maximumBodyBytes)
        }
    }

    public func shutdown() async throws {
        try await client.shutdown()
    }

    /// Maps the client's and NIO's many errors onto the four that matter to a retry decision.
    static func classify(_ error: any Error, limit: Int) -> TransportError {
        if error is NIOTooManyBytesError { return .bodyTooLarge(limit: limit) }
        if let error = error as? HTTPClientError {
            switch error {
            case .readTimeout, .deadlineExceeded, .writeTimeout: return .timedOut
            case .connectTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout, .tlsHandshakeTimeout:
                return .unreachable("connection timed out")
            case .remoteConnectionClosed, .requestStreamCancelled, .cancelled:
                return .connectionLost("the server closed the connection")
            default:
                return .connectionLost(String(describing: error))
            }
        }
        if error is NIOConnectionError || error is IOError || error is SocketAddressError {
            return .unreachable(Self.describe(error))
        }
        if error is HTTPParserError {
            return .connectionLost("the server sent a malformed response")
        }
        return .connectionLost(Self.describe(error))
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)).lowercased() }
        if let error = error as? NIOConnectionError, let first = error.connectionErrors.first {
            return describe(first.error)
        }
        return String(describing: error)
    }
}

extension TimeAmount {
    fileprivate init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
