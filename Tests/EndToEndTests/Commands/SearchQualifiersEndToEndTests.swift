import Foundation
import GitHubFake
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `ghusers search` with GitHub's user-search qualifiers, on profiles prefetched
/// from the fake: each query returns exactly the users whose profiles, as the fake serves them,
/// hold it. The expected users come from the fake's own answers (`GET /users/{login}`), not
/// from numbers written here.
@Suite("search with qualifiers")
struct SearchQualifiersEndToEndTests {
    /// One cached user as the fake describes it.
    struct Account {
        var login: String
        var fields: [String: Any]
        var organization: Bool { fields["type"] as? String == "Organization" }
        func text(_ key: String) -> String { (fields[key] as? String ?? "").lowercased() }
        /// Whether the field holds `phrase`'s words in a row, as GitHub's search matches a text
        /// qualifier (whole words: `location:us` is not Russia).
        func words(_ key: String, _ phrase: String) -> Bool {
            let split = { (text: String) in text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init) }
            let (words, wanted) = (split(fields[key] as? String ?? ""), split(phrase))
            return words.count >= wanted.count && (0...(words.count - wanted.count)).contains { Array(words[$0..<$0 + wanted.count]) == wanted }
        }
        func number(_ key: String) -> Int? { fields[key] as? Int }
    }

    /// 100 users cached and their profiles prefetched over GraphQL; the fake's REST profile of each.
    static func prefetched(_ world: EndToEnd) async throws -> [Account] {
        #expect(try await world.run("next-page").status == 0)
        let prefetch = try await world.run(["profiles", "prefetch"], environment: ProfilesPrefetchEndToEndTests.token)
        #expect(prefetch.status == 0, "\(prefetch)")
        var accounts: [Account] = []
        for login in try await world.cachedLogins() {
            let (data, _) = try await URLSession.shared.data(from: URL(string: "\(world.server.baseURL)/users/\(login)")!)
            accounts.append(Account(login: login, fields: try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]))
        }
        return accounts
    }

    /// The logins `search QUERY --json` prints, and the run.
    static func search(_ world: EndToEnd, _ query: String) async throws -> (logins: Set<String>, result: GHUsersProcess.Result) {
        let result = try await world.run("search", query, "--offline", "--json")
        let rows = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [[String: Any]] ?? []
        return (Set(rows.compactMap { $0["login"] as? String }), result)
    }

    @Test("after profiles prefetch, each qualifier finds exactly the users whose profiles the fake serves with it")
    func qualifiersMatchTheFakesProfiles() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 100)) { world in
            let accounts = try await Self.prefetched(world)
            let created = accounts.compactMap { $0.fields["created_at"] as? String }.sorted()
            let middle = created[created.count / 2]
            // Organizations came over GraphQL without followers (unknown): no followers qualifier matches them.
            let cases: [(String, (Account) -> Bool)] = [
                ("location:berlin", { $0.words("location", "berlin") }),
                ("!location:berlin", { !$0.words("location", "berlin") }),
                ("location:\"são paulo\"", { $0.words("location", "são paulo") }),
                ("location:ZÜRICH", { $0.words("location", "zürich") }),
                // Whole words, as GitHub matches them: not Russia, not Columbus.
                ("location:us", { $0.words("location", "us") }),
                ("location:\"new york\"", { $0.words("location", "new york") }),
                // An organization's company is null and its bio its description, over GraphQL as over REST.
                ("company:fake-org", { $0.words("company", "fake-org") }),
                ("bio:synthetic", { $0.words("bio", "synthetic") }),
                ("followers:>500", { !$0.organization && ($0.number("followers") ?? 0) > 500 }),
                ("followers:100..300 type:user", { !$0.organization && (100...300).contains($0.number("followers") ?? -1) }),
                ("repos:<=10", { ($0.number("public_repos") ?? .max) <= 10 }),
                ("!type:org", { !$0.organization }),
                ("created:<=\(middle)", { ($0.fields["created_at"] as? String ?? "~") <= middle }),
                ("fullname:\"fake user 1\"", { $0.words("name", "fake user 1") }),
                ("1 in:name", { $0.text("name").contains("1") }),
                // GitHub sends null, not false, for an account not hireable.
                ("hireable:true", { $0.fields["hireable"] as? Bool == true }),
                ("hireable:false type:user", { !$0.organization && $0.fields["hireable"] as? Bool != true }),
            ]
            for (query, holds) in cases {
                let (found, result) = try await Self.search(world, query)
                #expect(result.status == 0, "\(query): \(result)")
                #expect(found == Set(accounts.filter(holds).map(\.login)), "\(query)")
                #expect(!result.stderr.contains("no profile yet"), "\(query): every profile is cached")
            }
            // gh's token reads no user's email over GraphQL (an organization's needs no scope):
            // in:email finds the organizations by the words before the @ (GitHub cannot search
            // domains) and says the users' emails are unknown.
            let localWords = { (account: Account) in account.text("email").prefix { $0 != "@" }.split { !$0.isLetter && !$0.isNumber }.map(String.init) }
            let word = try #require(accounts.first { $0.organization && !localWords($0).isEmpty }.flatMap { localWords($0).first })
            let (emailed, emails) = try await Self.search(world, "\(word) in:email")
            #expect(emailed == Set(accounts.filter { $0.organization && localWords($0).contains(word) }.map(\.login)) && !emailed.isEmpty, "\(emails)")
            #expect(emails.stderr.contains("cached profiles do not know their email") && emails.stderr.contains("search --online"), "\(emails)")
            let (domain, _) = try await Self.search(world, "example in:email")
            #expect(domain.isEmpty, "the domain is not searched")
            // Free text and a qualifier: both must hold.
            let (found, _) = try await Self.search(world, "user location:berlin")
            #expect(found == Set(accounts.filter { $0.login.lowercased().contains("user") && $0.text("location").contains("berlin") }.map(\.login)))
        }
    }

    @Test("sort:followers-desc --limit 5 over two places: the five most-followed of both; a bad sort: exits 64 naming the valid ones")
    func topFiveOfTwoPlaces() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 100)) { world in
            let accounts = try await Self.prefetched(world)
            // When
            let result = try await world.run("search", "location:berlin location:lagos sort:followers-desc", "--offline", "--json", "--limit", "5")
            // Then: the fake's own followers, highest first, ties by id (users: organizations' followers are unknown over GraphQL).
            #expect(result.status == 0, "\(result)")
            let rows = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [[String: Any]] ?? []
            let places = accounts.filter { !$0.organization && ($0.words("location", "berlin") || $0.words("location", "lagos")) }
            let expected = places.sorted { ($0.number("followers") ?? -1, -($0.number("id") ?? 0)) > ($1.number("followers") ?? -1, -($1.number("id") ?? 0)) }.prefix(5).map(\.login)
            #expect(expected.count == 5 && rows.compactMap { $0["login"] as? String } == Array(expected), "\(result.stdout)")
            // Places written with Unicode's punctuation are found by each word.
            let (japan, _) = try await Self.search(world, "location:japan")
            #expect(!japan.isEmpty && japan == Set(accounts.filter { $0.text("location").contains("japan") }.map(\.login)))
            // Organizations prefetched over GraphQL have no follower count: listed last, and said.
            let organizations = try await world.run("search", "sort:followers type:org", "--offline")
            #expect(organizations.status == 0 && organizations.stderr.contains("not know their followers") && organizations.stderr.contains("sort: lists after the others"), "\(organizations)")
            let bad = try await world.run("search", "sort:stars", "--offline")
            #expect(bad.status == 64 && bad.stderr.contains("sort: takes followers, followers-asc, repositories"), "\(bad)")
        }
    }

    @Test("before prefetch a profile qualifier finds nothing and says how many users have no profile, naming profiles prefetch")
    func saysWhatIsMissing() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 100)) { world in
            #expect(try await world.run("next-page").status == 0)
            let result = try await world.run("search", "location:berlin", "--offline")
            #expect(result.status == 1, "nothing found is exit 1, as grep: \(result)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("100 cached users have no profile yet") && result.stderr.contains("ghusers profiles prefetch"), "\(result)")
            // type: needs no profile: the users list has it.
            let organizations = try await world.run("search", "type:org", "--offline")
            #expect(organizations.status == 0 && !organizations.stdout.isEmpty && !organizations.stderr.contains("no profile yet"), "\(organizations)")
        }
    }

    @Test("an unknown qualifier or a malformed value is one line on stderr and exit 64, never an empty result")
    func problems() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 100)) { world in
            #expect(try await world.run("next-page").status == 0)
            for query in ["locaton:berlin", "followers:lots", "created:2015-02-30", "in:bio x"] {
                let result = try await world.run("search", query, "--offline")
                #expect(result.status == 64, "\(query): \(result)")
                #expect(result.stdout.isEmpty)
                let lines = result.stderr.split(separator: "\n")
                #expect(lines.count == 1 && lines[0].hasPrefix("ghusers: error: "), "\(query): \(result.stderr)")
            }
            // search --help (and so the man page, made from it) documents them.
            let help = try await world.run("search", "--help")
            for word in ["type:user", "location:", "followers:", "created:", "in:login", "has:note", "is:gone", "prefetch"] {
                #expect(help.stdout.contains(word), "search --help names \(word)")
            }
            // GitHub's - excludes too; in a shell word of its own it goes after --.
            let dashed = try await world.run("search", "--offline", "--", "-type:org")
            let excluded = try await world.run("search", "--offline", "!type:org")
            #expect(dashed.status == 0 && dashed.stdout == excluded.stdout && !dashed.stdout.isEmpty, "\(dashed)")
            // The text itself, written as fzf's exact term, is searched.
            #expect(try await world.run("note", "mojombo", "ratio a:b").status == 0)
            let literal = try await world.run("search", "'a:b", "--offline")
            #expect(literal.status == 0 && literal.stdout.contains("mojombo"), "\(literal)")
        }
    }
}
