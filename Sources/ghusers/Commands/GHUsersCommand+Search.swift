import ArgumentParser
import Foundation
import GHUsersKit

extension GHUsersCommand {
    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "search",
            abstract: "Search cached logins and your notes, locally.",
            discussion: """
                Case-insensitive. The user whose login equals the query comes first, then every \
                user whose login or note matches, in id order, then notes on users not cached \
                yet. Never uses the network.

                The query takes fzf's extended syntax: space-separated terms must all match. \
                `word` (or `'word`): the login or note contains it. `^pre`: the login starts \
                with pre. `suf$`: the login ends with suf. `^login$`: the login is login. \
                `!term`: excludes the users the term matches. Example: ghusers search 'ma !bot ^a'.
                """)

        @OptionGroup var options: GlobalOptions

        @OptionGroup var avatarOptions: AvatarOptions

        @Argument(
            help: ArgumentHelp(
                "The text to look for. Several words are one query, joined by spaces (each a term that must match): `ghusers search ka ro` is `ghusers search 'ka ro'`.",
                valueName: "query"))
        var words: [String] = []

        /// The query: the words joined by one space.
        var query: String {
            words.joined(separator: " ")
        }

        func validate() throws {
            try Self.validate(query: query)
        }

        /// Refuses an empty or overlong query (also used by ``FastPath``).
        static func validate(query: String) throws {
            let trimmed = query.trimmed
            guard !trimmed.isEmpty else { throw ValidationError("The search text is empty; pass some text, like `ghusers search moj`.") }
            guard trimmed.count <= 256 else { throw ValidationError("The search text is longer than 256 characters; shorten it.") }
        }

        var invocation: Invocation { .search(options.settings, avatars: avatarOptions.avatars, query: query) }

        func run() async throws {
            await invocation.run()
        }

        nonisolated(nonsending) static func run(_ settings: GlobalSettings, avatars avatarMode: AvatarMode, query: String) async -> Never {
            await CommandRunner.run(settings) { service in
                var printer = RowPrinter(settings: settings)
                let avatars = AvatarPrinter(settings: settings, avatars: avatarMode, service: service)
                var users: [UserDetails] = []
                try service.search(query.trimmed) { result in
                    // Rows with avatars are drawn in batches; notes on uncached users keep the plain row.
                    if avatars != nil, case .user(let details) = result { users.append(details) } else { printer.print(result) }
                }
                try await avatars?.print(scattered: users)
                avatars?.finish()
                printer.finish()
                if printer.count + users.count == 0 && !settings.json {
                    Messages.notice("no cached user or note matches '\(TerminalSanitizer.sanitize(query, keepNewlines: false))'")
                }
            }
        }
    }
}
