/// The search syntax's qualifiers, one entry each: how its value is read (``Kind``), what
/// GitHub's user search is asked of it (``GitHub``), whether repeating it widens the answer
/// (``Entry/alternatives``) and its help line. The parser (``SearchQuery/Qualifier``), the query
/// GitHub is asked (``SearchQuery/gitHubForm(_:)``), the errors, `search --help` and REFERENCE.md's
/// table of qualifiers come from here; each kind's test has one SQL form
/// (``StoreService/Search/Qualified``) and one in `/`'s index (``ProfileColumns``), switched on
/// without a `default:`, so that a new entry cannot be left out of one of them in silence.
///
/// Sources: GitHub Docs, "Searching users" (`type:`, `in:login|name|email`, `user:`, `org:`,
/// `fullname:`, `location:`, `repos:`, `followers:`, `created:`; "For privacy reasons, you
/// cannot search by email domain name") and "Sorting search results" (`sort:followers`,
/// `sort:repositories`, `sort:joined`, each `-asc` or `-desc`); repeated qualifiers as
/// alternatives: commits.top asks `location:finland location:suomi …` for one country
/// (lauripiispanen/most-active-github-users-counter, `top/top.go`), which only works as an OR.
public enum SearchSyntax {
    /// How a qualifier's value is read.
    public enum Kind: Sendable, Hashable {
        /// `type:user|org`.
        case type
        /// `user:LOGIN`, `org:LOGIN` (an organization).
        case account(organization: Bool)
        /// A cached profile's field, read by its storage (``Profile/Field/spec``).
        case profile(Profile.Field)
        /// `in:`: where the terms look.
        case fields
        /// Marks without a value of their own (`has:note`), each its test.
        case marks([String: SearchQuery.Qualifier.Test])
        /// `sort:`: the answer's order (``SearchQuery/Sort``).
        case sort
    }

    /// What GitHub's user search is asked of a qualifier (`search --online`).
    public enum GitHub: Sendable, Hashable {
        /// As written, exclusions too.
        case asked
        /// `created:`: the join-time windows the search walks (``SearchQuery/GitHubForm/created``).
        case joinTimeWindows
        /// `in:`: its `login`, `name` and `email`; `note` stays the cache's.
        case fields
        /// Never: the cache answers it, for the reason given.
        case never(String)
    }

    /// One qualifier.
    public struct Entry: Sendable {
        /// Its name, before the colon.
        public let name: String
        public let kind: Kind
        public let gitHub: GitHub
        /// Whether repeating it (not excluded) widens the answer: any of them matches, as
        /// GitHub reads `location:lagos location:tokyo`; `user:` and `org:` are one set.
        public let alternatives: Bool
        /// How it is written (`location:TEXT`).
        public let usage: String
        /// What it matches, or does: one line.
        public let help: String
    }

    /// Every qualifier, in the order help lists them.
    public static let entries: [Entry] = [
        Entry(
            name: "type", kind: .type, gitHub: .asked, alternatives: false, usage: "type:user, type:org",
            help: "the account is a user / an organization (from the users list: no profile needed)"),
        Entry(
            name: "user", kind: .account(organization: false), gitHub: .asked, alternatives: true, usage: "user:LOGIN",
            help: "the account is `LOGIN`; repeated (with `org:` too), any of them"),
        Entry(
            name: "org", kind: .account(organization: true), gitHub: .asked, alternatives: true, usage: "org:LOGIN",
            help: "the account is the organization `LOGIN`; repeated (with `user:` too), any of them"),
        Entry(
            name: "location", kind: .profile(.location), gitHub: .asked, alternatives: true, usage: "location:TEXT",
            help: "the cached profile's location holds the words of `TEXT` in a row, as GitHub matches them (`location:us` is \"Austin, US\", not \"Russia\"; quote spaces: `location:\"new york\"`); repeated, any of them"),
        Entry(
            name: "fullname", kind: .profile(.name), gitHub: .asked, alternatives: true, usage: "fullname:TEXT",
            help: "the cached profile's name holds the words of `TEXT` in a row; repeated, any of them"),
        Entry(
            name: "company", kind: .profile(.company), gitHub: .never("not in GitHub's user search"), alternatives: false, usage: "company:TEXT",
            help: "ours: the cached profile's company holds the words of `TEXT` in a row"),
        Entry(
            name: "bio", kind: .profile(.bio), gitHub: .never("not in GitHub's user search"), alternatives: false, usage: "bio:TEXT",
            help: "ours: the cached profile's bio holds the words of `TEXT` in a row"),
        Entry(
            name: "followers", kind: .profile(.followers), gitHub: .asked, alternatives: false, usage: "followers:N",
            help: "the cached profile's follower count is `N`, or `>N`, `>=N`, `<N`, `<=N`, `N..M`, `N..*`, `*..N`"),
        Entry(
            name: "repos", kind: .profile(.publicRepos), gitHub: .asked, alternatives: false, usage: "repos:N",
            help: "the cached profile's public repository count, as `followers:`"),
        Entry(
            name: "created", kind: .profile(.createdAt), gitHub: .joinTimeWindows, alternatives: false, usage: "created:DATE",
            help: "the account was created on `DATE` (`YYYY-MM-DD`, UTC, or `YYYY-MM-DDTHH:MM:SSZ`/`±HH:MM`), with the same operators and ranges"),
        Entry(
            name: "hireable", kind: .profile(.hireable), gitHub: .never("not in GitHub's user search"), alternatives: false,
            usage: "hireable:true, hireable:false", help: "ours: the cached profile says hireable, or does not (GitHub sends `null` for not hireable)"),
        Entry(
            name: "in", kind: .fields, gitHub: .fields, alternatives: false, usage: "in:login, in:name, in:email, in:note",
            help: "where the terms look: the login, the cached profile's name, the words of its public email before the `@` (GitHub cannot search domains), your note; several: `in:login,name`; default: login and note"),
        Entry(
            name: "has", kind: .marks(["note": .hasNote, "profile": .hasProfile]), gitHub: .never("ghusers's own"), alternatives: false,
            usage: "has:note, has:profile", help: "ours: has a note, has a cached profile"),
        Entry(
            name: "is", kind: .marks(["seen": .seen, "gone": .gone]), gitHub: .never("ghusers's own"), alternatives: false,
            usage: "is:seen, is:gone", help: "ours: was shown, is no longer listed by GitHub"),
        Entry(
            name: "sort", kind: .sort, gitHub: .never("GitHub's search is walked in join order"), alternatives: false,
            usage: "sort:KEY",
            help: "orders the answer: `followers`, `repositories` or `joined`, with `-desc` (the default) or `-asc`, ties by id (`sort:followers --limit 5`: the top five)"),
    ]

    /// The entry of the qualifier named `name` (lower case), if there is one.
    public static func entry(named name: String) -> Entry? {
        entries.first { $0.name == name }
    }

    /// The entry of profile field `field`'s qualifier, if it has one.
    static func entry(for field: Profile.Field) -> Entry? {
        entries.first { $0.kind == .profile(field) }
    }

    /// The qualifier name `name` was most likely meant to be: one at most two edits away
    /// (`locaton` → `location`), as a misspelt command is answered.
    static func closest(to name: String) -> String? {
        func distance(_ a: [Character], _ b: [Character]) -> Int {
            var row = Array(0...b.count)
            for (i, x) in a.enumerated() {
                var previous = row[0]
                row[0] = i + 1
                for (j, y) in b.enumerated() {
                    let substitution = previous + (x == y ? 0 : 1)
                    previous = row[j + 1]
                    row[j + 1] = min(substitution, row[j] + 1, row[j + 1] + 1)
                }
            }
            return row[b.count]
        }
        let scored = names.map { ($0, distance(Array(name), Array($0))) }.filter { $0.1 <= 2 && $0.1 < $0.0.count }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// The qualifiers' names, as the error for an unknown one lists them.
    static var names: [String] { entries.map(\.name) }

    /// `search --help`'s list of qualifiers: each `usage: help`, wrapped at `width` columns
    /// with the lines after the first indented.
    public static func helpText(width: Int = 78) -> String {
        entries.map { entry in
            var lines: [String] = []
            var line = ""
            for word in "\(entry.usage): \(entry.help)".replacing("`", with: "").split(separator: " ") {
                if !line.isEmpty, line.count + 1 + word.count > width {
                    lines.append(line)
                    line = "    "
                }
                line += (line.isEmpty || line == "    " ? "" : " ") + word
            }
            return (lines + [line]).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// Docs/REFERENCE.md's table of qualifiers, in Markdown (a test holds it to the catalog).
    public static var markdownTable: String {
        let rows = entries.map { entry in
            let usage = entry.usage.split(separator: ", ").map { "`\($0)`" }.joined(separator: ", ")
            let asked: String
            switch entry.gitHub {
            case .asked, .joinTimeWindows: asked = "yes"
            case .fields: asked = "login, name, email"
            case .never(let reason): asked = "no (\(reason))"
            }
            return "| \(usage) | \(entry.help) | \(asked) |"
        }
        return (["| qualifier | meaning | asked of GitHub by `--online` |", "| --- | --- | --- |"] + rows).joined(separator: "\n")
    }
}
