/// Settings of a ``GitHubFakeServer``.
///
/// Every property has a default, so `FakeConfiguration()` is a loopback server on a free
/// port with 1,000 users, pages of 30 and 5,000 requests per rate-limit window.
public struct FakeConfiguration: Sendable {
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
    public var userCount: Int = 1_000
    /// The page size of `GET /users` when the request has no `per_page`; 30 like GitHub.
    public var defaultPerPage: Int = 30
    /// The `x-ratelimit-limit` of a one-hour window; 5,000 by default.
    ///
    /// Each counted API request decrements `x-ratelimit-remaining`; once it is 0 the API
    /// answers 403 with the captured primary-rate-limit body until the window resets.
    /// `304 Not Modified` answers and injected faults do not count.
    public var rateLimit: Int = 5_000
    /// A delay added before every API response (`/users`, `/users/{login}`); none by default.
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
    /// Put before every login (`ghe-` makes user 1 `ghe-mojombo`); empty by default. Two fakes
    /// with different prefixes stand for two GitHub sites: the same ids, different users.
    /// A login renamed through ``GitHubFakeServer`` is used as given.
    public var loginPrefix: String = ""

    /// Creates a configuration; every argument has the default documented on its property.
    public init(
        host: String = "127.0.0.1",
        port: Int = 0,
        userCount: Int = 1_000,
        defaultPerPage: Int = 30,
        rateLimit: Int = 5_000,
        latency: Duration = .zero,
        requestLogLimit: Int = 100_000
    ) {
        self.host = host
        self.port = port
        self.userCount = userCount
        self.defaultPerPage = defaultPerPage
        self.rateLimit = rateLimit
        self.latency = latency
        self.requestLogLimit = requestLogLimit
    }
}
