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
                let at = User.selectionCount + 2  // the first profile column, after the note and the seen mark
                let profile = Profile(
                    name: row[at], company: row[at + 1], blog: row[at + 2], location: row[at + 3], email: row[at + 4],
                    hireable: row[at + 5], bio: row[at + 6], twitterUsername: row[at + 7], publicRepos: row[at + 8],
                    publicGists: row[at + 9], followers: row[at + 10], following: row[at + 11], createdAt: row[at + 12],
                    updatedAt: row[at + 13])
                return CachedProfile(
                    details: UserDetails(row: row), profile: profile, etag: row[at + 14],
                    fetchedAt: Date(timeIntervalSince1970: row[at + 15]))
            }
        }
    }
}
