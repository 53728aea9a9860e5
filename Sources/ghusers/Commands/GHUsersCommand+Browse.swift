import ArgumentParser
import Foundation
import GHUsersKit

extension GHUsersCommand {
    struct Browse: AsyncParsableCommand, NetworkDeclaring {
        static let configuration = CommandConfiguration(
            commandName: "browse",
            abstract: "Browse the cached users full screen; the next page of GitHub's list loads at the end.",
            discussion: """
                Reaching the end of the list fetches one page of GitHub's users list; where \
                searches (search --online) cached accounts beyond the list's walk, the page would \
                land above them, so only n fetches one. Changes made by other ghusers processes \
                show within a second. When the GitHub API cannot be reached the browser says so, \
                keeps working from the cache and retries by itself; a thumbnail that cannot be \
                fetched is marked on its row. A note changed by another process while you edit it \
                is never overwritten: you choose. Needs a terminal on stdin and stdout.
                """ + "\n\n" + network.sentence + "\n\nKeys:\n" + BrowserKeymap.manual)

        static let network = NetworkUse.asks(
            "one page of GitHub's users list at a time (at the end, or with n), the profile in the pane, avatars, and GitHub's user search with ^O; --offline: none",
            options: ["--avatars"])

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
                // The rule every command follows (AvatarMode): auto draws them on a terminal of 256
                // colours or more with a UTF-8 locale, in colour, unless GHUSERS_AVATARS says
                // otherwise; always: still.
                let utf8 = Terminal.isUTF8(environment: settings.environment)
                let drawsAvatars = avatarMode.drawsAvatars(
                    fileDescriptor: 1, json: false, environment: settings.environment, colors: settings.colorsStandardOutput)
                if drawsAvatars, (try? ImageLibraries.loadAll()) != nil {
                    // browse keeps what it drew (a thumbnail's cells, the pane's header) in its
                    // model: decoded pixels are only worth keeping for a redraw at another size,
                    // so 8 MiB, not the one-shot commands' 64 (a 460-pixel header is 846 KB
                    // decoded: 64 MiB of them would take a long session past the 100 MB of
                    // Docs/BENCHMARKS.md).
                    pipeline = service.makeAvatarPipeline(
                        sizeLimit: AvatarOptions.cacheSizeLimit(environment: settings.environment), networkFailurePause: 15,
                        memoryLimit: 8 << 20)
                }
                var editor = NoteEditor(environment: settings.environment)
                editor.drafts = service.configuration.paths.drafts  // nothing typed is lost
                let view = BrowserView(
                    drawer: AvatarDrawer(mode: GraphicsMode.detect(environment: settings.environment)),
                    color: settings.colorsStandardOutput, ascii: !utf8)
                try await BrowserRuntime(
                    service: service, pipeline: pipeline, view: view, editor: editor,
                    retries: retries
                ).run()
            }
        }
    }
}
