import ArgumentParser
import GHUsersKit

extension GHUsersCommand {
    struct List: AsyncParsableCommand, NetworkDeclaring {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List cached users in id order, from the cache.",
            discussion: network.sentence)

        static let network = NetworkUse.avatars

        @OptionGroup var options: GlobalOptions

        @OptionGroup var avatarOptions: AvatarOptions

        @OptionGroup var rowFormat: RowFormatOptions

        @Option(parsing: .unconditional, help: "Show at most this many users.")
        var limit: Int?

        @Option(parsing: .unconditional, help: ArgumentHelp("Start after this user id.", valueName: "id"))
        var after: Int64 = 0

        func validate() throws {
            try rowFormat.applied(to: options.settings).validate()
            try Self.validate(limit: limit, after: after)
        }

        /// Refuses a limit under 1 or a negative id (also used by ``FastPath``).
        static func validate(limit: Int?, after: Int64) throws {
            if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more.") }
            guard after >= 0 else { throw ValidationError("--after must be a user id, 0 or more.") }
        }

        var invocation: Invocation { .list(rowFormat.applied(to: options.settings), avatars: avatarOptions.avatars, limit: limit, after: after) }

        func run() async throws {
            await invocation.run()
        }

        nonisolated(nonsending) static func run(_ settings: GlobalSettings, avatars avatarMode: AvatarMode, limit: Int?, after: Int64) async -> Never {
            await CommandRunner.run(settings) { service in
                if let avatars = AvatarPrinter(settings: settings, avatars: avatarMode, service: service) {
                    try await avatars.list(after: after, limit: limit)
                    return avatars.finish()
                }
                var printer = RowPrinter(settings: settings)
                if printer.readsProfiles {
                    // For scripts, each user with its cached profile (`"profile"`, null when none).
                    try await service.listWithProfiles(after: after, limit: limit) { printer.print($0, profile: .some($1)) }
                } else {
                    try await service.list(after: after, limit: limit) { printer.print($0) }
                }
                printer.finish()
                // An empty home: say what fills it (stderr, so a script reading stdout sees `[]` or nothing).
                if printer.count == 0, after == 0, await (try? service.status().statistics.users) == 0 {
                    Messages.notice("nothing is cached yet; `ghusers next-page` fetches the first page")
                }
            }
        }
    }
}
