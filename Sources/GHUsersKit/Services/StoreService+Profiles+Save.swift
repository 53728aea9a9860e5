import Foundation
import GRDB

extension StoreService.Profiles {
    /// Saves a fetched profile and its user in one transaction.
    public struct Save: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// Saves `user` (keeping its seen mark) and its `profile` with the response's `etag`.
        public func callAsFunction(user: User, profile: Profile, etag: String?, now: Date = Date()) throws {
            try database.write { db in
                try user.upsert(db, now: now)
                try User.attachNotes(db, ids: user.id...user.id)
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO profile (
                            user_id, name, company, blog, location, email, hireable, bio, twitter_username,
                            public_repos, public_gists, followers, following, created_at, updated_at, etag, fetched_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        user.id, profile.name, profile.company, profile.blog, profile.location, profile.email,
                        profile.hireable, profile.bio, profile.twitterUsername, profile.publicRepos,
                        profile.publicGists, profile.followers, profile.following, profile.createdAt,
                        profile.updatedAt, etag, now.timeIntervalSince1970,
                    ])
            }
        }
    }
}
