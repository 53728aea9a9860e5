import ArgumentParser
import GHUsersKit

extension GHUsersCommand {
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List cached users in id order, from the local cache only.")

        @OptionGroup var options: GlobalOptions

        @OptionGroup var avatarOptions: AvatarOptions

        @Option(help: "Show at most this many users.")
        var limit: Int?

        @Option(help: ArgumentHelp("Start after this user id.", valueName: "id"))
        var after: Int64 = 0

        func validate() throws {
            if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more.") }
            guard after >= 0 else { throw ValidationError("--after must be a user id, 0 or more.") }
        }

        func run() async throws {
            try await CommandRunner.run(options) { service in
                if let avatars = AvatarPrinter(options: options, avatars: avatarOptions, service: service) {
                    return try await avatars.list(after: after, limit: limit)
                }
                var printer = RowPrinter(options: options)
                try service.list(after: after, limit: limit) { printer.print($0) }
                printer.finish()
            }
        }
    }
}
