/// Settings of a ``GitHubFakeServer``.
///
/// Every property has a default, so `FakeConfiguration()` is a loopback server on a free
/// port with 1,000 users, pages of 30, 60 requests an hour without a token and 5,000 an hour
/// per token, as GitHub. Docs/FAKE.md lists each GitHub behaviour the fake models, with its source.
public struct FakeConfiguration: Sendable, Codable {
    /// The address to listen on; `"127.0.0.1"` by default.
    public var host: String = "127.0.0.1"
    /// The TCP port to listen on; `0` (the default) lets the system pick a free port,
    /// which ``GitHubFakeServer/port`` reports after ``GitHubFakeServer/start()``.
    public var port: Int = 0
    /// How many users `GET /users` lists in total; 1,000 by default.
    ///
    /// The first 30 are the captured page of the real API (ids 1 to 46), then come generated
    /// users, and the last two places go to `octocat` (id 583231) and `tawk` (id 9,999,999)
    /// once `userCount` is at least 32. `octocat` and `tawk` answer `GET /users/{login}`
    /// whatever the count. Generated ids grow by 1 or 2 (about 1.5 on average), so a population
    /// of 1,000,000 ends near id 1,500,000.
    ///
    /// Generated users are named `user<id>` (`User<id>` when the id is a multiple of 5), except
    /// the seven of ``legacyLogins``, which carry the logins of real pre-2013 and managed
    /// accounts: they are the 91st to 98th users listed, so a population of at least 100 lists
    /// them all, and `GET /users?per_page=100` has them on its first page.
    public var userCount: Int = 1_000
    /// The page size of `GET /users` when the request has no `per_page`; 30 like GitHub.
    public var defaultPerPage: Int = 30
    /// The `x-ratelimit-limit` of each token's one-hour window; 5,000 by default, as GitHub
    /// gives a personal token.
    ///
    /// Each token (each distinct `Authorization` value) has a window of its own. Each counted
    /// API request decrements `x-ratelimit-remaining`; once it is 0 the API answers 403 with the
    /// captured primary-rate-limit body until the window resets. A `304 Not Modified` answer to
    /// a request with a token, and injected faults, do not count.
    public var rateLimit: Int = 5_000
    /// The `x-ratelimit-limit` of the one window shared by every request without a token; 60 by
    /// default, as GitHub. Every counted request without a token uses it, a `304` included
    /// (GitHub charges an unauthorized `304`). Once exhausted, the API answers 403 with the
    /// captured unauthenticated body.
    public var anonymousRateLimit: Int = 60
    /// The points each token may spend on GraphQL queries in its one-hour window; 5,000 by
    /// default, as GitHub gives a user (GitHub Docs, "Rate limits and query limits for the
    /// GraphQL API": "5,000 points per hour per user"). A window of its own, apart from the REST
    /// one (`x-ratelimit-resource: graphql`); GraphQL without a token answers 401.
    public var graphQLRateLimit: Int = 5_000
    /// The scopes of classic and OAuth tokens, by token (without `Bearer `); a token not
    /// listed has ``defaultTokenScopes``, unless it is a fine-grained (`github_pat_…`) or an
    /// installation token (`ghs_…`), which have none (``TokenScopes``). Empty by default.
    public var tokenScopes: [String: [String]] = [:]
    /// The scopes of a classic token not in ``tokenScopes``: those `gh auth login` grants by
    /// default, `gist, read:org, repo, workflow` (raycast/extensions #13588), which cannot
    /// read `User.email` over GraphQL.
    public var defaultTokenScopes = ["gist", "read:org", "repo", "workflow"]
    /// Whether a guarded field (`User.email`) under `@include(if: false)` or `@skip(if: true)`
    /// is still checked against the token's scopes (``ScopeCheck``): by default it is, the
    /// harsher reading.
    public var scopeCheck = ScopeCheck.document
    /// How a token without scopes that asks `User.email` is answered (``ScopelessEmail``): by
    /// default, each user's node nulled with a `FORBIDDEN` error at the field, the harsher
    /// reading.
    public var scopelessEmail = ScopelessEmail.nullsNodes
    /// GraphQL's user search counts every match in `userCount` but never gives about one
    /// account in this many (``searchWithholds(id:)``): their places in a page are left out, so the page comes
    /// short and its cursor moves on as a full one would (GraphQL's search has no
    /// `incomplete_results`; ../shared/fixtures/github/SOURCES.md). The same accounts, however
    /// asked: a rerun finds them no more than GitHub would. 13 by default, the harsher reading
    /// (Docs/FAKE.md, "Harsher readings"); `nil` gives every account.
    public var searchWithholdsEvery: Int? = 13

    /// Whether the search withholds account `id`: one in ``searchWithholdsEvery``, chosen by a
    /// hash of the id, so that the accounts withheld share no profile field (the synthetic
    /// locations cycle with the id, 13 of them).
    public func searchWithholds(id: Int) -> Bool {
        guard let every = searchWithholdsEvery else { return false }
        return ((UInt64(truncatingIfNeeded: id) &* 0x9E37_79B9_7F4A_7C15) >> 33) % UInt64(every) == 0
    }
    /// Accounts GraphQL will not give: their node is `null` with a `FORBIDDEN` error whose
    /// `path` names it, as for a SAML-protected organisation or an IP allow list (GitHub Docs,
    /// "Rate limits and query limits for the GraphQL API": nodes a token may not see come back
    /// null with an error). None by default; REST still answers them.
    public var forbiddenAccounts: Set<Int> = []
    /// A field GraphQL nulls with an error, by account id (the field's name, such as
    /// `location` or `followers`): a nullable field comes back `null`, a non-null one nulls
    /// its node (the GraphQL specification, "Handling Field Errors"), each with an error whose
    /// `path` ends at the field. None by default.
    public var graphQLFieldErrors: [Int: String] = [:]
    /// A `nodes(ids:)` query of more ids than this, or a `search` page of more accounts
    /// (`first`), ends as GitHub ends a query that runs over 10 seconds: 502 with its message,
    /// the points spent (``GraphQLFault/timeout(status:)``). 50 by default, the harsher reading
    /// (Docs/FAKE.md, "Harsher readings": what makes GitHub's query slow is not documented, so
    /// a page of GitHub's largest size, 100, times out); `nil` never times out.
    public var graphQLTimeoutAbove: Int? = 50
    /// Tokens that GitHub would refuse: a request whose `Authorization` carries one of these, or
    /// any token that starts with `bad` (`bad`, `bad-token`, `badc0ffee`…), gets
    /// `401 Bad credentials`. Empty by default.
    public var badTokens: Set<String> = []
    /// A delay added before every API response (`/users`, `/users/{login}`, `/user/{id}`); none by default.
    public var latency: Duration = .zero
    /// A delay added before every avatar response; none by default (separate from
    /// ``latency``: avatars come from another host on GitHub).
    public var avatarLatency: Duration = .zero
    /// How many entries ``FakeStats/log`` keeps (the most recent ones); 100,000 by default,
    /// so that long benchmarks do not grow the log without bound.
    public var requestLogLimit: Int = 100_000
    /// Avatars that misbehave, by user id (see ``AvatarFault``); none by default. The users'
    /// lists and profiles are unchanged.
    public var avatarFaults: [Int: AvatarFault] = [:]
    /// Avatars served as given files instead of identicons, by user id, then by size (`s`); a
    /// size not listed gets the largest file. None by default. For images made elsewhere, such
    /// as the RGB PNGs of an independent server in Tests/Fixtures/avatars/independent.
    public var avatarFiles: [Int: [Int: [UInt8]]] = [:]
    /// Avatars served in another format than PNG, by user id: a small JPEG or GIF the fake
    /// ships (the same picture at every size). None by default.
    public var avatarFormats: [Int: AvatarFormat] = [:]
    /// Users whose `avatar_url` is a private, expiring one, as GitHub gives some accounts since
    /// late 2024: `BASE/avatars/u/ID?jwt=TOKEN&v=4`. None by default.
    ///
    /// A token is issued every three quarters of ``avatarTokenLifetime`` and lives
    /// ``avatarTokenLifetime`` from its issue; an avatar request with an expired, forged or
    /// foreign `jwt` answers 404, while `BASE/avatars/u/ID?v=4` without a `jwt` keeps answering.
    public var expiringAvatarIDs: Set<Int> = []
    /// How long an avatar `jwt` lives; 20 minutes by default (GitHub issues one every 15 minutes,
    /// valid for 20).
    public var avatarTokenLifetime: Duration = .seconds(1_200)
    /// The sign-in wall of a private-mode GitHub Enterprise Server: every avatar request
    /// answers `302` to `BASE/login?return_to=URL`, which answers `200 text/html` (a sign-in
    /// page). Off by default.
    public var avatarSignInWall: Bool = false
    /// Serve avatars on a second port of ``host`` as well, as GitHub serves them from another host
    /// (`avatars.githubusercontent.com` in every captured `avatar_url`), and point every
    /// `avatar_url` there: `http://HOST:AVATARPORT/avatars/u/ID?v=4` (``GitHubFakeServer/avatarBaseURL``).
    /// That port answers avatars and the sign-in page only (404 for the API); refusing connections
    /// (``GitHubFakeServer/refuseConnections(for:)``) leaves it listening. Off by default: avatars
    /// are served by the API's port, at the same paths.
    public var separateAvatarHost: Bool = false
    /// Put before every login (`ghe-` makes user 1 `ghe-mojombo`); empty by default. Two fakes
    /// with different prefixes stand for two GitHub sites: the same ids, different users.
    /// A login renamed through ``GitHubFakeServer`` is used as given.
    public var loginPrefix: String = ""

    /// The logins of real accounts that break today's sign-up rule, given to generated users
    /// in place of `user<id>` (with ``loginPrefix`` before them, as every login):
    ///
    /// | id  | login           | place in `GET /users` | what it shows |
    /// |-----|-----------------|-----------------------|---------------|
    /// | 138 | `artur-`        | 91st | a trailing hyphen |
    /// | 139 | `mees-`         | 92nd | a trailing hyphen |
    /// | 141 | `gil--`         | 93rd | a double trailing hyphen |
    /// | 142 | `0----0`        | 94th | consecutive hyphens |
    /// | 144 | `-ACE-`         | 95th | leading and trailing hyphens, capitals |
    /// | 145 | `-Jerry-`       | 96th | leading and trailing hyphens, capitals |
    /// | 148 | `mona-cat_octo` | 98th | a managed user: `_SHORTCODE` after the IdP name |
    ///
    /// Sources: shinnn/github-username-regex #1 (`mees-`, `artur-`), #7 (`-ACE-`, `0----0`);
    /// sdboyer/gps #201 (trailing and double hyphens in all public commits); GitHub Docs,
    /// "Username considerations for external authentication"
    /// (https://docs.github.com/en/enterprise-cloud@latest/admin/managing-iam/iam-configuration-reference/username-considerations-for-external-authentication):
    /// "the new managed user will have a GitHub username in the format of @IDP-USERNAME_SHORT-CODE
    /// (for example, "mona-cat_octo")". They sit after the captured first page, among the
    /// first 100 users (a first page of `per_page=100` holds them, in a population of at least
    /// 98), but after the 90th, so that the first three pages of 30 stay `user<id>` for older tests.
    public static let legacyLogins: [Int: String] = [
        138: "artur-", 139: "mees-", 141: "gil--", 142: "0----0", 144: "-ACE-", 145: "-Jerry-", 148: "mona-cat_octo",
    ]

    /// Creates a configuration; every argument has the default documented on its property.
    public init(
        host: String = "127.0.0.1",
        port: Int = 0,
        userCount: Int = 1_000,
        defaultPerPage: Int = 30,
        rateLimit: Int = 5_000,
        anonymousRateLimit: Int = 60,
        latency: Duration = .zero,
        requestLogLimit: Int = 100_000
    ) {
        self.host = host
        self.port = port
        self.userCount = userCount
        self.defaultPerPage = defaultPerPage
        self.rateLimit = rateLimit
        self.anonymousRateLimit = anonymousRateLimit
        self.latency = latency
        self.requestLogLimit = requestLogLimit
    }
}
