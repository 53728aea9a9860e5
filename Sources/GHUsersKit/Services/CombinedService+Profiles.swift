import Foundation

// MARK: - Profiles

extension CombinedService {
    /// The profile of `login`: the cached one at once if it is fresh (or `--offline`), else
    /// fetched with `If-None-Match`; the cached one, with the reason, when the network fails
    /// (unless `staleOnFailure` is `false`: then the error, for a caller that shows the cached
    /// profile already and words failures itself, like the browser). Marks the user as seen.
    /// A partial cached profile (``CachedProfile/partial``) is fetched again whatever its age.
    public func profile(
        login: String, refresh: Bool = false, staleOnFailure: Bool = true, markingSeen: Bool = true, now: Date = Date()
    ) async throws -> ProfileDetails {
        let markingSeen = markingSeen && !database.isReadOnly
        let cached = try StoreService.Profiles.Find(database: database)(login: login)
        func fromCache(_ cached: CachedProfile, _ source: ProfileDetails.Source) throws -> ProfileDetails {
            if markingSeen { try StoreService.Users.MarkSeen(database: database)(id: cached.details.user.id) }
            var details = ProfileDetails(
                user: cached.details.user, profile: cached.profile, note: cached.details.note, seen: markingSeen || cached.details.seen,
                gone: cached.details.gone, fetchedAt: cached.fetchedAt, source: source)
            details.unknown = cached.unknown
            return details
        }
        if configuration.offline {
            guard let cached else { throw CombinedServiceError.profileNotCached(login: login) }
            return try fromCache(cached, .staleCache(reason: "offline"))
        }
        // A read-only home keeps nothing the network brings: the cached profile is the answer.
        if database.isReadOnly, let cached { return try fromCache(cached, .staleCache(reason: "the home is read-only")) }
        // A partial profile (an organization's followers, an email not asked over GraphQL) is
        // completed over REST, without an ETag: a 304 would leave it partial.
        if let cached, !refresh, !cached.partial, now.timeIntervalSince(cached.fetchedAt) < configuration.profileMaxAge {
            return try fromCache(cached, .cache)
        }
        let fetch = HTTPService.Users.FetchProfile(client: try await network(for: "profile"))
        do {
            let fetched = try await RetryController.$showsCacheOnNetworkFailure.withValue(cached != nil && staleOnFailure) {
                try await observingRateLimit { try await fetch(login: login, etag: cached?.partial == true ? nil : cached?.etag) }
            }
            switch fetched {
            case .notModified(let rateLimit):
                guard let cached else {
                    record(rateLimit)
                    throw GitHubAPIError.invalidResponse("304 for a profile that is not cached")
                }
                try StoreService.Profiles.Touch(database: database)(
                    userID: cached.details.user.id, rateLimit: rateLimit, markingSeen: markingSeen, now: now)
                return ProfileDetails(
                    user: cached.details.user, profile: cached.profile, note: cached.details.note, seen: markingSeen || cached.details.seen,
                    fetchedAt: now, source: .network)
            case .profile(let user, let profile, let etag, let rateLimit):
                let note = try StoreService.Profiles.Save(database: database)(
                    user: user, profile: profile, etag: etag, rateLimit: rateLimit, markingSeen: markingSeen, now: now)
                return ProfileDetails(
                    user: user, profile: profile, note: note?.text, seen: markingSeen || cached?.details.seen == true, fetchedAt: now, source: .network)
            }
        } catch GitHubAPIError.notFound {
            return try await followAccount(of: login, cached: cached, fetch: fetch, markingSeen: markingSeen, now: now, fromCache: fromCache)
        } catch let error as GitHubAPIError {
            guard let cached, staleOnFailure else {
                // Never fetched: --offline cannot help, so the advice is the network's.
                if error.isNetworkFailure, staleOnFailure, !configuration.offline {
                    throw CombinedServiceError.profileUnreachable(login: login, reason: error.failureReason)
                }
                throw error
            }
            return try fromCache(cached, .staleCache(reason: error.failureReason))
        }
    }

    /// `GET /users/{login}` answered 404 for `login`. A cached account is asked for by its id
    /// once (`GET /user/{id}`): renamed, it is saved under its new login (note and seen mark
    /// follow the id; the old login is released) and shown with ``ProfileDetails/renamedFrom``;
    /// gone as well, it is marked gone, kept with its note, and its cached profile is shown.
    private func followAccount(
        of login: String, cached: CachedProfile?, fetch: HTTPService.Users.FetchProfile, markingSeen: Bool, now: Date,
        fromCache: (CachedProfile, ProfileDetails.Source) throws -> ProfileDetails
    ) async throws -> ProfileDetails {
        let accounts = StoreService.Users.MarkGone(database: database)
        guard let id = try cached?.details.user.id ?? accounts.accountID(login: login) else {
            throw CombinedServiceError.userNotFound(login: login)
        }
        do {
            guard case .profile(let user, let profile, let etag, let rateLimit) = try await observingRateLimit({ try await fetch(id: id) })
            else { throw GitHubAPIError.invalidResponse("304 to a request without an ETag") }
            let note = try StoreService.Profiles.Save(database: database)(
                user: user, profile: profile, etag: etag, rateLimit: rateLimit, markingSeen: markingSeen, now: now)
            let renamed = user.login.lowercased() == login.lowercased() ? nil : login
            return ProfileDetails(
                user: user, profile: profile, note: note?.text, seen: markingSeen || cached?.details.seen == true, renamedFrom: renamed, fetchedAt: now, source: .network)
        } catch GitHubAPIError.notFound {
            try accounts(id: id)
            guard let cached else { throw CombinedServiceError.accountGone(login: login) }
            var details = try fromCache(cached, .staleCache(reason: "GitHub no longer has this account: deleted or suspended"))
            details.gone = true
            return details
        }
    }
}
