import ArgumentParser
import Foundation
import GHUsersKit

extension GHUsersCommand {
    struct Refresh: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "refresh",
            abstract: "Revalidate cached pages from the start, updating users that changed.",
            discussion: """
                Each cached page is asked for again with its ETag: an unchanged page costs a 304 \
                and no rate limit; a changed one is saved again. Notes and seen marks are kept; \
                the next-page cursor does not move.
                """)

        @OptionGroup var options: GlobalOptions

        @Option(help: "Revalidate at most this many pages (default: every cached page).")
        var pages: Int?

        func validate() throws {
            if let pages, pages < 1 { throw ValidationError("--pages must be 1 or more.") }
        }

        func run() async throws {
            await CommandRunner.run(options.settings) { service in
                let summary = try await service.refresh(pages: pages)
                if options.json {
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = [.sortedKeys]
                    OutputStream.standardOutput.write(String(decoding: try encoder.encode(summary), as: UTF8.self) + "\n")
                } else {
                    Messages.notice(
                        "revalidated \(summary.pages) page\(summary.pages == 1 ? "" : "s"): \(summary.notModified) unchanged, \(summary.updated) updated (\(summary.users) users saved)"
                    )
                }
            }
        }
    }
}
