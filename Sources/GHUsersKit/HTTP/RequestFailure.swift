import Foundation

/// What a failed request means to a screen that keeps running: nothing at all (it was
/// cancelled), the API out of reach, a rate limit, or the failure of this one item.
///
/// The rule (Docs/ARCHITECTURE.md, "Failures and cancellation"): only ``offline(_:)`` changes
/// the browser's network state, and only for requests to the API root; a thumbnail that fails is
/// that row's state; a cancelled request is never a failure.
package enum RequestFailure: Hashable, Sendable {
    /// The caller gave up on the request (the selection moved, the pane closed, a newer
    /// search): not a failure of anything.
    case cancelled
    /// The host could not be reached: the connection was refused, the name did not resolve, or
    /// no answer came in time. `reason` in plain words ("connection refused").
    case offline(String)
    /// GitHub asked for no requests until `until`.
    case rateLimited(until: Date)
    /// This request failed while the host answered (a 404, a 5xx on every try, a cut answer,
    /// data refused): a sentence without advice.
    case failed(String)

    /// Classifies `error`, thrown by the HTTP layer, a ``CombinedService`` call or the avatar
    /// pipeline; `now` dates a secondary rate limit's end.
    package init(_ error: any Error, now: Date = Date()) {
        switch error {
        case is CancellationError:
            self = .cancelled
        case let error as GitHubAPIError:
            self = Self.classify(error, now: now)
        case let error as CombinedServiceError:
            switch error {
            case .userNotFound(let login): self = .failed("no GitHub user is named \(login)")
            case .profileNotCached(let login): self = .failed("the profile of \(login) is not cached")
            case .offline: self = .failed("the network is off in this session")
            default: self = .failed(ErrorText.sentence(error))
            }
        case let error as AvatarError:
            switch error {
            case .notCached: self = .failed("the avatar is not cached and its host cannot be reached")
            case .invalidURL, .refused, .failed, .signInRequired: self = .failed(ErrorText.sentence(error))
            }
        default:
            self = .failed(ErrorText.sentence(error))
        }
    }

    private static func classify(_ error: GitHubAPIError, now: Date) -> RequestFailure {
        switch error {
        case .unreachable(let reason): .offline(reason)
        case .timedOut: .offline("no answer in time")
        case .connectionLost(let reason): .failed("the connection was lost before the answer was complete (\(reason))")
        case .rateLimited(let reset): .rateLimited(until: reset)
        case .secondaryRateLimit(let retryAfter): .rateLimited(until: now.addingTimeInterval(retryAfter?.seconds ?? 60))
        case .server(let status, _): .failed("GitHub answered \(status), a server error, on every try")
        case .notFound: .failed("not found on GitHub")
        case .unauthorized(let message): .failed("GitHub refused the token (\(message)); check this site's token (GH_TOKEN for github.com, GH_ENTERPRISE_TOKEN elsewhere)")
        case .forbidden(let message): .failed("GitHub refused the request: \(message)")
        case .insufficientScopes(let message): .failed("GitHub refused the query for the token's scopes: \(message)")
        case .unexpectedStatus(let status): .failed("GitHub answered with the unexpected status \(status)")
        case .invalidResponse(let reason): .failed("GitHub sent an answer that is not valid (\(reason))")
        case .rejectedData(let reason): .failed("GitHub sent data that ghusers refuses (\(reason))")
        case .bodyTooLarge(let limit): .failed("the answer was larger than \(limit >> 20) MiB")
        case .badRedirect: .failed("GitHub redirected too often or without a location")
        }
    }
}
