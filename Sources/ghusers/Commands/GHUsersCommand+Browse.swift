import ArgumentParser
import Foundation
import GHUsersKit

extension GHUsersCommand {
    struct Browse: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "browse",
            abstract: "Browse the cached users full screen; the next page loads as you near the end.",
            discussion: """
                Keys: j/k or arrows move, PgDn/Space/^D and PgUp/^U a screen, g/G first and last, \
                h/l across the grid; Enter opens the profile pane (Esc closes it); / searches \
                logins and notes as you type; e edits the note in $VISUAL or $EDITOR, x deletes \
                it; o opens the GitHub page; r retries the network now; ^L redraws; ? help; q \
                quits. The mouse wheel scrolls. Changes made by other ghusers processes show \
                within a second. When the network is down the browser says so, keeps working \
                from the cache and retries by itself. Needs a terminal on stdin and stdout.
                """)

        @OptionGroup var options: GlobalOptions

        @OptionGroup var avatarOptions: AvatarOptions

        func validate() throws {
            if options.json { throw ValidationError("browse is interactive and has no --json; use `ghusers list --json`.") }
        }

        func run() async throws {
            let settings = options.settings
            // Before the database is opened: one line, the usage exit code.
            do {
                try TerminalSession.check(environment: settings.environment)
            } catch {
                Messages.error(error)
                Foundation.exit(ExitStatus.usage.rawValue)
            }
            let avatarMode = avatarOptions.avatars
            let retries = RetryRelay()
            // Requests that fail for want of a network are retried until it is back (the
            // browser shows a banner meanwhile), on the usual schedule capped at 8 s.
            await CommandRunner.run(
                settings, waitForNetwork: true,
                configure: { $0.retryPolicy.maxDelay = .seconds(BrowserModel.retryCap) },
                onRetry: retries.send
            ) { service in
                var pipeline: AvatarPipeline?
                if avatarMode != .never, (try? ImageLibraries.loadAll()) != nil {
                    pipeline = service.makeAvatarPipeline(
                        sizeLimit: AvatarOptions.cacheSizeLimit(environment: settings.environment), networkFailurePause: 15)
                }
                let view = BrowserView(
                    drawer: AvatarDrawer(mode: GraphicsMode.detect(environment: settings.environment)),
                    color: settings.colorsStandardOutput)
                try await BrowserRuntime(
                    service: service, pipeline: pipeline, view: view, editor: NoteEditor(environment: settings.environment),
                    retries: retries
                ).run()
            }
        }
    }
}
