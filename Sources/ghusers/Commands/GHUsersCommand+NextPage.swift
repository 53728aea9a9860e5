import ArgumentParser
import GHUsersKit

extension GHUsersCommand {
    struct NextPage: AsyncParsableCommand, NetworkDeclaring {
        static let configuration = CommandConfiguration(
            commandName: "next-page",
            abstract: "Fetch the next page of GitHub's users list, after the last user it gave, save it and print it.",
            discussion: """
                The first request asks for 100 users, GitHub's largest page; the first full batch \
                (one GitHub says more users follow) sets the page size. Each page is printed as soon \
                as it is saved; when the output is not a terminal, a progress line on stderr counts \
                the pages of a long run. Ctrl-C stops between two pages: every page printed is \
                saved, --json still ends with a whole array, and the exit status is 130. An empty \
                page means the end of the list: it is reported and the command exits 0.
                """ + "\n\n" + network.sentence)

        static let network = NetworkUse.asks("GitHub's users list, a page a request (--wait: until the network is back), and the avatars of the rows drawn on a terminal", options: ["--wait", "--avatars"])

        @OptionGroup var options: GlobalOptions

        @OptionGroup var avatarOptions: AvatarOptions

        @OptionGroup var rowFormat: RowFormatOptions

        @Option(parsing: .unconditional, help: "How many pages to fetch in this run, over one kept-alive connection (1-1000).")
        var pages = 1

        @Flag(help: "When the network is unreachable, keep retrying with backoff until it is back.")
        var wait = false

        func validate() throws {
            try rowFormat.applied(to: options.settings).validate()
            guard (1...1_000).contains(pages) else { throw ValidationError("--pages must be between 1 and 1000.") }
        }

        func run() async throws {
            await CommandRunner.run(
                options.settings, waitForNetwork: wait, interruptible: true,
                networkAdvice: wait ? nil : "pass --wait to retry until it is back; `ghusers list` shows what is cached meanwhile"
            ) { service in
                var printer = RowPrinter(settings: rowFormat.applied(to: options.settings))
                let avatars = AvatarPrinter(settings: options.settings, avatars: avatarOptions.avatars, service: service)
                var fetched: [CombinedService.PageOutcome] = []
                // Pages already saved are shown even when a later page fails, and the JSON array
                // is closed: stdout is always whole, the error goes to stderr.
                func showSaved() async throws {
                    defer {
                        fetched = []
                        printer.finish()
                        avatars?.finish()
                    }
                    for outcome in fetched where !outcome.users.isEmpty {
                        await avatars?.print(outcome.users, firstPosition: try service.rank(through: outcome.since ?? 0) + 1)
                    }
                }
                do {
                    try await fetchPages(service, printer: &printer, fetched: &fetched, drawsAvatars: avatars != nil)
                } catch {
                    try? await showSaved()
                    throw error
                }
                try await showSaved()
            }
        }

        private func fetchPages(
            _ service: CombinedService, printer: inout RowPrinter, fetched: inout [CombinedService.PageOutcome],
            drawsAvatars: Bool
        ) async throws {
            // Rows on a terminal are their own progress; into a file or a pipe, a long run
            // says on stderr how far it got.
            let showsProgress = pages > 1 && !Terminal.isTerminal(1) && Messages.hasStatusLine
            var done = 0
            var users = 0
            try await service.nextPage(pages: pages) { outcome in
                Messages.endStatus()
                if drawsAvatars {
                    fetched.append(outcome)
                } else {
                    if printer.columnsReadProfiles {
                        let profiles = try await service.cachedProfiles(of: outcome.users.map(\.user.id))
                        for user in outcome.users { printer.print(user, profile: .some(profiles[user.user.id])) }
                    } else {
                        for user in outcome.users { printer.print(user) }
                    }
                    // Out as soon as it is saved, in a pipe too: a long run shows its pages as they
                    // come, and an interrupted one leaves every saved page in the output.
                    OutputStream.standardOutput.flush()
                }
                if outcome.skipped > 0 {
                    Messages.notice("skipped \(outcome.skipped) invalid item\(outcome.skipped == 1 ? "" : "s") in the page after \(outcome.since ?? 0)")
                }
                if outcome.reachedEnd {
                    Messages.notice("end of the list: no users after \(outcome.since ?? 0)")
                }
                // The welcome is for a person starting out: not in cron (stderr not a terminal),
                // nor on a home that already holds notes (imported from another machine).
                if outcome.isFirstStore, Terminal.isTerminal(2), (try? await service.status().statistics.notes) == 0 {
                    Messages.welcome(databasePath: service.configuration.paths.database.path)
                }
                done += 1
                users += outcome.users.count
                if showsProgress && !outcome.reachedEnd {
                    Messages.status("ghusers: \(done) of \(pages) pages, \(users) user\(users == 1 ? "" : "s") saved")
                }
            }
            // The progress line is erased: what it said stays as one line.
            if showsProgress { Messages.notice("saved \(users) user\(users == 1 ? "" : "s") from \(done) page\(done == 1 ? "" : "s")") }
        }
    }
}
