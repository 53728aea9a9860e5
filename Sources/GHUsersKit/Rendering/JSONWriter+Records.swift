import Foundation

extension JSONWriter {
    /// Writes a cached user as one object: GitHub's `simple-user` (every field its schema
    /// requires, the URLs derived by `links`) plus the local `note` (string or null), `seen` and
    /// `gone`; with `profile` (`list` and `search --json`), also `"profile"`: the cached
    /// profile's `public-user` fields, `null` where unknown, with its `fetched_at` and the
    /// names of the fields it does not know (`unknown`), or `null` when none is cached.
    package mutating func write(_ details: UserDetails, links: UserLinks, profile: CachedProfile?? = .none) {
        beginObject()
        writeUserFields(details.user, links: links)
        field("note", details.note)
        field("seen", details.seen)
        field("gone", details.gone)
        if case .some(let cached) = profile {
            if let cached {
                beginObject("profile")
                writeProfileFields(cached.profile)
                field("fetched_at", Timestamp.iso8601(cached.fetchedAt))
                field("unknown", strings: Profile.Field.allCases.filter(cached.unknown.contains).map(\.rawValue))
                endObject()
            } else {
                field("profile", nil as String?)
            }
        }
        endObject()
    }

    /// Writes a search result: a user, or for a note on an uncached user an object that is not
    /// a user object: `{"login", "id", "note", "seen": false, "gone": false}` (`id` null unless an
    /// import named the account; no `node_id`, no URLs).
    package mutating func write(_ result: SearchResult, links: UserLinks, profile: CachedProfile?? = .none) {
        switch result {
        case .user(let details): write(details, links: links, profile: profile)
        case .note(let note):
            beginObject()
            field("login", note.login)
            field("id", note.userID)
            field("note", note.text)
            field("seen", false)
            field("gone", false)
            // `search --json`'s rows all have `profile`: null for a user not cached.
            if case .some = profile { field("profile", nil as String?) }
            endObject()
        }
    }

    /// Writes a profile as one object: GitHub's `public-user` fields (user and profile), then the
    /// local `note`, `seen`, `gone` and `fetched_at` (ISO 8601). Nothing else: the schema allows no
    /// other field.
    package mutating func write(_ details: ProfileDetails, links: UserLinks) {
        beginObject()
        writeUserFields(details.user, links: links)
        writeProfileFields(details.profile)
        field("note", details.note)
        field("seen", details.seen)
        field("gone", details.gone)
        field("fetched_at", Timestamp.iso8601(details.fetchedAt))
        endObject()
    }

    /// The fields `GET /users/{login}` adds to a simple user, in GitHub's order.
    private mutating func writeProfileFields(_ profile: Profile) {
        for key in Profile.Field.allCases { field(key, profile[key]) }
    }

    /// Writes a note as one object.
    package mutating func write(_ note: Note) {
        beginObject()
        field("login", note.login)
        field("id", note.userID)
        field("note", note.text)
        field("updated_at", Timestamp.iso8601(note.updatedAt))
        endObject()
    }

    /// The `simple-user` fields in GitHub's order. What the server did not send: `gravatar_id`
    /// null (allowed), `node_id` `""`, `html_url` the web page ``UserLinks`` derives,
    /// `user_view_type` left out (optional).
    private mutating func writeUserFields(_ user: User, links: UserLinks) {
        field("login", user.login)
        field("id", user.id)
        field("node_id", user.nodeID ?? "")
        field("avatar_url", user.avatarURL)
        field("gravatar_id", user.gravatarID)
        field("url", escapedPrefix: links.usersPrefix, user.login)
        if let htmlURL = user.htmlURL {
            field("html_url", htmlURL)
        } else {
            field("html_url", escapedPrefix: links.webPrefix, user.login)
        }
        for (key, suffix) in UserLinks.suffixes {
            field(key, escapedPrefix: links.usersPrefix, user.login, suffix: suffix)
        }
        field("type", user.type)
        fieldIfPresent("user_view_type", user.userViewType)
        field("site_admin", user.siteAdmin)
    }
}
