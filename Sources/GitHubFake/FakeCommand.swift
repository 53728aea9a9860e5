/// One change to a running fake's state, asked by a test or a script: the same change whether
/// ``GitHubFakeServer/apply(_:)`` is called in process or the command is sent as JSON to
/// `POST /_fake/command` of a `github-fake` process (as the end-to-end tests do).
public enum FakeCommand: Sendable, Equatable, Codable {
    /// Queue `count` copies of an API fault (``GitHubFakeServer/inject(_:count:)``).
    case inject(Fault, count: Int)
    /// Queue `count` copies of a GraphQL fault.
    case injectGraphQL(GraphQLFault, count: Int)
    /// Clear the counters and the request log.
    case resetStats
    /// Clear faults and stats and start fresh rate-limit windows.
    case reset
    /// Give user `id` a new login.
    case rename(id: Int, login: String)
    /// Delete (or suspend) account `id`.
    case delete(id: Int)
    /// Bring back account `id`.
    case restore(id: Int)
    /// Change (or, with `nil`, null) a text field of a profile.
    case setProfileText(login: String, field: ProfileTextField, value: String?)
    /// Move the clock of expiring avatar tokens `seconds` ahead.
    case advanceAvatarTokenClock(seconds: Int)
}
