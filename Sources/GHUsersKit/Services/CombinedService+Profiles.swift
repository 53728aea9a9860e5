import Foundation

// MARK: - Profiles

extension CombinedService {
    /// The profile of `login`: the cached one at once if it is fresh (or `--offline`), else
    /// fetched with `If-None-Match`; the cached one, with the reason, when the network fails
    /// (unless `staleOnFailure` is `false`: then the error, for a caller that shows the cached
    /// profile already and words failures itself, like the browser). Marks the user as seen.
    public func profile(login: String, refresh: Bool = false, staleOnFailure: Bool = true, now: Date = Date()) async throws -> ProfileDetails {
        let cached = try StoreService.Profiles.Find(database: database)(login: login)
        func fromCache(_ cached: CachedProfile, _ source: ProfileDetails.Source) throws -> ProfileDetails {
            try StoreService.Users.MarkSeen(database: database)(id: cached.details.user.id)
            return ProfileDetails(
                user: cached.details.user, profile: cached.profile, note: cached.details.note, seen: true,
                fetchedAt: cached.fetchedAt, source: source)
        }
        if configuration.offline {
            guard let cached else { throw CombinedServiceError.profileNotCached(login: login) }
            return try fromCache(cached, .staleCache(reason: "offline"))
        }
        if let cached, !refresh, now.timeIntervalSince(cached.fetchedAt) < configuration.profileMaxAge {
            return try fromCache(cached, .cache)
        }
        let fetch = HTTPService.Users.FetchProfile(client: try network(for: "profile"))
        do {
            switch try await observingRateLimit({ try await fetch(login: login, etag: cached?.etag) }) {
            case .notModified(let rateLimit):
                guard let cached else {
                    record(rateLimit)
                    throw GitHubAPIError.invalidResponse("304 for a profile that is not cached")
                }
                try StoreService.Profiles.Touch(database: database)(
                    userID: cached.details.user.id, rateLimit: rateLimit, markingSeen: true, now: now)
                return ProfileDetails(
                    user: cached.details.user, profile: cached.profile, note: cached.details.note, seen: true,
                    fetchedAt: now, source: .network)
            case .profile(let user, let profile, let etag, let rateLimit):
                let note = try StoreService.Profiles.Save(database: database)(
                    user: user, profile: profile, etag: etag, rateLimit: rateLimit, markingSeen: true, now: now)
                return ProfileDetails(user: user, profile: profile, note: note?.text, seen: true, fetchedAt: now, source: .network)
            }
        } catch GitHubAPIError.notFound {
            throw CombinedServiceError.userNotFound(login: login)
        } catch let error as GitHubAPIError {
            guard let cached, staleOnFailure else { throw error }
            return try fromCache(cached, .staleCache(reason: error.localizedDescription))
        }
    }
}
