import ArgumentParser
import Foundation
import GHUsersKit

extension GHUsersCommand {
    struct Search: AsyncParsableCommand, NetworkDeclaring {
        static let configuration = CommandConfiguration(
            commandName: "search",
            abstract: "Search cached logins, your notes and cached profiles; --online asks GitHub first.",
            discussion: """
                Case-insensitive. The user whose login equals the query comes first, then every \
                user whose login or note matches, in id order, then notes on users not cached \
                yet.

                The query takes fzf's extended syntax: space-separated terms must all match. \
                `word` (or `'word`): the login or note contains it. `^pre`: the login starts \
                with pre. `suf$`: the login ends with suf. `^login$`: the login is login. \
                `!term`: excludes the users the term matches. Example: ghusers search 'ma !bot ^a'.

                Qualifiers, after GitHub's user search, mix with the terms. `!` (or GitHub's \
                `-`) before a qualifier, or NOT before a word, excludes. Repeated location:, \
                fullname:, user: and org: are alternatives (any of them matches) and excluded \
                ones each exclude; every other qualifier narrows. Text qualifiers match whole \
                words, as GitHub's index splits them (letters, digits and marks; punctuation \
                and spaces split; each Han ideograph is a word).
                """ + "\n\n" + SearchSyntax.helpText() + """


                Profile qualifiers match cached profiles only: `ghusers profiles prefetch` \
                fetches the others. An unknown qualifier is an error (exit 64), naming the one \
                meant; for text with a colon, put ' before it: "'a:b". With a qualifier, notes on users not cached \
                are left out. Example: ghusers search 'location:"new york" followers:>1000 !type:org'; \
                the five most-followed in two places: ghusers search 'location:lagos location:tokyo sort:followers' --limit 5.

                Exits 1 when nothing matches, as grep does (0 when something did).
                """ + "\n\n" + network.sentence)

        static let network = NetworkUse.avatarsAnd(option: "--online", what: "GitHub's user search first, keeping every account it finds")

        @OptionGroup var options: GlobalOptions

        @OptionGroup var avatarOptions: AvatarOptions

        @OptionGroup var rowFormat: RowFormatOptions

        @Argument(
            help: ArgumentHelp(
                "The text to look for. Several words are one query, joined by spaces (each a term that must match): `ghusers search ka ro` is `ghusers search 'ka ro'`.",
                valueName: "query"))
        var words: [String] = []

        /// The query: the words joined by one space.
        var query: String {
            words.joined(separator: " ")
        }

        @Option(parsing: .unconditional, help: "Show at most this many results.")
        var limit: Int?

        @Flag(
            help: """
                First ask GitHub's user search with the query and keep every account it finds, with its profile, \
                past GitHub's 1,000-result cap; then answer from the cache as without it.
                """)
        var online = false

        @Flag(
            help: """
                With --online: ask GitHub only for the query's count (one point), keep nothing, and \
                say what the search would cost: GitHub's count, GraphQL requests and points, REST \
                requests to complete emails, and the time, at the token's limits.
                """)
        var dryRun = false

        func validate() throws {
            if dryRun && !online { throw ValidationError("--dry-run says what --online would cost; pass both.") }
            try rowFormat.applied(to: options.settings).validate()
            try Self.validate(query: query)
            try List.validate(limit: limit, after: 0)
        }

        /// Refuses an empty or overlong query (also used by ``FastPath``).
        static func validate(query: String) throws {
            let trimmed = query.trimmed
            guard !trimmed.isEmpty else { throw ValidationError("The search text is empty; pass some text, like `ghusers search moj`.") }
            guard trimmed.count <= 256 else { throw ValidationError("The search text is longer than 256 characters; shorten it.") }
        }

        var invocation: Invocation {
            .search(rowFormat.applied(to: options.settings), avatars: avatarOptions.avatars, query: query, limit: limit, online: online)
        }

        func run() async throws {
            guard dryRun else { await invocation.run() }
            await CommandRunner.run(options.settings) { [query, options] service in
                let form = SearchQuery.gitHubForm(query.trimmed)
                let plan = try await service.planOnline(form)
                let rest = plan.restRequests.map(String.init) ?? "up to \(plan.gitHubCount)"
                let left = plan.rateLimit.map { "; \($0.remaining) of \($0.limit) points left this hour" } ?? ""
                if options.json {
                    var writer = JSONWriter()
                    writer.beginObject()
                    writer.field("query", form.query)
                    writer.field("github_count", plan.gitHubCount)
                    writer.field("graphql_requests", plan.requests)
                    writer.field("points", plan.points)
                    writer.field("rest_requests", plan.restRequests)
                    writer.field("seconds", plan.seconds)
                    writer.field("points_left", plan.rateLimit?.remaining)
                    writer.field("points_limit", plan.rateLimit?.limit)
                    writer.field("spent", plan.spent)
                    writer.endObject()
                    OutputStream.standardOutput.write(bytes: writer.bytes + [0x0A])
                } else {
                    let minutes = max(1, (plan.seconds + 59) / 60)
                    OutputStream.standardOutput.write(
                        """
                        “\(form.query)”: GitHub counts \(plan.gitHubCount) account\(plan.gitHubCount == 1 ? "" : "s")
                        GraphQL: about \(plan.requests) request\(plan.requests == 1 ? "" : "s"), \(plan.points) points (pages of 100 with profiles; more where GitHub times out)\(left)
                        REST: \(rest) request\(plan.restRequests == 1 ? "" : "s") to complete the emails the token may not read
                        time: about \(minutes < 90 ? "\(minutes) min" : "\((minutes + 30) / 60) h"), one request at a time

                        """)
                }
                Messages.notice("dry run: spent \(plan.spent) point\(plan.spent == 1 ? "" : "s") on GitHub's count, kept nothing")
            }
        }

        /// `--online`: asks GitHub's user search and keeps what it finds, saying how far it got
        /// on stderr (accounts kept against GitHub's count, requests, points) and what of the
        /// query only the cache answers.
        @discardableResult
        nonisolated(nonsending) static func fill(_ service: CombinedService, query: String) async throws -> CombinedService.OnlineSearchSummary {
            let form = SearchQuery.gitHubForm(query)
            if !form.local.isEmpty, form.asksGitHub {
                Messages.notice("GitHub is asked “\(form.query)”; \(form.local.joined(separator: " ")) the cache answers after")
            }
            let progress = ProgressLine()
            let summary: CombinedService.OnlineSearchSummary
            do {
                summary = try await service.searchOnline(form) { state in
                    progress.show(describe(state))
                }
            } catch {
                progress.finish()
                throw error
            }
            progress.finish()
            let timeouts = summary.timeouts > 0 ? "; GitHub timed out on \(summary.timeouts) page\(summary.timeouts == 1 ? "" : "s"), asked again smaller" : ""
            Messages.notice(describe(summary) + summary.shortfall + timeouts)
            await UnknownEmails.notice(summary.noEmail, scopes: summary.scopes, service: service)
            return summary
        }

        /// `search: 340 of 1234 accounts kept · 12 requests · 48 points`.
        static func describe(_ summary: CombinedService.OnlineSearchSummary) -> String {
            "search: " + summary.counts
        }

        /// Ends the search's walk once `--limit` results came.
        private struct Enough: Error {}

        nonisolated(nonsending) static func run(
            _ settings: GlobalSettings, avatars avatarMode: AvatarMode, query: String, limit: Int?, online: Bool = false
        ) async -> Never {
            // `--online` is a long run: Ctrl-C ends it between two pages, every page saved, exit 130.
            await CommandRunner.run(settings, interruptible: online) { service in
                // Online, the rows are the accounts GitHub gave in this run (not gone since),
                // narrowed by the words only the cache answers.
                var members: Set<Int64>?
                var changes: QueryChanges?
                if online {
                    if let problem = SearchQuery(query).problem { throw problem }
                    changes = try await fill(service, query: query.trimmed).changes
                    members = try await service.members(of: SearchQuery.gitHubForm(query.trimmed))
                }
                func given(_ result: SearchResult) -> Bool {
                    guard let members else { return true }
                    guard case .user(let details) = result else { return false }
                    return members.contains(details.user.id) && !details.gone
                }
                var printer = RowPrinter(settings: settings)
                let avatars = AvatarPrinter(settings: settings, avatars: avatarMode, service: service)
                var users: [UserDetails] = []
                do {
                    if printer.readsProfiles {
                        // For scripts, each user with its cached profile (`"profile"`, null when none).
                        try await service.searchWithProfiles(query.trimmed, firstRows: online ? nil : limit) { result, profile in
                            guard given(result) else { return }
                            printer.print(result, profile: .some(profile))
                            if let limit, printer.count >= limit { throw Enough() }
                        }
                    } else {
                        try await service.search(query.trimmed, firstRows: online ? nil : limit) { result in
                            guard given(result) else { return }
                            // Rows with avatars are drawn in batches; notes on uncached users keep the plain row.
                            if avatars != nil, case .user(let details) = result { users.append(details) } else { printer.print(result) }
                            if let limit, printer.count + users.count >= limit { throw Enough() }
                        }
                    }
                } catch is Enough {}
                try await avatars?.print(scattered: users)
                avatars?.finish()
                printer.finish()
                if let changes { for line in ChangeNotices.lines(changes, query: SearchQuery.gitHubForm(query.trimmed).query) { Messages.notice(line) } }
                let found = printer.count + users.count
                if found == 0 && !settings.json {
                    Messages.notice("no cached user or note matches '\(TerminalSanitizer.sanitize(query, keepNewlines: false))'")
                }
                // Said after the rows: a profile qualifier cannot see the users without a profile.
                let missing = await SearchQuery(query).readsProfiles ? try service.usersWithoutProfile() : 0
                if missing > 0 {
                    Messages.notice("\(missing) cached users have no profile yet, which profile qualifiers cannot match; `ghusers profiles prefetch` fetches them")
                }
                // After GitHub's answer, an account it did not find does not match, whatever its email.
                let parsed = SearchQuery(query)
                for (field, profiles) in try await service.unknownCounts(parsed) where !(online && field == .email) {
                    let whose = "\(profiles) cached profile\(profiles == 1 ? " does" : "s do") not know \(profiles == 1 ? "its" : "their") \(field.column)"
                    if field == .email {
                        Messages.notice(
                            "\(whose) (prefetched with a token that may not read emails), which in:email can neither match nor exclude; "
                                + "`ghusers search --online` fetches those GitHub finds over REST")
                    } else {
                        let why = field.spec.organization == .unknown ? "organizations prefetched over GraphQL, which has none for them" : "left unknown by GitHub's answer"
                        // Unknown to a count qualifier, or only to `sort:`, which lists them last.
                        let qualified = parsed.qualifiers.contains { $0.test.alternatives.contains { $0.field == field } }
                        let effect = qualified ? "\(field.spec.qualifier ?? field.column): can neither match nor exclude" : "sort: lists after the others"
                        Messages.notice("\(whose) (\(why)), which \(effect); `ghusers profiles prefetch --complete` fetches them over REST")
                    }
                }
                if found == 0 { throw NothingFound() }
            }
        }
    }
}
