import ArgumentParser
import Foundation
import GHUsersKit

extension GHUsersBenchCommand {
    /// Times `profiles prefetch`'s own work on one batch of 100 profiles, the network aside:
    /// reading the batch's users, decoding GraphQL's answer and saving it in one transaction.
    struct Prefetch: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Time profiles prefetch's decode and save of batches of 100 on a copy of a home, in milliseconds.")

        @OptionGroup var seeded: SeededHome

        @Option(help: "Batches, each of the next 100 users without a profile; the median and the maximum are reported.")
        var batches = 20

        func run() throws {
            let database = try AppDatabase.open(at: try seeded.database())
            var (read, decode, save): ([Double], [Double], [Double]) = ([], [], [])
            var after: Int64 = 0
            for _ in 0..<batches {
                var start = DispatchTime.now().uptimeNanoseconds
                func lap(_ samples: inout [Double]) {
                    let now = DispatchTime.now().uptimeNanoseconds
                    samples.append(Double(now - start) / 1e6)
                    start = now
                }
                let users = try database.read { [after] db in try StoreService.Profiles.pending(after: after, limit: 100, staleBefore: nil, db) }
                guard let last = users.last else { break }
                after = last.id
                lap(&read)
                let body = Self.answer(for: users)
                start = DispatchTime.now().uptimeNanoseconds
                let batch = try HTTPService.Users.FetchProfiles.decode(
                    body, headers: [:], asked: users.map { $0.nodeID ?? "" })
                lap(&decode)
                try database.write { db in
                    try CombinedService.save(
                        batch.fetched, users: Dictionary(users.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }), rateLimit: batch.receipt.rateLimit,
                        now: Date(), db)
                }
                lap(&save)
            }
            func report(_ name: String, _ samples: [Double]) -> String {
                let sorted = samples.sorted()
                return String(format: "%@: median %.2f ms, max %.2f ms", name, sorted[sorted.count / 2], sorted.last ?? 0)
            }
            guard !read.isEmpty else { throw ValidationError("every cached user has a profile; seed more users or use a fresh copy.") }
            let total = zip(zip(read, decode), save).map { $0.0 + $0.1 + $1 }
            for line in [report("read 100 users", read), report("decode", decode), report("save", save), report("batch", total)] { print(line) }
        }

        /// GraphQL's answer to ``ProfilesQuery`` for `users`, as github.com writes it: a
        /// `User` or `Organization` node for each, with every field the query asks for.
        static func answer(for users: [User]) -> Data {
            let nodes = users.map { user -> [String: Any] in
                let organization = user.type == "Organization"
                var node: [String: Any] = [
                    "__typename": organization ? "Organization" : "User", "id": user.nodeID ?? "", "databaseId": user.id,
                    "login": user.login, "url": "https://github.com/\(user.login)", "name": "Name \(user.id)",
                    "websiteUrl": NSNull(), "location": ["Berlin, Germany", "São Paulo", "Tokyo"][Int(user.id % 3)],
                    "twitterUsername": NSNull(), "createdAt": "2012-03-04T05:06:07Z", "updatedAt": "2024-01-02T03:04:05Z",
                    "repositories": ["totalCount": Int(user.id % 200)],
                ]
                if organization {
                    node["organizationEmail"] = NSNull()
                } else {
                    node.merge(
                        ["company": "@acme", "email": NSNull(), "isHireable": false, "bio": "Builds things in Swift.",
                         "gists": ["totalCount": 3], "followers": ["totalCount": Int(user.id % 5_000)], "following": ["totalCount": 7]],
                        uniquingKeysWith: { $1 })
                }
                return node
            }
            let answer: [String: Any] = [
                "data": ["rateLimit": ["cost": 1, "limit": 5_000, "remaining": 4_999, "resetAt": "2030-01-01T00:00:00Z"], "nodes": nodes]
            ]
            return (try? JSONSerialization.data(withJSONObject: answer)) ?? Data()
        }
    }
}
