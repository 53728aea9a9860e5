/// A user together with what ghusers knows of it locally: a user row as the commands show it.
public struct UserDetails: Sendable, Hashable {
    /// The user as the list returned it.
    public var user: User
    /// The private local note, if any.
    public var note: String?
    /// Whether the user's profile has been shown.
    public var seen: Bool
    /// Whether GitHub no longer has this account: deleted or suspended (it dropped out of
    /// `GET /users`, or its login and its id both answered 404). Kept, with its note.
    public var gone: Bool

    /// Creates a row.
    public init(user: User, note: String? = nil, seen: Bool = false, gone: Bool = false) {
        self.user = user
        self.note = note
        self.seen = seen
        self.gone = gone
    }
}
