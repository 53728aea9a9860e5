import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix

/// The real ``HTTPTransporting``: one AsyncHTTPClient with one kept-alive connection per host.
///
/// - Connect timeout 10 s, read timeout 30 s, whole-request deadline 60 s (defaults of
///   ``Timeouts``).
/// - Redirects are not followed here: ``GitHubClient`` follows them itself so that it can drop
///   the token when a redirect leaves the API host.
/// - A failed connection attempt fails the request at once instead of being retried inside the
///   client: ``RetryController`` owns every retry and its schedule.
/// - gzip and deflate answers are decompressed by the client (GitHub gzips its JSON when asked:
///   `content-encoding: gzip` in ../shared/fixtures/github/users-since-0.captured.headers.json;
///   Daskiworks/ghwatch #97 measured 258 kB down to 16 kB), at most ``decompressedLimit``
///   bytes of them.
package final class HTTPTransport: HTTPTransporting {
    /// Time limits for one request.
    package struct Timeouts: Sendable {
        package var connect: Duration = .seconds(10)
        package var read: Duration = .seconds(30)
        package var request: Duration = .seconds(60)

        /// Creates time limits; the defaults are 10 s, 30 s and 60 s.
        package init(connect: Duration = .seconds(10), read: Duration = .seconds(30), request: Duration = .seconds(60)) {
            self.connect = connect
            self.read = read
            self.request = request
        }
    }

    private let client: HTTPClient
    private let timeouts: Timeouts

    /// The most bytes a compressed answer may grow to: 16 MiB, twice the largest body accepted
    /// (a decompression bomb is refused as too large).
    package static let decompressedLimit = 16 << 20

    /// Creates the transport and its client.
    package init(timeouts: Timeouts = Timeouts()) {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .init(timeouts.connect), read: .init(timeouts.read)),
            connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 1)
        )
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.decompression = .enabled(limit: .size(Self.decompressedLimit))
        configuration.httpVersion = .http1Only
        self.client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        self.timeouts = timeouts
    }

    package func send(_ request: TransportRequest) async throws -> TransportResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = request.method == "POST" ? .POST : .GET
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        for (name, value) in request.headers.all {
            outgoing.headers.add(name: name, value: value)
        }
        var answered = false
        do {
            let response = try await client.execute(outgoing, timeout: .init(min(request.deadline ?? timeouts.request, timeouts.request)))
            answered = true
            let body = try await response.body.collect(upTo: request.maximumBodyBytes)
            return TransportResponse(
                status: Int(response.status.code),
                headers: HTTPHeaderFields(response.headers.map { ($0.name, $0.value) }),
                body: Data(body.readableBytesView)
            )
        } catch {
            // A request its caller gave up on is cancelled, never a network failure (requests
            // sent through GitHubClient are not cancelled once on the wire: see `finishing`).
            if Task.isCancelled || error is CancellationError { throw CancellationError() }
            throw Self.classify(error, limit: request.maximumBodyBytes, answered: answered)
        }
    }

    package func shutdown() async throws {
        try await client.shutdown()
    }

    /// Maps the client's and NIO's many errors onto the four that matter to a retry decision,
    /// each with a reason in plain words: never a type's name, which means nothing to a user.
    ///
    /// `answered`: whether the response's head had arrived. A connection closed before any
    /// answer (a proxy resetting connections, a server restarting, flaky Wi-Fi) is an API that
    /// cannot be reached, retried as long as the caller waits for the network; only an answer
    /// cut short after its head is that request's own failure (retried a bounded number of times).
    static func classify(_ error: any Error, limit: Int, answered: Bool = true) -> TransportError {
        let classified = kind(of: error, limit: limit)
        if !answered, case .connectionLost = classified {
            return .unreachable("the server closed the connection before answering")
        }
        return classified
    }

    private static func kind(of error: any Error, limit: Int) -> TransportError {
        if error is NIOTooManyBytesError || error is NIOHTTPDecompression.DecompressionError { return .bodyTooLarge(limit: limit) }
        if let error = error as? HTTPClientError {
            switch error {
            case .readTimeout, .deadlineExceeded, .writeTimeout: return .timedOut
            case .connectTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout, .tlsHandshakeTimeout,
                .getConnectionFromPoolTimeout:
                return .unreachable("the connection timed out")
            case .invalidURL, .emptyHost, .emptyScheme, .missingSocketPath:
                return .unreachable("the address cannot be used")
            case .remoteConnectionClosed, .requestStreamCancelled, .cancelled, .alreadyShutdown, .uncleanShutdown:
                return .connectionLost("the server closed the connection")
            case .bodyLengthMismatch, .contentLengthMissing:
                return .connectionLost("the answer was cut short")
            default:
                return .connectionLost("the connection failed")
            }
        }
        if let error = error as? NIOConnectionError {
            guard let first = error.connectionErrors.first else { return .unreachable("the host name could not be resolved") }
            return .unreachable(reason(first.error))
        }
        if error is SocketAddressError || error is SocketAddressError.UnknownHost {
            return .unreachable("the host name could not be resolved")
        }
        if let error = error as? IOError {
            // A reset or a broken pipe on a connection that was made is a lost connection.
            let connecting = [ECONNREFUSED, ENETUNREACH, EHOSTUNREACH, ETIMEDOUT, ENETDOWN, EHOSTDOWN, EADDRNOTAVAIL]
            return connecting.contains(error.errnoCode) ? .unreachable(reason(error)) : .connectionLost(reason(error))
        }
        if error is ChannelError { return .connectionLost("the connection was closed") }
        if error is HTTPParserError { return .connectionLost("the server sent a malformed response") }
        return .connectionLost("the connection failed")
    }

    /// A system error in its C library's words ("connection refused"); anything else in
    /// general ones.
    private static func reason(_ error: any Error) -> String {
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)).lowercased() }
        if error is SocketAddressError || error is SocketAddressError.UnknownHost { return "the host name could not be resolved" }
        return "the connection failed"
    }
}

extension TimeAmount {
    fileprivate init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
