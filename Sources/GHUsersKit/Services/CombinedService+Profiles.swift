import Foundation

// MARK: - Profiles

extension CombinedService {
    /// The profile of `login`: the cached one at once if it is fresh (or `--offline`), else
    /// fetched with `If-None-Match`; the cached one, with the reason, when the network fails.
    /// Marks the user as seen.
    public func profile(login: String, refresh: Bool = false, now: Date = Date()) async throws -> ProfileDetails {
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
                record(rateLimit)
                guard let cached else { throw GitHubAPIError.invalidResponse("304 for a profile that is not cached") }
                try StoreService.Profiles.Touch(database: database)(userID: cached.details.user.id, now: now)
                var details = try fromCache(cached, .network)
                details.fetchedAt = now
                return details
            case .profile(let user, let profile, let etag, let rateLimit):
                record(rateLimit)
                try StoreService.Profiles.Save(database: database)(user: user, profile: profile, etag: etag, now: now)
                try StoreService.Users.MarkSeen(database: database)(id: user.id)
                let note = try StoreService.Notes.Find(database: database)(login: user.login)
                return ProfileDetails(user: user, profile: profile, note: note?.text, seen: true, fetchedAt: now, source: .network)
            }
        } catch GitHubAPIError.notFound {
            throw CombinedServiceError.userNotFound(login: login)
        } catch let error as GitHubAPIError {
            guard let cached else { throw error }
            return try fromCache(cached, .staleCache(reason: error.localizedDescription))
        }
    }
}
