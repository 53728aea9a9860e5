import ArgumentParser
import Foundation
import GHUsersKit

extension GHUsersCommand {
    struct Refresh: AsyncParsableCommand, NetworkDeclaring {
        static let configuration = CommandConfiguration(
            commandName: "refresh",
            abstract: "Revalidate cached pages from the start, updating users that changed.",
            discussion: """
                Each cached page is asked for again with its ETag: an unchanged page answers 304, \
                a changed one is saved again, and accounts GitHub no longer lists are marked gone \
                (kept, with their notes). A 304 costs no rate limit only with a token (GH_TOKEN; \
                GitHub counts every request without one, 60 an hour): without one, refresh says \
                first how many requests it may make. At the rate limit it stops (exit 6) and the \
                next refresh goes on from there; so does one after --pages. Notes, seen marks and \
                the next-page cursor are kept.
                """ + "\n\n" + network.sentence)

        static let network = NetworkUse.asks("every cached page of GitHub's users list again, with its ETag", options: [])

        @OptionGroup var options: GlobalOptions

        @Option(parsing: .unconditional, help: "Revalidate at most this many pages (default: every cached page).")
        var pages: Int?

        func validate() throws {
            if let pages, pages < 1 { throw ValidationError("--pages must be 1 or more.") }
        }

        func run() async throws {
            await CommandRunner.run(options.settings) { service in
                let summary = try await service.refresh(pages: pages) { plan in
                    guard !plan.authorized else { return }
                    Messages.notice(Self.costNotice(plan))
                }
                if options.json {
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = [.sortedKeys]
                    OutputStream.standardOutput.write(String(decoding: try encoder.encode(summary), as: UTF8.self) + "\n")
                } else {
                    Messages.notice(
                        "revalidated \(summary.pages) page\(summary.pages == 1 ? "" : "s"): \(summary.notModified) unchanged, \(summary.updated) updated (\(summary.users) user\(summary.users == 1 ? "" : "s") saved)"
                            + (summary.next.map { "; the next refresh goes on from id \($0)" } ?? "")
                    )
                }
            }
        }

        /// What a refresh without a token may cost, against what is left.
        static func costNotice(_ plan: CombinedService.RefreshPlan) -> String {
            var text = "without a token every request counts, a 304 too: this refresh may make up to \(plan.pages) request\(plan.pages == 1 ? "" : "s")"
            if plan.from > 0 { text += " (going on from id \(plan.from))" }
            if let rate = plan.rateLimit {
                let left = rate.reset < Date() ? rate.limit : rate.remaining
                text += "; \(left) of \(rate.limit) left at the last answer"
            }
            return text + "; with a token: 5,000 an hour, and unchanged pages are free"
        }
    }
}
