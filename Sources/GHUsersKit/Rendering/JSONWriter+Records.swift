import Foundation

extension JSONWriter {
    /// Writes a cached user as one object: GitHub's field names plus the local `note` (string
    /// or null) and `seen`.
    public mutating func write(_ details: UserDetails) {
        beginObject()
        writeUserFields(details.user)
        field("note", details.note)
        field("seen", details.seen)
        endObject()
    }

    /// Writes a search result: a user, or for a note on an uncached user an object with its
    /// `login`, `id` null, `note` and `seen` false.
    public mutating func write(_ result: SearchResult) {
        switch result {
        case .user(let details): write(details)
        case .note(let note):
            beginObject()
            field("login", note.login)
            field("id", note.userID)
            field("note", note.text)
            field("seen", false)
            endObject()
        }
    }

    /// Writes a profile as one object: user and profile fields, `note`, `seen` and the local
    /// `fetched_at` (ISO 8601).
    public mutating func write(_ details: ProfileDetails) {
        beginObject()
        writeUserFields(details.user)
        let profile = details.profile
        field("name", profile.name)
        field("company", profile.company)
        field("blog", profile.blog)
        field("location", profile.location)
        field("email", profile.email)
        field("hireable", profile.hireable)
        field("bio", profile.bio)
        field("twitter_username", profile.twitterUsername)
        field("public_repos", profile.publicRepos)
        field("public_gists", profile.publicGists)
        field("followers", profile.followers)
        field("following", profile.following)
        field("created_at", profile.createdAt)
        field("updated_at", profile.updatedAt)
        field("note", details.note)
        field("seen", details.seen)
        field("fetched_at", Timestamp.iso8601(details.fetchedAt))
        endObject()
    }

    /// Writes a note as one object.
    public mutating func write(_ note: Note) {
        beginObject()
        field("login", note.login)
        field("id", note.userID)
        field("note", note.text)
        field("updated_at", Timestamp.iso8601(note.updatedAt))
        endObject()
    }

    private mutating func writeUserFields(_ user: User) {
        field("login", user.login)
        field("id", user.id)
        field("node_id", user.nodeID)
        field("avatar_url", user.avatarURL)
        field("html_url", user.htmlURL)
        field("type", user.type)
        field("site_admin", user.siteAdmin)
    }
}
