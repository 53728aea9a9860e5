import ArgumentParser
import Foundation
import GHUsersKit

extension GHUsersCommand {
    struct Status: AsyncParsableCommand, NetworkDeclaring {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Show where the data lives, what is cached, and the pagination and rate-limit state.",
            discussion: """
                Each GitHub site (API root) has a cache of its own; status describes the current \
                site's and lists the other sites kept in the same home with their counts.
                """ + "\n\n" + network.sentence)

        static let network = NetworkUse.never

        @OptionGroup var options: GlobalOptions

        func run() async throws {
            await CommandRunner.run(options.settings) { service in
                let status = try await service.status()
                if options.json {
                    var writer = JSONWriter()
                    writer.beginObject()
                    writer.field("database", status.paths.database.path)
                    writer.field("cache", status.paths.cacheDirectory.path)
                    writer.field("api_url", service.configuration.apiURL.absoluteString)
                    writer.field("site", status.paths.site?.key)
                    writer.field("users", status.statistics.users)
                    writer.field("profiles", status.statistics.profiles)
                    writer.field("notes", status.statistics.notes)
                    writer.field("seen", status.statistics.seen)
                    writer.field("pages", status.statistics.pages)
                    writer.field("page_size", status.sync.pageSize)
                    writer.field("cursor", status.sync.cursor)
                    writer.field("end_reached", status.sync.endReached)
                    writer.field("last_sync", status.sync.lastSyncAt.map(Timestamp.iso8601))
                    writer.field("rate_limit", status.sync.rateLimit?.limit)
                    writer.field("rate_remaining", status.sync.rateLimit?.remaining)
                    writer.field("rate_reset", status.sync.rateLimit.map { Timestamp.iso8601($0.reset) })
                    writer.beginArray("rate_limits")
                    for rate in status.rateLimits {
                        writer.beginElement()
                        writer.field("resource", rate.resource)
                        writer.field("limit", rate.limit)
                        writer.field("remaining", rate.remaining)
                        writer.field("reset", Timestamp.iso8601(rate.reset))
                        writer.endObject()
                    }
                    writer.endArray()
                    writer.beginArray("other_sites")
                    for other in status.otherSites {
                        writer.beginElement()
                        writer.field("api_url", other.apiRoot)
                        writer.field("site", other.key)
                        writer.field("users", other.statistics.users)
                        writer.field("profiles", other.statistics.profiles)
                        writer.field("notes", other.statistics.notes)
                        writer.field("pages", other.statistics.pages)
                        writer.endObject()
                    }
                    writer.endArray()
                    writer.endObject()
                    OutputStream.standardOutput.write(bytes: writer.bytes + [0x0A])
                    return
                }
                let stats = status.statistics
                var rows: [(String, String)] = [
                    ("database", status.paths.database.path),
                    ("cache", status.paths.cacheDirectory.path),
                    ("api", service.configuration.apiURL.absoluteString),
                    ("site", status.paths.site?.key ?? "-"),
                    ("users", "\(stats.users) in \(stats.pages) page\(stats.pages == 1 ? "" : "s")"),
                    ("profiles", String(stats.profiles)),
                    ("notes", String(stats.notes)),
                    ("seen", String(stats.seen)),
                    ("page size", status.sync.pageSize.map(String.init) ?? "not known yet (set by the first page)"),
                    ("cursor", status.sync.cursor.map { "after user \($0)" + (status.sync.endReached ? " (end of the list)" : "") } ?? "start"),
                    ("last sync", status.sync.lastSyncAt.map(Timestamp.iso8601) ?? "never"),
                ]
                if let rate = status.sync.rateLimit {
                    rows.append(("rate limit", "\(rate.remaining) of \(rate.limit) left, resets \(Timestamp.iso8601(rate.reset))"))
                } else {
                    rows.append(("rate limit", "not known yet"))
                }
                // GraphQL's own budget, in points (`profiles prefetch`): it never stops REST paging.
                if let rate = status.rateLimits.first(where: { $0.resource == RateLimit.graphQL }) {
                    rows.append(("graphql", "\(rate.remaining) of \(rate.limit) points left, resets \(Timestamp.iso8601(rate.reset))"))
                }
                if status.otherSites.isEmpty { rows.append(("others", "none")) }
                for (index, other) in status.otherSites.enumerated() {
                    rows.append((index == 0 ? "others" : "", "\(other.apiRoot): \(other.statistics.users) users in \(other.statistics.pages) page\(other.statistics.pages == 1 ? "" : "s"), \(other.statistics.notes) note\(other.statistics.notes == 1 ? "" : "s")"))
                }
                for (label, value) in rows {
                    OutputStream.standardOutput.write(label.padding(toLength: 11, withPad: " ", startingAt: 0) + value + "\n")
                }
            }
        }
    }
}
