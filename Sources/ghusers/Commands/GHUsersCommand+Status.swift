import ArgumentParser
import Foundation
import GHUsersKit

extension GHUsersCommand {
    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Show where the data lives, what is cached, and the pagination and rate-limit state.")

        @OptionGroup var options: GlobalOptions

        func run() async throws {
            await CommandRunner.run(options.settings) { service in
                let status = try service.status()
                if options.json {
                    var writer = JSONWriter()
                    writer.beginObject()
                    writer.field("database", status.paths.database.path)
                    writer.field("cache", status.paths.cacheDirectory.path)
                    writer.field("api_url", service.configuration.apiURL.absoluteString)
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
                    writer.endObject()
                    OutputStream.standardOutput.write(bytes: writer.bytes + [0x0A])
                    return
                }
                let stats = status.statistics
                var rows: [(String, String)] = [
                    ("database", status.paths.database.path),
                    ("cache", status.paths.cacheDirectory.path),
                    ("api", service.configuration.apiURL.absoluteString),
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
                for (label, value) in rows {
                    OutputStream.standardOutput.write(label.padding(toLength: 11, withPad: " ", startingAt: 0) + value + "\n")
                }
            }
        }
    }
}
