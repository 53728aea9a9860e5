import ArgumentParser
import Foundation
import GHUsersKit

extension GHUsersCommand {
    struct Refresh: AsyncParsableCommand, NetworkDeclaring {
        static let configuration = CommandConfiguration(
            commandName: "refresh",
            abstract: "Revalidate the cached pages of the users list, then ask every kept query again, naming what changed.",
            discussion: """
                Each cached page is asked for again with its ETag: an unchanged page answers 304, \
                a changed one is saved again, and accounts GitHub no longer lists are marked gone \
                (kept, with their notes). A 304 costs no rate limit only with a token (GH_TOKEN; \
                GitHub counts every request without one, 60 an hour): without one, refresh says \
                first how many requests it may make. Then every query `search --online` kept \
                (`ghusers searches`) is asked again, the one run longest ago first, each naming \
                on stderr the accounts that joined and left GitHub's answer (a deleted one is \
                marked gone) and the changes of the fields it names; --query TEXT asks one. It \
                says its plan before the first request. At the rate limit it stops (exit 6) and \
                the next refresh goes on from there; so does one after --pages or Ctrl-C (exit \
                130). Notes, seen marks and the next-page cursor are kept.
                """ + "\n\n" + network.sentence)

        static let network = NetworkUse.asks(
            "every cached page of GitHub's users list again, with its ETag, then GitHub's user search for each kept query", options: ["--query"])

        @OptionGroup var options: GlobalOptions

        @Option(parsing: .unconditional, help: "Revalidate at most this many pages (default: every cached page).")
        var pages: Int?

        @Option(help: ArgumentHelp("Ask only this kept query again (as search --online was given it), not the pages.", valueName: "text"))
        var query: String?

        func validate() throws {
            if let pages, pages < 1 { throw ValidationError("--pages must be 1 or more.") }
        }

        func run() async throws {
            await CommandRunner.run(options.settings, interruptible: true) { [pages, query, options] service in
                var kept = try await service.keptQueries().sorted { $0.lastRunAt < $1.lastRunAt }
                if let query { kept = [try await GHUsersCommand.Searches.kept(query, service: service)] }
                let cursor = try await service.syncState().cursor
                let walked = query == nil && cursor != nil
                guard walked || !kept.isEmpty else { throw CombinedServiceError.nothingToRefresh }
                if !kept.isEmpty {
                    let (requests, points) = kept.reduce((0, 0)) { ($0.0 + $1.requests, $0.1 + $1.points) }
                    Messages.notice(
                        "refresh: \(walked ? "the cached pages, then " : "")\(kept.count) kept quer\(kept.count == 1 ? "y" : "ies"), "
                            + "about \(requests) request\(requests == 1 ? "" : "s") and \(points) GraphQL point\(points == 1 ? "" : "s") as their last runs")
                }
                let summary =
                    walked
                    ? try await service.refresh(pages: pages) { plan in
                        guard !plan.authorized else { return }
                        Messages.notice(Self.costNotice(plan))
                    } : nil
                if let summary, !options.json {
                    Messages.notice(
                        "revalidated \(summary.pages) page\(summary.pages == 1 ? "" : "s"): \(summary.notModified) unchanged, \(summary.updated) updated (\(summary.users) user\(summary.users == 1 ? "" : "s") saved)"
                            + (summary.next.map { "; the next refresh goes on from id \($0)" } ?? ""))
                }
                var asked: [(KeptQuery, CombinedService.OnlineSearchSummary)] = []
                for one in kept {
                    let result = try await GHUsersCommand.Search.fill(service, query: one.query)
                    for line in ChangeNotices.lines(result.changes ?? .none, query: one.query) { Messages.notice("\(one.query): " + line) }
                    asked.append((one, result))
                }
                guard options.json else { return }
                var writer = JSONWriter()
                writer.beginObject()
                writer.field("pages", summary?.pages ?? 0)
                writer.field("not_modified", summary?.notModified ?? 0)
                writer.field("updated", summary?.updated ?? 0)
                writer.field("users", summary?.users ?? 0)
                writer.field("from", summary?.from ?? 0)
                writer.field("next", summary?.next)
                writer.beginArray("searches")
                for (one, result) in asked {
                    writer.beginElement()
                    writer.field("query", one.query)
                    writer.field("github_count", result.gitHubCount)
                    writer.field("kept", result.kept)
                    writer.field("requests", result.requests)
                    writer.field("points", result.points)
                    writer.beginObject("changes")
                    ChangeNotices.write(result.changes ?? .none, to: &writer)
                    writer.endObject()
                    writer.endObject()
                }
                writer.endArray()
                writer.endObject()
                OutputStream.standardOutput.write(bytes: writer.bytes + [0x0A])
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
