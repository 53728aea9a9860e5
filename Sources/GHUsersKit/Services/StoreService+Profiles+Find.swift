import Foundation
import GRDB

extension StoreService.Profiles {
    /// Reads a cached profile by login, without regard to case.
    public struct Find: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// The cached profile of `login`, or `nil` when the profile was never fetched.
        public func callAsFunction(login: String) throws -> CachedProfile? {
            try database.read { db in
                guard
                    let row = try Row.fetchOne(
                        db,
                        sql: """
                            SELECT \(UserDetails.selection),
                                profile.name, profile.company, profile.blog, profile.location, profile.email,
                                profile.hireable, profile.bio, profile.twitter_username, profile.public_repos,
                                profile.public_gists, profile.followers, profile.following, profile.created_at,
                                profile.updated_at, profile.etag, profile.fetched_at
                            FROM user JOIN profile ON profile.user_id = user.id
                            LEFT JOIN note ON note.user_id = user.id
                            WHERE user.login = ?
                            """, arguments: [login])
                else { return nil }
                let profile = Profile(
                    name: row[9], company: row[10], blog: row[11], location: row[12], email: row[13],
                    hireable: row[14], bio: row[15], twitterUsername: row[16], publicRepos: row[17],
                    publicGists: row[18], followers: row[19], following: row[20], createdAt: row[21],
                    updatedAt: row[22])
                return CachedProfile(
                    details: UserDetails(row: row), profile: profile, etag: row[23],
                    fetchedAt: Date(timeIntervalSince1970: row[24]))
            }
        }
    }
}
