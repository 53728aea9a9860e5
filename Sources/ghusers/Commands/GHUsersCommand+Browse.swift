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
                h/l across the grid, r retries a failed page, ^L redraws, ? help, q quits. The \
                mouse wheel scrolls. Needs a terminal on stdin and stdout.
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
            await CommandRunner.run(settings) { service in
                var pipeline: AvatarPipeline?
                if avatarMode != .never, (try? ImageLibraries.loadAll()) != nil {
                    pipeline = service.makeAvatarPipeline(
                        sizeLimit: AvatarOptions.cacheSizeLimit(environment: settings.environment), networkFailurePause: 15)
                }
                let view = BrowserView(
                    drawer: AvatarDrawer(mode: GraphicsMode.detect(environment: settings.environment)),
                    color: settings.colorsStandardOutput)
                try await BrowserRuntime(service: service, pipeline: pipeline, view: view).run()
            }
        }
    }
}
