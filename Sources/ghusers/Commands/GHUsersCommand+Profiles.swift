import ArgumentParser
import Foundation
import GHUsersKit

extension GHUsersCommand {
    struct Profiles: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "profiles",
            abstract: "Work with the cached profiles.",
            subcommands: [Prefetch.self])
    }
}

extension GHUsersCommand.Profiles {
    struct Prefetch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "prefetch",
            abstract: "Fetch the profile of every cached user that has none, 100 to a GraphQL request, before going offline.",
            discussion: """
                Asks GitHub's GraphQL API for 100 profiles at a time by node id (5 of its 5,000 \
                points an hour per 100 profiles), one request at a time, with a progress bar on \
                stderr when it is a terminal. GraphQL needs a token; --rest fetches over REST \
                instead, one request per profile. At a used-up rate limit it stops with what it \
                saved (exit 6); run it again to go on. Organizations are stored partial (GraphQL \
                has no followers, following, gists, company or bio for them): `profile` completes \
                one over REST. Never marks a user seen.
                """)

        @OptionGroup var options: GlobalOptions

        @Flag(help: "Also fetch again the profiles older than an hour.")
        var stale = false

        @Option(help: "Fetch at most this many profiles.")
        var limit: Int?

        @Flag(help: "Fetch over REST, one request per profile (no token needed).")
        var rest = false

        func validate() throws {
            if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more.") }
        }

        func run() async throws {
            await CommandRunner.run(options.settings) { service in
                let progress = ProgressLine()
                let summary: CombinedService.PrefetchSummary
                do {
                    summary = try await service.prefetchProfiles(stale: stale, limit: limit, overREST: rest) { state in
                        progress.bar(done: state.done, total: state.total, Self.describe(state.rateLimit, rest: rest))
                    }
                } catch {
                    progress.finish()
                    throw error
                }
                progress.finish()
                Messages.notice(Self.sentence(summary))
            }
        }

        /// `profiles · 4,996 points left · resets in 59 min`.
        static func describe(_ rate: RateLimit?, rest: Bool, now: Date = Date()) -> String {
            guard let rate else { return "profiles" }
            let minutes = max(0, Int(rate.reset.timeIntervalSince(now) / 60))
            return "profiles · \(rate.remaining) \(rest ? "requests" : "points") left · resets in \(minutes) min"
        }

        /// What a finished run did, in one line.
        static func sentence(_ summary: CombinedService.PrefetchSummary) -> String {
            var parts = ["prefetched \(summary.saved) profile\(summary.saved == 1 ? "" : "s")"]
            if summary.graphQLRequests > 0 {
                parts.append("\(summary.graphQLRequests) GraphQL request\(summary.graphQLRequests == 1 ? "" : "s") (\(summary.points) point\(summary.points == 1 ? "" : "s"))")
            }
            if summary.restRequests > 0 { parts.append("\(summary.restRequests) REST request\(summary.restRequests == 1 ? "" : "s")") }
            if summary.partial > 0 {
                parts.append("\(summary.partial) organization\(summary.partial == 1 ? "" : "s") partial (`ghusers profile LOGIN` completes one)")
            }
            if summary.renamed > 0 { parts.append("\(summary.renamed) renamed") }
            if summary.gone > 0 { parts.append("\(summary.gone) gone from GitHub") }
            return parts.joined(separator: "; ")
        }
    }
}
