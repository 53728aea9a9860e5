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
    struct Prefetch: AsyncParsableCommand, NetworkDeclaring {
        static let configuration = CommandConfiguration(
            commandName: "prefetch",
            abstract: "Fetch the profile of every cached user that has none, 100 to a GraphQL request, before going offline.",
            discussion: """
                Asks GitHub's GraphQL API for 100 profiles at a time by node id, one request at a \
                time, with a progress bar on stderr when it is a terminal; the summary gives the \
                points GitHub charged. GraphQL needs a token, whose points an hour GitHub sets: \
                5,000 for a user's token, 5,000 to 12,500 for a GitHub App, 1,000 for Actions' \
                GITHUB_TOKEN; an Enterprise Server has no limit unless its admin set one. --rest \
                fetches over REST instead, one request per profile. Emails are asked only of a \
                token that may read them (the user:email or read:user scope); otherwise they \
                stay unknown until `profile` fetches one over REST, as do an organization's \
                followers, which GraphQL has not. An account GitHub will not give (SAML, an IP \
                allow list) stays pending and the run goes on; a query GitHub times out is asked \
                again in halves. At a used-up rate limit it stops with what it saved (exit 6); \
                run it again to go on. Never marks a user seen.
                """ + "\n\n" + network.sentence)

        static let network = NetworkUse.asks("GitHub's GraphQL API (--rest: its REST API), one request at a time", options: ["--stale", "--rest", "--complete"])

        @OptionGroup var options: GlobalOptions

        @Flag(help: "Also fetch again the profiles older than an hour.")
        var stale = false

        @Option(help: "Fetch at most this many profiles.")
        var limit: Int?

        @Flag(help: "Fetch over REST, one request per profile (no token needed).")
        var rest = false

        @Flag(
            help: "Instead, complete over REST the cached profiles with fields unknown (emails a token could not read, an organization's followers, which GraphQL has not), one request each.")
        var complete = false

        func validate() throws {
            if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more.") }
            if complete && stale { throw ValidationError("Pass either --complete or --stale, not both.") }
        }

        func run() async throws {
            await CommandRunner.run(options.settings) { service in
                let progress = ProgressLine()
                let summary: CombinedService.PrefetchSummary
                do {
                    summary = try await service.prefetchProfiles(stale: stale, limit: limit, overREST: rest, complete: complete) { state in
                        progress.bar(done: state.done, total: state.total, Self.describe(state.rateLimit, rest: rest || complete))
                    }
                } catch {
                    progress.finish()
                    throw error
                }
                progress.finish()
                Messages.notice(Self.sentence(summary))
                await UnknownEmails.notice(summary.noEmail, scopes: summary.scopes, service: service)
                if options.json {
                    var writer = JSONWriter()
                    writer.beginObject()
                    writer.field("saved", Int64(summary.saved))
                    writer.field("partial", Int64(summary.partial))
                    writer.field("no_email", Int64(summary.noEmail))
                    writer.field("renamed", Int64(summary.renamed))
                    writer.field("gone", Int64(summary.gone))
                    writer.field("kept", Int64(summary.kept))
                    writer.field("timeouts", Int64(summary.timeouts))
                    writer.field("graphql_requests", Int64(summary.graphQLRequests))
                    writer.field("points", Int64(summary.points))
                    writer.field("rest_requests", Int64(summary.restRequests))
                    writer.field("left", Int64(summary.left))
                    writer.endObject()
                    OutputStream.standardOutput.write(bytes: writer.bytes + [0x0A])
                }
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
                // GitHub's `rateLimit { cost }` of the answered queries; a timed-out one costs
                // points too, which only the budget left shows.
                let left = summary.rateLimit.map { "; \($0.remaining) of \($0.limit) left" } ?? ""
                parts.append(
                    "\(summary.graphQLRequests) GraphQL request\(summary.graphQLRequests == 1 ? "" : "s") (\(summary.points) point\(summary.points == 1 ? "" : "s")"
                        + (summary.timeouts > 0 ? " for the answered ones" : "") + left + ")")
            }
            if summary.restRequests > 0 { parts.append("\(summary.restRequests) REST request\(summary.restRequests == 1 ? "" : "s")") }
            if summary.emailsAsked == false { parts.append("emails not asked (the token has neither the user:email nor the read:user scope)") }
            if summary.partial > 0 {
                parts.append("\(summary.partial) with fields unknown (`ghusers profile LOGIN` completes one over REST)")
            }
            if summary.renamed > 0 { parts.append("\(summary.renamed) renamed") }
            if summary.gone > 0 { parts.append("\(summary.gone) gone from GitHub") }
            if summary.timeouts > 0 { parts.append("\(summary.timeouts) quer\(summary.timeouts == 1 ? "y" : "ies") timed out and asked again smaller") }
            if summary.kept > 0 {
                parts.append(
                    "\(summary.kept) kept pending for a later run (GitHub would not give \(summary.kept == 1 ? "it" : "them")"
                        + (summary.keptReason.map { ": \($0)" } ?? "") + "; `ghusers profiles prefetch --rest` asks REST for them)")
            }
            return parts.joined(separator: "; ")
        }
    }
}
