import GHUsersKit

/// A read command with its arguments as plain values: what ``FastPath`` and ArgumentParser
/// both produce for `search`, `profile` and `list`, and what runs them.
enum Invocation: Equatable, Sendable {
    /// `ghusers search QUERY [--limit N] [--online]`.
    case search(GlobalSettings, avatars: AvatarMode, query: String, limit: Int?, online: Bool = false)
    /// `ghusers profile LOGIN [--refresh]`.
    case profile(GlobalSettings, avatars: AvatarMode, login: String, refresh: Bool)
    /// `ghusers list [--limit N] [--after ID]`.
    case list(GlobalSettings, avatars: AvatarMode, limit: Int?, after: Int64)

    /// Runs the command, then ends the process (``CommandRunner``).
    nonisolated(nonsending) func run() async -> Never {
        switch self {
        case .search(let settings, let avatars, let query, let limit, let online):
            await GHUsersCommand.Search.run(settings, avatars: avatars, query: query, limit: limit, online: online)
        case .profile(let settings, let avatars, let login, let refresh):
            await GHUsersCommand.Profile.run(settings, avatars: avatars, login: login, refresh: refresh)
        case .list(let settings, let avatars, let limit, let after):
            await GHUsersCommand.List.run(settings, avatars: avatars, limit: limit, after: after)
        }
    }
}
