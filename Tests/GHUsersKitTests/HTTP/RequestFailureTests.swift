import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Testing

@testable import GHUsersKit

/// Every error the HTTP layer can throw, classified for a screen that keeps running, and worded
/// without a type's name or a command-line flag.
@Suite("request failures: classification and wording")
struct RequestFailureTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// Every ``GitHubAPIError`` case, with what it means to the browser.
    static let apiErrors: [(GitHubAPIError, String)] = [
        (.unreachable("connection refused"), "offline"),
        (.timedOut, "offline"),
        (.connectionLost("the server closed the connection"), "failed"),
        (.server(status: 502, retryAfter: nil), "failed"),
        (.secondaryRateLimit(retryAfter: .seconds(5)), "rateLimited"),
        (.secondaryRateLimit(retryAfter: nil), "rateLimited"),
        (.rateLimited(reset: now.addingTimeInterval(600)), "rateLimited"),
        (.notFound, "failed"),
        (.unauthorized("Bad credentials"), "failed"),
        (.forbidden("Resource not accessible"), "failed"),
        (.unexpectedStatus(418), "failed"),
        (.invalidResponse("the body is not JSON"), "failed"),
        (.rejectedData("the profile is not valid"), "failed"),
        (.bodyTooLarge(limit: 8 << 20), "failed"),
        (.badRedirect, "failed"),
    ]

    /// Errors AsyncHTTPClient and NIO throw, as the transport meets them.
    static let transportErrors: [any Error] = [
        HTTPClientError.invalidURL, HTTPClientError.emptyHost, HTTPClientError.missingSocketPath, HTTPClientError.alreadyShutdown,
        HTTPClientError.emptyScheme, HTTPClientError.unsupportedScheme("ftp"), HTTPClientError.readTimeout,
        HTTPClientError.writeTimeout, HTTPClientError.remoteConnectionClosed, HTTPClientError.cancelled,
        HTTPClientError.identityCodingIncorrectlyPresent, HTTPClientError.invalidProxyResponse,
        HTTPClientError.contentLengthMissing, HTTPClientError.proxyAuthenticationRequired,
        HTTPClientError.redirectLimitReached, HTTPClientError.redirectCycleDetected, HTTPClientError.uncleanShutdown,
        HTTPClientError.traceRequestWithBody, HTTPClientError.bodyLengthMismatch, HTTPClientError.writeAfterRequestSent,
        HTTPClientError.connectTimeout, HTTPClientError.socksHandshakeTimeout,
        HTTPClientError.httpProxyHandshakeTimeout, HTTPClientError.tlsHandshakeTimeout, HTTPClientError.deadlineExceeded,
        HTTPClientError.requestStreamCancelled, HTTPClientError.getConnectionFromPoolTimeout,
        HTTPClientError.invalidHeaderFieldNames(["bad name"]), HTTPClientError.internalStateFailure(),
        IOError(errnoCode: ECONNREFUSED, reason: "connect"), IOError(errnoCode: ENETUNREACH, reason: "connect"),
        ChannelError.ioOnClosedChannel, ChannelError.eof, HTTPParserError.invalidStatus, NIOTooManyBytesError(maxBytes: 1 << 20),
        CancellationError(),
    ]

    /// Words no user should see: Swift, NIO and Foundation type names, and flags in the browser.
    static func leaks(_ text: String, flagsAllowed: Bool = false) -> [String] {
        var found = ["Error", "NIO", "HTTPClient", "NSError", "()", "Optional(", "Swift.", "Foundation."].filter { text.contains($0) }
        if !flagsAllowed, text.contains("--") { found.append("--") }
        // A type-like dotted name: Upper.lower (HTTPClientError.readTimeout).
        if text.range(of: #"[A-Z][A-Za-z]+\.[a-z][A-Za-z]+"#, options: .regularExpression) != nil { found.append("Type.member") }
        return found
    }

    @Test("every API error has one kind; its words name no type and no flag")
    func apiErrorKinds() {
        for (error, kind) in Self.apiErrors {
            let failure = RequestFailure(error, now: Self.now)
            switch failure {
            case .cancelled: Issue.record("\(error) is not a cancellation")
            case .offline(let reason): #expect(kind == "offline", "\(error)"); #expect(Self.leaks(reason).isEmpty, "\(reason)")
            case .rateLimited(let until): #expect(kind == "rateLimited", "\(error)"); #expect(until > Self.now)
            case .failed(let sentence): #expect(kind == "failed", "\(error)"); #expect(Self.leaks(sentence).isEmpty, "\(sentence)")
            }
            // The one-shot commands' text may advise flags, never show a type.
            #expect(Self.leaks(error.localizedDescription, flagsAllowed: true).isEmpty, "\(error.localizedDescription)")
        }
    }

    @Test("a cancellation is never a failure, wherever it comes from")
    func cancellation() {
        #expect(RequestFailure(CancellationError()) == .cancelled)
    }

    @Test("only an unreachable host or no answer in time is offline; a 404 or a cut answer is that request's failure")
    func offlineIsEvidence() {
        #expect(RequestFailure(GitHubAPIError.unreachable("connection refused")) == .offline("connection refused"))
        #expect(RequestFailure(GitHubAPIError.notFound) == .failed("not found on GitHub"))
        if case .offline = RequestFailure(GitHubAPIError.connectionLost("the server closed the connection")) {
            Issue.record("a connection lost mid-answer is not an outage")
        }
        if case .offline = RequestFailure(AvatarError.failed(url: "https://a/1", reason: "404 Not Found")) {
            Issue.record("an avatar is never an outage")
        }
    }

    @Test("every transport error becomes one of four kinds in plain words, never a type's name")
    func transportWords() {
        for error in Self.transportErrors {
            let classified = HTTPTransport.classify(error, limit: 1 << 20)
            let text = GitHubAPIError(classified).localizedDescription
            #expect(Self.leaks(text, flagsAllowed: true).isEmpty, "\(error) -> \(text)")
            switch RequestFailure(GitHubAPIError(classified)) {
            case .offline(let reason), .failed(let reason): #expect(Self.leaks(reason).isEmpty, "\(error) -> \(reason)")
            case .cancelled, .rateLimited: break
            }
        }
        #expect(HTTPTransport.classify(IOError(errnoCode: ECONNREFUSED, reason: "connect"), limit: 1) == .unreachable("connection refused"))
        #expect(HTTPTransport.classify(HTTPClientError.readTimeout, limit: 1) == .timedOut)
    }

    @Test("a connection closed before any answer is an API out of reach; one closed mid-answer is that request's failure")
    func closedBeforeAnswer() {
        let before = HTTPTransport.classify(HTTPClientError.remoteConnectionClosed, limit: 1, answered: false)
        #expect(before == .unreachable("the server closed the connection before answering"))
        #expect(RequestFailure(GitHubAPIError(before)) == .offline("the server closed the connection before answering"))
        let during = HTTPTransport.classify(HTTPClientError.remoteConnectionClosed, limit: 1, answered: true)
        #expect(during == .connectionLost("the server closed the connection"))
        #expect(HTTPTransport.classify(HTTPClientError.readTimeout, limit: 1, answered: false) == .timedOut)
    }

    @Test("other errors are worded without their type: service, avatar, validation, store, unknown")
    func otherErrors() {
        struct Opaque: Error {}
        let errors: [any Error] = [
            CombinedServiceError.userNotFound(login: "ghost"), CombinedServiceError.offline("profile"),
            CombinedServiceError.profileNotCached(login: "ghost"), AvatarError.notCached,
            AvatarError.refused(url: "https://a/1", reason: "it is larger than 4 MiB"), User.ValidationError.invalidLogin("bad login!"),
            NoteConflict(login: "alice", current: "theirs"), Opaque(),
        ]
        for error in errors {
            switch RequestFailure(error) {
            case .failed(let sentence): #expect(Self.leaks(sentence).isEmpty, "\(error) -> \(sentence)")
            default: Issue.record("\(error) is that item's failure")
            }
            #expect(Self.leaks(ErrorText.sentence(error), flagsAllowed: true).isEmpty, "\(ErrorText.sentence(error))")
        }
        #expect(ErrorText.sentence(Opaque()) == "an unexpected error occurred")
    }
}
