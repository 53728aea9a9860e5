import ArgumentParser
import Foundation
import GHUsersKit

extension GHUsersBenchCommand {
    /// Fills a new benchmark home through the store's public operations: users in pages of
    /// 10,000 (`StoreService.Sync.savePage`, one transaction each), then notes
    /// (`StoreService.Notes.save`) and profiles (`StoreService.Profiles.save`), a thousand a
    /// transaction.
    struct Seed: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build a benchmark home: generated users, notes and profiles.",
            discussion: """
                Users go in pages of 10,000, one transaction each; WAL with synchronous NORMAL (as \
                ghusers) means no fsync per commit. 1,000,000 users, 100,000 notes and 10,000 \
                profiles take about 75 s on 2 cores.
                """)

        @Option(help: ArgumentHelp("The home to create; it must not hold a database yet.", valueName: "dir"))
        var home: String

        @Option(help: "How many users.")
        var users = 1_000_000

        @Option(help: "How many users have a note.")
        var notes = 100_000

        @Option(help: "How many users have a cached profile.")
        var profiles = 10_000

        func validate() throws {
            guard users >= 1_000 else { throw ValidationError("--users must be at least 1000 (200 logins are planted).") }
            guard (0...users).contains(notes), (0...users).contains(profiles) else {
                throw ValidationError("--notes and --profiles must be from 0 to --users.")
            }
        }

        func run() throws {
            let paths = GHUsersPaths.resolve(home: home, environment: [:], site: .gitHubDotCom)
            guard !FileManager.default.fileExists(atPath: paths.database.path) else {
                throw ValidationError("\(paths.database.path) exists; pass a new --home.")
            }
            let database = try AppDatabase.open(at: paths.database)
            try database.claim(.gitHubDotCom)
            let population = BenchmarkPopulation(userCount: users, noteCount: notes, profileCount: profiles)
            let started = Date()
            let pageSize = 10_000
            var since: Int64 = 0
            for start in stride(from: 0, to: users, by: pageSize) {
                let batch = (start..<min(start + pageSize, users)).map(population.user(at:))
                let page = UsersPage(users: batch, itemCount: batch.count, skipped: 0, cursor: batch.last?.id)
                try database.write { db in try StoreService.Sync.savePage(page, request: UsersPageRequest(since: since, movesCursor: true), etag: nil, db) }
                since = batch.last?.id ?? since
            }
            _ = try database.write(StoreService.Sync.markWelcomed)
            // A thousand notes or profiles a transaction: one each took 12.5 minutes for a
            // million profiles and 100,000 notes.
            for start in stride(from: 0, to: notes, by: 1_000) {
                try database.write { db in
                    for ordinal in start..<min(start + 1_000, notes) {
                        let (index, text) = population.note(ordinal)
                        try StoreService.Notes.save(login: population.user(at: index).login, text: text, db)
                    }
                }
            }
            for start in stride(from: 0, to: profiles, by: 1_000) {
                let users = (start..<min(start + 1_000, profiles)).map { population.user(at: population.profileUserIndex($0)) }
                try database.write { db in
                    try StoreService.Users.Save()(users, db)
                    for user in users {
                        try StoreService.Profiles.save(population.profile(for: user), userID: user.id, etag: "W/\"bench\(user.id)\"", now: Date(), db)
                    }
                }
            }
            let seconds = Date().timeIntervalSince(started)
            print("seeded \(paths.database.path): \(users) users, \(notes) notes, \(profiles) profiles in \(Int(seconds)) s")
        }
    }
}
