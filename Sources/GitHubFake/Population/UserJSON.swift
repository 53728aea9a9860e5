/// Writes users as GitHub does, keys in GitHub's order, with the `avatar_url` the responder
/// chose for each user (usually the fake itself, `<base>/avatars/u/<id>?v=4`).
enum UserJSON {
    /// Ways ``Fault/invalidItems`` breaks an item while keeping its id.
    struct Defects: OptionSet, Sendable {
        let rawValue: Int
        /// The `"login"` key is left out.
        static let missingLogin = Defects(rawValue: 1 << 0)
        /// The login is `"bad login!"`, which no GitHub login can be.
        static let badLogin = Defects(rawValue: 1 << 1)
        /// The avatar URL is `file:///etc/passwd`.
        static let fileAvatar = Defects(rawValue: 1 << 2)
        /// The id is 0, which no GitHub account has.
        static let zeroID = Defects(rawValue: 1 << 3)
        /// The id is negative.
        static let negativeID = Defects(rawValue: 1 << 4)
    }

    /// A `GET /users` page.
    static func page(_ users: [SimpleUser], defects: [Int: Defects] = [:], avatarURL: (Int) -> String) -> [UInt8] {
        var writer = JSONWriter(capacity: 1_100 * users.count + 2)
        writer.beginArray()
        for (index, user) in users.enumerated() {
            writer.beginObject()
            writeSimpleFields(of: user, avatarURL: avatarURL(user.id), defects: defects[index] ?? [], into: &writer)
            writer.endObject()
        }
        writer.endArray()
        return writer.bytes
    }

    /// A `GET /search/users` body (GitHub's schema: `total_count`, `incomplete_results`,
    /// `items` of simple users with a `score`).
    static func searchResults(total: Int, _ users: [SimpleUser], avatarURL: (Int) -> String) -> [UInt8] {
        var writer = JSONWriter(capacity: 1_100 * users.count + 64)
        writer.beginObject()
        writer.field("total_count", total)
        writer.field("incomplete_results", false)
        writer.key("items")
        writer.beginArray()
        for user in users {
            writer.beginObject()
            writeSimpleFields(of: user, avatarURL: avatarURL(user.id), defects: [], into: &writer)
            writer.field("score", 1)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    /// A `GET /users/{login}` body.
    static func profile(_ user: SimpleUser, _ profile: UserProfile, avatarURL: String, defects: Defects = []) -> [UInt8] {
        var writer = JSONWriter(capacity: 2_048)
        writer.beginObject()
        writeSimpleFields(of: user, avatarURL: avatarURL, defects: defects, into: &writer)
        writer.field("name", profile.name)
        writer.field("company", profile.company)
        writer.field("blog", profile.blog)
        writer.field("location", profile.location)
        writer.field("email", profile.email)
        writer.field("hireable", profile.hireable)
        writer.field("bio", profile.bio)
        writer.field("twitter_username", profile.twitterUsername)
        writer.field("public_repos", profile.publicRepos)
        writer.field("public_gists", profile.publicGists)
        writer.field("followers", profile.followers)
        writer.field("following", profile.following)
        writer.field("created_at", profile.createdAt)
        writer.field("updated_at", profile.updatedAt)
        writer.endObject()
        return writer.bytes
    }

    /// A GitHub error body, `{"message":…,"documentation_url":…}`, with `"status":"CODE"` after
    /// them when `status` is given (GitHub's newer bodies: `{"message":"Bad credentials",
    /// "documentation_url":"https://docs.github.com/rest","status":"401"}`, anmol098/waka-readme-stats #506).
    static func error(message: String, documentationURL: String = "https://docs.github.com/rest", status: Int? = nil) -> [UInt8] {
        var writer = JSONWriter(capacity: 128)
        writer.beginObject()
        writer.field("message", message)
        writer.field("documentation_url", documentationURL)
        if let status { writer.field("status", String(status)) }
        writer.endObject()
        return writer.bytes
    }

    private static func writeSimpleFields(of user: SimpleUser, avatarURL: String, defects: Defects, into writer: inout JSONWriter) {
        let api = "https://api.github.com/users/" + user.login
        if !defects.contains(.missingLogin) {
            writer.field("login", defects.contains(.badLogin) ? "bad login!" : user.login)
        }
        writer.field("id", defects.contains(.zeroID) ? 0 : defects.contains(.negativeID) ? -user.id : user.id)
        writer.field("node_id", user.nodeID)
        writer.field("avatar_url", defects.contains(.fileAvatar) ? "file:///etc/passwd" : avatarURL)
        writer.field("gravatar_id", user.gravatarID)
        writer.field("url", api)
        writer.field("html_url", "https://github.com/" + user.login)
        writer.field("followers_url", api + "/followers")
        writer.field("following_url", api + "/following{/other_user}")
        writer.field("gists_url", api + "/gists{/gist_id}")
        writer.field("starred_url", api + "/starred{/owner}{/repo}")
        writer.field("subscriptions_url", api + "/subscriptions")
        writer.field("organizations_url", api + "/orgs")
        writer.field("repos_url", api + "/repos")
        writer.field("events_url", api + "/events{/privacy}")
        writer.field("received_events_url", api + "/received_events")
        writer.field("type", user.type)
        writer.field("user_view_type", user.userViewType)
        writer.field("site_admin", user.siteAdmin)
    }
}
