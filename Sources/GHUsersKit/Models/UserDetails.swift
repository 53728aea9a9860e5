/// A user together with what ghusers knows of it locally: a user row as the commands show it.
public struct UserDetails: Sendable, Hashable {
    /// The user as the list returned it.
    public var user: User
    /// The private local note, if any.
    public var note: String?
    /// Whether the user's profile has been shown.
    public var seen: Bool

    /// Creates a row.
    public init(user: User, note: String? = nil, seen: Bool = false) {
        self.user = user
        self.note = note
        self.seen = seen
    }
}
