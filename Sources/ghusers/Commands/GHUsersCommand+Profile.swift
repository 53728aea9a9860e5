import ArgumentParser
import Foundation
import GHUsersKit

extension GHUsersCommand {
    struct Profile: AsyncParsableCommand, NetworkDeclaring {
        static let configuration = CommandConfiguration(
            commandName: "profile",
            abstract: "Show a user's profile and your note on it, from the cache when fresh.",
            discussion: """
                A cached profile younger than an hour is shown without a request; an older one is \
                revalidated with its ETag. Offline, or when the network fails, the cached profile \
                is shown with a notice. On a terminal, marks the user as seen (browse dims it); \
                --json and piped output, which scripts read, never do.
                """ + "\n\n" + network.sentence)

        static let network = NetworkUse.asks("a profile not cached or older than an hour (--refresh: any), and its avatar on a terminal; offline, the cached profile", options: ["--refresh", "--avatars"])

        @OptionGroup var options: GlobalOptions

        @OptionGroup var avatarOptions: AvatarOptions

        @Argument(help: LoginArgument.help, completion: LoginCompletion.kind)
        var login: String

        @Flag(help: "Ask GitHub even if the cached profile is fresh.")
        var refresh = false

        func validate() throws {
            try LoginArgument.validate(login)
        }

        var invocation: Invocation { .profile(options.settings, avatars: avatarOptions.avatars, login: login, refresh: refresh) }

        func run() async throws {
            await invocation.run()
        }

        nonisolated(nonsending) static func run(_ settings: GlobalSettings, avatars avatarMode: AvatarMode, login: String, refresh: Bool) async -> Never {
            await CommandRunner.run(settings) { service in
                // A person looking marks the user seen; a script reading (a pipe, --json) never does.
                let details = try await service.profile(login: login, refresh: refresh, markingSeen: !settings.json && Terminal.isTerminal(1))
                if let old = details.renamedFrom {
                    Messages.notice("\(old) is now \(details.user.login) on GitHub (the account was renamed); your note and seen mark follow it")
                }
                // Asked for with --offline, the cache is what was wanted: nothing to say.
                if case .staleCache(let reason) = details.source, !settings.offline {
                    let when = Timestamp.iso8601(details.fetchedAt)
                    Messages.notice("showing the profile cached at \(when) (\(reason))")
                }
                if details.partial {
                    // A script that walks every cached user must not stop here: the object is
                    // printed, its unknown fields null, and this says which.
                    let fields = GHUsersKit.Profile.Field.allCases.filter(details.unknown.contains).map(\.rawValue).joined(separator: ", ")
                    // The remedy this run could not take itself: never the very command just run.
                    let them = details.unknown.count == 1 ? "it" : "them"
                    let remedy =
                        if service.database.isReadOnly {
                            "the home is read-only, so nothing fetched can be kept; `ghusers profile \(details.user.login)` fetches \(them) from a home you can write"
                        } else if settings.offline {
                            "`ghusers profile \(details.user.login)` without --offline fetches \(them) over REST"
                        } else {
                            "`ghusers profile \(details.user.login)` fetches \(them) over REST once GitHub can be reached"
                        }
                    Messages.notice(
                        "the cached profile of \(details.user.login) does not know its \(fields)\(settings.json ? " (null here)" : ""); " + remedy)
                }
                if settings.json {
                    var writer = JSONWriter()
                    writer.write(details, links: settings.links)
                    OutputStream.standardOutput.write(bytes: writer.bytes + [0x0A])
                } else {
                    if let avatars = AvatarPrinter(settings: settings, avatars: avatarMode, service: service) {
                        OutputStream.standardOutput.write(await avatars.profileHeader(details))
                        avatars.finish()
                    }
                    OutputStream.standardOutput.write(ProfileFormatter(color: settings.colorsStandardOutput).text(details))
                }
            }
        }
    }
}
