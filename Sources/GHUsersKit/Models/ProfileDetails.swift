import Foundation

/// A profile with its user, its local note and where it came from: what `ghusers profile` shows.
public struct ProfileDetails: Sendable, Hashable {
    /// Where a shown profile came from.
    public enum Source: Sendable, Hashable {
        /// Fetched now (or revalidated with a `304 Not Modified`).
        case network
        /// Cached and fresh enough: no request was made.
        case cache
        /// Cached, shown because the network could not be used; `reason` says why.
        case staleCache(reason: String)
    }

    public var user: User
    public var profile: Profile
    public var note: String?
    public var seen: Bool
    /// Whether GitHub no longer has the account (``UserDetails/gone``).
    public var gone: Bool
    /// The login asked for, when GitHub knows the account under another one now (renamed):
    /// ``user`` has the new login.
    public var renamedFrom: String?
    /// When the profile was last fetched or revalidated.
    public var fetchedAt: Date
    public var source: Source
    /// The fields whose values are unknown (``CachedProfile/unknown``): shown as unknown,
    /// never 0, and written `null` with a notice.
    public var unknown: Set<Profile.Field> = []
    /// Whether some field is unknown.
    public var partial: Bool { !unknown.isEmpty }

    /// Creates profile details.
    public init(
        user: User, profile: Profile, note: String?, seen: Bool, gone: Bool = false, renamedFrom: String? = nil, fetchedAt: Date,
        source: Source
    ) {
        self.user = user
        self.profile = profile
        self.note = note
        self.seen = seen
        self.gone = gone
        self.renamedFrom = renamedFrom
        self.fetchedAt = fetchedAt
        self.source = source
    }
}
