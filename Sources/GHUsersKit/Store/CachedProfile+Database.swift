import Foundation
import GRDB

/// The `profile` table's SQL: every statement on it, with its columns read by name.
extension CachedProfile {
    /// The profile columns, after ``UserDetails/selection`` in ``find(_:login:)``'s rows.
    private static let columns = """
        profile.name, profile.company, profile.blog, profile.location, profile.email,
        profile.hireable, profile.bio, profile.twitter_username, profile.public_repos,
        profile.public_gists, profile.followers, profile.following, profile.created_at,
        profile.updated_at, profile.etag, profile.fetched_at
        """

    /// The cached profile of `login` (without regard to case) with its user and note, or `nil`
    /// when the profile was never fetched.
    static func find(_ db: Database, login: String) throws -> CachedProfile? {
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT \(UserDetails.selection), \(columns)
                    FROM user JOIN profile ON profile.user_id = user.id
                    LEFT JOIN note ON note.user_id = user.id
                    WHERE user.login = ?
                    """, arguments: [login])
        else { return nil }
        let profile = Profile(
            name: row["name"], company: row["company"], blog: row["blog"], location: row["location"],
            email: row["email"], hireable: row["hireable"], bio: row["bio"], twitterUsername: row["twitter_username"],
            publicRepos: row["public_repos"], publicGists: row["public_gists"], followers: row["followers"],
            following: row["following"], createdAt: row["created_at"], updatedAt: row["updated_at"])
        return CachedProfile(
            details: UserDetails(row: row), profile: profile, etag: row["etag"],
            fetchedAt: Date(timeIntervalSince1970: row["fetched_at"]))
    }

    /// Saves `profile` of user `userID` with its response's `etag`, fetched `now`, over any
    /// profile saved before.
    static func save(_ profile: Profile, userID: Int64, etag: String?, now: Date, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO profile (
                    user_id, name, company, blog, location, email, hireable, bio, twitter_username,
                    public_repos, public_gists, followers, following, created_at, updated_at, etag, fetched_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                userID, profile.name, profile.company, profile.blog, profile.location, profile.email,
                profile.hireable, profile.bio, profile.twitterUsername, profile.publicRepos,
                profile.publicGists, profile.followers, profile.following, profile.createdAt,
                profile.updatedAt, etag, now.timeIntervalSince1970,
            ])
    }

    /// Marks the profile of user `userID` as fetched `now` (revalidated: `304 Not Modified`).
    static func touch(userID: Int64, now: Date, _ db: Database) throws {
        try db.execute(sql: "UPDATE profile SET fetched_at = ? WHERE user_id = ?", arguments: [now.timeIntervalSince1970, userID])
    }
}
