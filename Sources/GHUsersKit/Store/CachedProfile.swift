import Foundation

/// A profile as the cache holds it: with its ETag and when it was fetched.
public struct CachedProfile: Sendable, Hashable {
    public var details: UserDetails
    public var profile: Profile
    public var etag: String?
    public var fetchedAt: Date
    /// The fields whose values are unknown (an organization's followers, which GraphQL has
    /// not; an email not asked; a field GitHub nulled with an error): `profile` completes them
    /// over REST when it is online, and `profile --json` says so when it prints them `null`.
    public var unknown: Set<Profile.Field>
    /// Whether some field is unknown.
    public var partial: Bool { !unknown.isEmpty }

    /// Creates a cached profile.
    public init(details: UserDetails, profile: Profile, etag: String?, fetchedAt: Date, unknown: Set<Profile.Field> = []) {
        self.details = details
        self.profile = profile
        self.etag = etag
        self.fetchedAt = fetchedAt
        self.unknown = unknown
    }
}
