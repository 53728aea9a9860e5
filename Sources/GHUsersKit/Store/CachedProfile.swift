import Foundation

/// A profile as the cache holds it: with its ETag and when it was fetched.
public struct CachedProfile: Sendable, Hashable {
    public var details: UserDetails
    public var profile: Profile
    public var etag: String?
    public var fetchedAt: Date

    /// Creates a cached profile.
    public init(details: UserDetails, profile: Profile, etag: String?, fetchedAt: Date) {
        self.details = details
        self.profile = profile
        self.etag = etag
        self.fetchedAt = fetchedAt
    }
}
