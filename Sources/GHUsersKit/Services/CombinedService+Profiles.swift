import Foundation
import GRDB

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
        let database = database
        let cached = try await database.read { db in try StoreService.Profiles.find(login: login, db) }
        func fromCache(_ cached: CachedProfile, _ source: ProfileDetails.Source) async throws -> ProfileDetails {
            if markingSeen { try await database.write { db in try StoreService.Users.markSeen(id: cached.details.user.id, db) } }
            var details = ProfileDetails(
                user: cached.details.user, profile: cached.profile, note: cached.details.note, seen: markingSeen || cached.details.seen,
                gone: cached.details.gone, fetchedAt: cached.fetchedAt, source: source)
            details.unknown = cached.unknown
            return details
        }
        if configuration.offline {
            guard let cached else { throw CombinedServiceError.profileNotCached(login: login) }
            return try await fromCache(cached, .staleCache(reason: "offline"))
        }
        // A read-only home keeps nothing the network brings: the cached profile is the answer.
        if database.isReadOnly, let cached { return try await fromCache(cached, .staleCache(reason: "the home is read-only")) }
        // A partial profile (an organization's followers, an email not asked over GraphQL) is
        // completed over REST, without an ETag: a 304 would leave it partial.
        if let cached, !refresh, !cached.partial, now.timeIntervalSince(cached.fetchedAt) < configuration.profileMaxAge {
            return try await fromCache(cached, .cache)
        }
        let fetch = HTTPService.Users.FetchProfile(client: try await network(for: "profile"))
        do {
            let fetched = try await RetryController.$showsCacheOnNetworkFailure.withValue(cached != nil && staleOnFailure) {
                try await observingRateLimit { try await fetch(login: login, etag: cached?.partial == true ? nil : cached?.etag) }
            }
            switch fetched {
            case .notModified(let rateLimit):
                guard let cached else {
                    await record(rateLimit)
                    throw GitHubAPIError.invalidResponse("304 for a profile that is not cached")
                }
                // Revalidated: fresh again, and its account not gone, since it answered.
                try await database.write { db in
                    let id = cached.details.user.id
                    try StoreService.Profiles.touch(userID: id, now: now, db)
                    try StoreService.Users.markGone(id: id, gone: false, db)
                    if markingSeen { try StoreService.Users.markSeen(id: id, db) }
                    try StoreService.Sync.record(rateLimit, db)
                }
                return ProfileDetails(
                    user: cached.details.user, profile: cached.profile, note: cached.details.note, seen: markingSeen || cached.details.seen,
                    fetchedAt: now, source: .network)
            case .profile(let user, let profile, let etag, let rateLimit):
                let note = try await save(user: user, profile: profile, etag: etag, rateLimit: rateLimit, markingSeen: markingSeen, now: now)
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
            return try await fromCache(cached, .staleCache(reason: error.failureReason))
        }
    }

    /// `GET /users/{login}` answered 404 for `login`. A cached account is asked for by its id
    /// once (`GET /user/{id}`): renamed, it is saved under its new login (note and seen mark
    /// follow the id; the old login is released) and shown with ``ProfileDetails/renamedFrom``;
    /// gone as well, it is marked gone, kept with its note, and its cached profile is shown.
    private func followAccount(
        of login: String, cached: CachedProfile?, fetch: HTTPService.Users.FetchProfile, markingSeen: Bool, now: Date,
        fromCache: (CachedProfile, ProfileDetails.Source) async throws -> ProfileDetails
    ) async throws -> ProfileDetails {
        let known = try await database.read { db in try StoreService.Users.identity(login: login, db)?.id }
        guard let id = cached?.details.user.id ?? known else {
            throw CombinedServiceError.userNotFound(login: login)
        }
        do {
            guard case .profile(let user, let profile, let etag, let rateLimit) = try await observingRateLimit({ try await fetch(id: id) })
            else { throw GitHubAPIError.invalidResponse("304 to a request without an ETag") }
            let note = try await save(user: user, profile: profile, etag: etag, rateLimit: rateLimit, markingSeen: markingSeen, now: now)
            let renamed = user.login.lowercased() == login.lowercased() ? nil : login
            return ProfileDetails(
                user: user, profile: profile, note: note?.text, seen: markingSeen || cached?.details.seen == true, renamedFrom: renamed, fetchedAt: now, source: .network)
        } catch GitHubAPIError.notFound {
            try await database.write { db in try StoreService.Users.markGone(id: id, db) }
            guard let cached else { throw CombinedServiceError.accountGone(login: login) }
            var details = try await fromCache(cached, .staleCache(reason: "GitHub no longer has this account: deleted or suspended"))
            details.gone = true
            return details
        }
    }

    /// Saves a fetched profile and its user in one transaction (the user through the one save
    /// of users: not gone any more, since it answered), which can also mark the user as seen
    /// and records the response's rate limit; returns the note on the user, read in the same
    /// transaction for showing it.
    @discardableResult
    func save(
        user: User, profile: Profile, etag: String?, rateLimit: RateLimit?, markingSeen: Bool = false, now: Date = Date()
    ) async throws -> Note? {
        try await database.write { db in
            try Self.save(user: user, profile: profile, etag: etag, rateLimit: rateLimit, markingSeen: markingSeen, now: now, db)
        }
    }

    /// ``save(user:profile:etag:rateLimit:markingSeen:now:)`` inside the caller's transaction.
    @discardableResult
    package static func save(
        user: User, profile: Profile, etag: String?, rateLimit: RateLimit? = nil, markingSeen: Bool = false, now: Date = Date(), _ db: Database
    ) throws -> Note? {
        do {
            try StoreService.Users.Save(now: now)([user], db)
            try StoreService.Profiles.save(profile, userID: user.id, etag: etag, now: now, db)
            if markingSeen { try StoreService.Users.markSeen(id: user.id, db) }
            try StoreService.Sync.record(rateLimit, db)
            return try StoreService.Notes.find(login: user.login, db)?.note
        }
    }
}
