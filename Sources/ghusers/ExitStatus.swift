import ArgumentParser
import GHUsersKit

/// The documented exit codes of ghusers (see Docs/REFERENCE.md).
enum ExitStatus: Int32 {
    case success = 0
    /// Anything not listed below.
    case failure = 1
    /// The user, profile or note does not exist.
    case notFound = 3
    /// GitHub refused the token.
    case authentication = 4
    /// The network could not be reached, or is needed while `--offline`.
    case network = 5
    /// A GitHub rate limit stopped the run.
    case rateLimited = 6
    /// The local database cannot be used (damaged, newer, locked, another site's).
    case database = 7
    /// `notes import` of a file exported from another GitHub site, without `--from-other-site`.
    case otherSite = 8
    /// Bad arguments; ArgumentParser's own code for validation errors (EX_USAGE).
    case usage = 64
    /// Stopped by Ctrl-C or SIGTERM (128 + SIGINT, as shells report it); what was saved stays.
    case interrupted = 130

    /// The status that `error` ends the process with.
    init(for error: any Error) {
        switch error {
        case let error as GitHubAPIError:
            switch error {
            case .unreachable, .timedOut, .connectionLost: self = .network
            case .rateLimited, .secondaryRateLimit: self = .rateLimited
            case .unauthorized, .insufficientScopes: self = .authentication
            case .notFound: self = .notFound
            // GitHub answered, and not as asked: an error, not the network's.
            case .server, .forbidden, .unexpectedStatus, .invalidResponse, .rejectedData, .bodyTooLarge, .badRedirect: self = .failure
            }
        case let error as CombinedServiceError:
            switch error {
            case .offline, .profileNotCached, .profileUnreachable: self = .network
            case .userNotFound, .noNote: self = .notFound
            case .nothingToRefresh: self = .failure
            case .refreshStopped: self = .rateLimited
            case .accountGone: self = .notFound
            case .insecureToken: self = .usage
            case .notesFromOtherSite: self = .otherSite
            }
        case let error as OnlineSearchError:
            switch error {
            case .needsToken: self = .authentication
            case .nothingToAsk: self = .usage
            case .stopped: self = .rateLimited
            // GitHub ends a search it could not answer in 10 s with a 502 or 504 (GitHub Docs,
            // "Rate limits and query limits for the GraphQL API", "Timeouts"): the network's
            // failure to the user, as a connection that timed out is.
            case .failed(_, .server(status: 502, _)), .failed(_, .server(status: 504, _)): self = .network
            case .failed(_, let underlying): self = ExitStatus(for: underlying)
            case .outOfOrder: self = .failure
            }
        case let error as ProfilesPrefetchError:
            switch error {
            case .needsToken: self = .authentication
            case .stopped: self = .rateLimited
            case .failed(_, let underlying): self = ExitStatus(for: underlying)
            }
        case is StoreError: self = .database
        case is ValidationError, is SearchQuery.Problem, is RowColumn.UnknownName: self = .usage
        // ghusers's own errors that end a command as failures (1), each named so that a new
        // error type is decided here (ExitStatusTests reads the sources for them): a file of
        // notes that cannot be read, a note changed meanwhile, a login GitHub would refuse, a
        // write that failed, an image or avatar that failed, no terminal, nothing found (as
        // grep), avatars not all fetched or kept.
        case is NotesArchiveError, is NoteConflict, is User.ValidationError, is AtomicFile.WriteError, is TransportError, is AvatarError,
            is ImageDecodingError, is ImageLibraryError, is TerminalSession.Unavailable, is NothingFound, is GHUsersCommand.Avatars.Prefetch.SomeFailed,
            is GHUsersCommand.Avatars.Prefetch.NotKept:
            self = .failure
        // An error of the system or a library that ghusers did not turn into one of its own.
        default: self = .failure
        }
    }
}
