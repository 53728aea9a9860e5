import Foundation

/// Why a ``CombinedService`` operation could not do what was asked, beyond network and store
/// failures.
public enum CombinedServiceError: Error, Equatable {
    /// The operation needs the network and `--offline` was given.
    case offline(String)
    /// `--offline` and the profile of this login was never fetched.
    case profileNotCached(login: String)
    /// The network failed (`reason`) and the profile of this login was never fetched: the
    /// cache cannot answer either.
    case profileUnreachable(login: String, reason: String)
    /// GitHub has no user of this login.
    case userNotFound(login: String)
    /// GitHub no longer has the cached account of this login (deleted or suspended), and no
    /// profile of it is cached.
    case accountGone(login: String)
    /// There is no note on this login; `hasHistory`: it had one (deleted, its texts kept).
    case noNote(login: String, hasHistory: Bool = false)
    /// `refresh` before any page was fetched.
    case nothingToRefresh
    /// `refresh` stopped at the primary rate limit, used up until `reset`: what it did, and
    /// where the next refresh goes on (``CombinedService/RefreshSummary/next``).
    case refreshStopped(CombinedService.RefreshSummary, reset: Date)
    /// A token would go to a plain-`http` API root on a host that is not loopback.
    case insecureToken(host: String)
    /// A notes export from another site (its API root first), refused without
    /// `--from-other-site`.
    case notesFromOtherSite(String, current: String, switchTo: String?)
}

extension CombinedServiceError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .offline(let what):
            "\(what) needs the network; run it without --offline"
        case .profileNotCached(let login):
            "the profile of \(login) is not cached; run `ghusers profile \(login)` without --offline while connected"
        case .profileUnreachable(let login, let reason):
            "\(reason); the profile of \(login) was never fetched, so it is not in the cache either: try again once connected"
        case .userNotFound(let login):
            "no GitHub user is named \(login); check the spelling"
        case .accountGone(let login):
            "GitHub no longer has the account \(login) (deleted or suspended); it stays in your cache, marked gone, with its note"
        case .noNote(let login, false):
            "there is no note on \(login); write one with `ghusers note \(login) \"text\"`"
        case .noNote(let login, true):
            "there is no note on \(login) any more; `ghusers note \(login) --history` shows the texts it had"
        case .nothingToRefresh:
            "nothing to refresh: no page of the users list and no kept query; run `ghusers next-page` or `ghusers search --online QUERY` first"
        case .refreshStopped(let summary, let reset):
            "the rate limit is used up until \(GitHubAPIError.format(reset)) after \(summary.pages) page\(summary.pages == 1 ? "" : "s") "
                + "(\(summary.notModified) unchanged, \(summary.updated) updated); run `ghusers refresh` then to go on from id \(summary.next ?? 0)"
        case .insecureToken(let host):
            "the token would be sent in clear text to http://\(host); use an https:// --api-url, or unset the token (GHUSERS_NO_GH=1 when gh gives it)"
        case .notesFromOtherSite(let origin, let current, let switchTo):
            "the notes file comes from \(origin), not \(current); nothing was imported: "
                + (switchTo.map { "pass --api-url \($0) to import it into its own site, or " } ?? "pass ")
                + "--from-other-site to import it here (matched by login)"
        }
    }
}
