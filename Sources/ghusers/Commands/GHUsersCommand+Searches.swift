import ArgumentParser
import Foundation
import GHUsersKit

extension GHUsersCommand {
    struct Searches: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "searches",
            abstract: "The queries search --online keeps: list them, show what their last run changed, forget one.",
            discussion: """
                Every query `search --online` (or browse's ^O) runs to the end is kept: what GitHub \
                is asked (the words only the cache answers apart), when it ran, its cost, GitHub's \
                count and the accounts GitHub gave. `refresh` asks every kept query again and names \
                what joined, left and changed.
                """,
            subcommands: [List.self, Show.self, Forget.self],
            defaultSubcommand: List.self)

        /// The kept query of `text` (as `search --online` was given it).
        ///
        /// - Throws: a `ValidationError` (exit 64) when it is not kept.
        static func kept(_ text: String, service: CombinedService) async throws -> KeptQuery {
            let form = SearchQuery.gitHubForm(text.trimmed)
            guard let kept = try await service.keptQuery(form) else {
                throw ValidationError("“\(form.query)” is not a kept query; `ghusers searches` lists them.")
            }
            return kept
        }

        /// One kept query as `--json` gives it.
        static func write(_ kept: KeptQuery, to writer: inout JSONWriter, changes: Bool) {
            writer.beginElement()
            writer.field("query", kept.query)
            writer.field("first_run", Timestamp.iso8601(kept.firstRunAt))
            writer.field("last_run", Timestamp.iso8601(kept.lastRunAt))
            writer.field("github_count", kept.gitHubCount)
            writer.field("kept", kept.kept)
            writer.field("joined", kept.joined)
            writer.field("left", kept.left)
            writer.field("requests", kept.requests)
            writer.field("points", kept.points)
            if changes {
                writer.beginObject("changes")
                ChangeNotices.write(kept.changes, to: &writer)
                writer.endObject()
            }
            writer.endObject()
        }
    }
}

extension GHUsersCommand.Searches {
    struct List: AsyncParsableCommand, NetworkDeclaring {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the kept queries: the last run, GitHub's count, the accounts kept, joined and left.",
            discussion: network.sentence)

        static let network = NetworkUse.never

        @OptionGroup var options: GlobalOptions

        func run() async throws {
            await CommandRunner.run(options.settings) { service in
                let all = try await service.keptQueries()
                if options.json {
                    var writer = JSONWriter()
                    writer.beginObject()
                    writer.beginArray("searches")
                    for kept in all { GHUsersCommand.Searches.write(kept, to: &writer, changes: false) }
                    writer.endArray()
                    writer.endObject()
                    OutputStream.standardOutput.write(bytes: writer.bytes + [0x0A])
                    return
                }
                guard !all.isEmpty else {
                    return Messages.notice("no query is kept yet; `ghusers search --online QUERY` keeps the queries it runs")
                }
                for kept in all {
                    let count = kept.gitHubCount.map(String.init) ?? "?"
                    OutputStream.standardOutput.write(
                        "\(kept.query)\t\(Timestamp.iso8601(kept.lastRunAt))\tGitHub \(count) · kept \(kept.kept) · +\(kept.joined) −\(kept.left) · \(kept.points) points\n")
                }
            }
        }
    }

    struct Show: AsyncParsableCommand, NetworkDeclaring {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show what the last run of a kept query changed: who joined, who left and why, what changed.",
            discussion: network.sentence)

        static let network = NetworkUse.never

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The query, as search --online was given it.")
        var query: String

        func run() async throws {
            await CommandRunner.run(options.settings) { [query] service in
                let kept = try await GHUsersCommand.Searches.kept(query, service: service)
                if options.json {
                    var writer = JSONWriter()
                    GHUsersCommand.Searches.write(kept, to: &writer, changes: true)
                    OutputStream.standardOutput.write(bytes: writer.bytes + [0x0A])
                    return
                }
                let count = kept.gitHubCount.map(String.init) ?? "?"
                OutputStream.standardOutput.write(
                    "\(kept.query): last run \(Timestamp.iso8601(kept.lastRunAt)), GitHub \(count), kept \(kept.kept), \(kept.requests) requests, \(kept.points) points\n")
                let lines = ChangeNotices.lines(kept.changes, query: kept.query)
                OutputStream.standardOutput.write((lines.isEmpty ? ["the first run: nothing to compare with"] : lines).joined(separator: "\n") + "\n")
            }
        }
    }

    struct Forget: AsyncParsableCommand, NetworkDeclaring {
        static let configuration = CommandConfiguration(
            commandName: "forget",
            abstract: "Forget a kept query; its accounts stay cached.",
            discussion: network.sentence)

        static let network = NetworkUse.never

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The query, as search --online was given it.")
        var query: String

        func run() async throws {
            await CommandRunner.run(options.settings) { [query] service in
                let kept = try await GHUsersCommand.Searches.kept(query, service: service)
                _ = try await service.forget(SearchQuery.gitHubForm(query.trimmed))
                Messages.notice("forgot the kept query “\(kept.query)”; its \(kept.kept) accounts stay cached")
            }
        }
    }
}
