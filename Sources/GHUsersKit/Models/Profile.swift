/// The public fields of a GitHub account (`GET /users/{login}`, GitHub's `public-user`), beyond
/// those of ``User``.
///
/// Every field GitHub may send as `null` is optional here; unknown fields are ignored.
///
/// A field is declared here, once: its stored property, its case of ``Field`` and that case's
/// row of ``Field/spec``. The database, the JSON, `ghusers profile`, the GraphQL query and both
/// qualifier engines read the table (Profile+Values.swift); a new field also needs its column
/// (a migration, AppDatabase+Schema.swift, that also clears the ETags) and, for the tests,
/// github-fake's answer.
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

    /// A field of a profile, named by its JSON key in GitHub's `public-user` object (also its
    /// column in the `profile` table), in GitHub's order.
    public enum Field: String, CodingKey, CaseIterable, Sendable {
        case name, company, blog, location, email, hireable, bio
        case twitterUsername = "twitter_username"
        case publicRepos = "public_repos"
        case publicGists = "public_gists"
        case followers, following
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    public typealias CodingKeys = Field
}

extension Profile.Field {
    /// Everything ghusers knows of a field, one row a field (``Profile/Field/Spec`` says what
    /// each column means). Where GraphQL differs from REST (GitHub's schema,
    /// ../shared/fixtures/github/graphql-schema.graphql, against the captured `GET /users/…`
    /// bodies):
    /// - `public_repos` is `repositories(privacy: PUBLIC, ownerAffiliations: [OWNER])`: REST
    ///   counts the public repositories the account owns; the connection's default affiliations
    ///   are owner *or* collaborator. `public_gists` is `gists(privacy: PUBLIC)`.
    /// - `blog` is `websiteUrl`, `""` when unset as REST sends it; `hireable` is `isHireable`,
    ///   `null` when false as REST sends it; `User.email` is `""` when not public, REST's `null`.
    /// - `User.email` needs the `user:email` or `read:user` scope, and GitHub refuses the whole
    ///   query of a token without it (`INSUFFICIENT_SCOPES`, `"data": null`: captured in
    ///   mntnr/name-your-contributors #67; gh's default scopes `gist, read:org, repo, workflow`
    ///   lack both, raycast/extensions #13588). GitHub checks the document as written: its
    ///   refusal points at the field's place in it (atom/github #660), it "validates the whole
    ///   GraphQL document before executing it and rejects it outright" (constructorfabric/insight
    ///   #2318), and no source says `@include(if: false)` escapes that. So it is `.guarded`: a
    ///   document for a token that may not read it is built without it; an email not asked is
    ///   unknown, never "none". `Organization.email` is `String` where
    ///   `User.email` is `String!`: fields that overlap must merge, so it is aliased.
    /// - An `Organization`'s `bio` is its `description`; REST gives an organization `company`
    ///   null, `public_gists` 0 and `following` 0; GraphQL has no `followers` for it, which stays
    ///   unknown (never 0) until `profile` completes it over REST.
    ///
    /// Qualifiers are GitHub's "Searching users" (docs.github.com: `fullname:`, `location:`,
    /// `repos:`, `followers:`, `created:`) and ours (`company:`, `bio:`, `hireable:`, read as
    /// the REST field). `bio` is not kept in `browse`'s index (too long); SQLite answers it.
    public var spec: Spec {
        switch self {
        case .name: Spec(.text(\.name), qualifier: "fullname", indexed: true)
        case .company: Spec(.text(\.company), label: "company", qualifier: "company", indexed: true, organization: .fixed(.text(nil)))
        case .blog: Spec(.text(\.blog), label: "blog", user: .asked("websiteUrl", null: .text("")))
        case .location: Spec(.text(\.location), label: "location", qualifier: "location", indexed: true)
        case .email:
            Spec(.text(\.email), label: "email", indexed: true, user: .guarded("email"), organization: .asked("organizationEmail: email"))
        case .hireable: Spec(.flag(\.hireable), label: "hireable", qualifier: "hireable", indexed: true, user: .asked("isHireable"), organization: .fixed(.flag(nil)))
        case .bio: Spec(.text(\.bio), qualifier: "bio", organization: .asked("description"))
        case .twitterUsername: Spec(.text(\.twitterUsername), label: "twitter", shownAfter: "@", user: .asked("twitterUsername"))
        case .publicRepos:
            Spec(
                .count(\.publicRepos), label: "repos", qualifier: "repos", indexed: true,
                user: .asked("repositories(privacy: PUBLIC, ownerAffiliations: [OWNER]) { totalCount }"), interface: "RepositoryOwner")
        case .publicGists: Spec(.count(\.publicGists), label: "gists", user: .asked("gists(privacy: PUBLIC) { totalCount }"), organization: .fixed(.count(0)))
        case .followers: Spec(.count(\.followers), label: "followers", qualifier: "followers", indexed: true, user: .asked("followers { totalCount }"), organization: .unknown)
        case .following: Spec(.count(\.following), label: "following", user: .asked("following { totalCount }"), organization: .fixed(.count(0)))
        case .createdAt: Spec(.date(\.createdAt), label: "joined", qualifier: "created", indexed: true, user: .asked("createdAt"))
        case .updatedAt: Spec(.date(\.updatedAt), user: .asked("updatedAt"))
        }
    }
}
