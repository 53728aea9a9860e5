import Foundation

/// A profile as the cache holds it: with its ETag and when it was fetched.
public struct CachedProfile: Sendable, Hashable {
    public var details: UserDetails
    public var profile: Profile
    public var etag: String?
    public var fetchedAt: Date
    /// Whether some of its fields are unknown (an organization prefetched over GraphQL, which
    /// has no followers, following, gists, company or bio for it): `profile` completes it over
    /// REST, and `profile --json` never prints it as complete.
    public var partial: Bool

    /// Creates a cached profile.
    public init(details: UserDetails, profile: Profile, etag: String?, fetchedAt: Date, partial: Bool = false) {
        self.details = details
        self.profile = profile
        self.etag = etag
        self.fetchedAt = fetchedAt
        self.partial = partial
    }
}
