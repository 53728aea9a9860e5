/// One match of a local search.
public enum SearchResult: Sendable, Hashable {
    /// A cached user whose login or note matches.
    case user(UserDetails)
    /// A note on a user who is not cached yet, whose login or text matches.
    case note(Note)

    /// The matched login.
    public var login: String {
        switch self {
        case .user(let details): details.user.login
        case .note(let note): note.login
        }
    }
}
