/// The public fields of a GitHub account (`GET /users/{login}`, GitHub's `public-user`), beyond
/// those of ``User``.
///
/// Every field GitHub may send as `null` is optional here; unknown fields are ignored.
public struct Profile: Codable, Sendable, Hashable {
    public var name: String?
    public var company: String?
    public var blog: String?
    public var location: String?
    public var email: String?
    public var hireable: Bool?
    public var bio: String?
    public var twitterUsername: String?
    public var publicRepos: Int?
    public var publicGists: Int?
    public var followers: Int?
    public var following: Int?
    /// ISO 8601, as GitHub sends it.
    public var createdAt: String?
    /// ISO 8601, as GitHub sends it.
    public var updatedAt: String?

    /// Creates a profile; every field defaults to absent.
    public init(
        name: String? = nil, company: String? = nil, blog: String? = nil, location: String? = nil,
        email: String? = nil, hireable: Bool? = nil, bio: String? = nil, twitterUsername: String? = nil,
        publicRepos: Int? = nil, publicGists: Int? = nil, followers: Int? = nil, following: Int? = nil,
        createdAt: String? = nil, updatedAt: String? = nil
    ) {
        self.name = name
        self.company = company
        self.blog = blog
        self.location = location
        self.email = email
        self.hireable = hireable
        self.bio = bio
        self.twitterUsername = twitterUsername
        self.publicRepos = publicRepos
        self.publicGists = publicGists
        self.followers = followers
        self.following = following
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case name, company, blog, location, email, hireable, bio, followers, following
        case twitterUsername = "twitter_username"
        case publicRepos = "public_repos"
        case publicGists = "public_gists"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    /// A field of a profile, named by its JSON key in GitHub's `public-user` object.
    public typealias Field = CodingKeys

    /// Longest text kept for one field; longer values are cut (a hostile server cannot fill the
    /// database or the screen).
    public static let maximumFieldLength = 1_024

    /// The same profile with every text field cut to ``maximumFieldLength`` characters.
    public func capped() -> Profile {
        func cap(_ value: String?) -> String? { value.map { String($0.prefix(Self.maximumFieldLength)) } }
        var copy = self
        copy.name = cap(name)
        copy.company = cap(company)
        copy.blog = cap(blog)
        copy.location = cap(location)
        copy.email = cap(email)
        copy.bio = cap(bio)
        copy.twitterUsername = cap(twitterUsername)
        copy.createdAt = cap(createdAt)
        copy.updatedAt = cap(updatedAt)
        return copy
    }
}

extension Profile {
    /// This profile with `fields` taken from `other` (the rest kept).
    public func copying(_ fields: Set<Field>, from other: Profile) -> Profile {
        var copy = self
        for field in fields {
            switch field {
            case .name: copy.name = other.name
            case .company: copy.company = other.company
            case .blog: copy.blog = other.blog
            case .location: copy.location = other.location
            case .email: copy.email = other.email
            case .hireable: copy.hireable = other.hireable
            case .bio: copy.bio = other.bio
            case .twitterUsername: copy.twitterUsername = other.twitterUsername
            case .publicRepos: copy.publicRepos = other.publicRepos
            case .publicGists: copy.publicGists = other.publicGists
            case .followers: copy.followers = other.followers
            case .following: copy.following = other.following
            case .createdAt: copy.createdAt = other.createdAt
            case .updatedAt: copy.updatedAt = other.updatedAt
            }
        }
        return copy
    }

    /// This profile with `unknown` fields absent: an unknown value is never stored as one.
    public func knowing(_ unknown: Set<Field>) -> Profile {
        unknown.isEmpty ? self : copying(unknown, from: Profile())
    }
}

extension Profile.Field {
    /// `fields` as a column value: their JSON keys in GitHub's order, comma-separated (`""` for none).
    static func text(_ fields: Set<Profile.Field>) -> String {
        allCases.filter(fields.contains).map(\.rawValue).joined(separator: ",")
    }

    /// The fields a column value of ``text(_:)`` names; unknown names are left out.
    static func set(_ text: String?) -> Set<Profile.Field> {
        Set((text ?? "").split(separator: ",").compactMap { Profile.Field(rawValue: String($0)) })
    }
}
