import Testing

@testable import ghusers

/// The line that says how many profiles have no known email, why, and what fetching them costs.
@Suite("Unknown emails, said")
struct UnknownEmailsTests {
    @Test("nothing to say for none")
    func none() {
        #expect(UnknownEmails.sentence(0, scopes: "repo", rate: 5_000) == nil)
    }

    @Test("gh's scopes are named, and the cost is the core requests at the token's rate")
    func ghScopes() {
        let line = UnknownEmails.sentence(1_182, scopes: "gist, read:org, repo, workflow", rate: 5_000)
        #expect(
            line == "1182 profiles saved have no known email: the token's scopes (gist, read:org, repo, workflow) include neither "
                + "user:email nor read:user, which GraphQL asks for emails; `ghusers profiles prefetch --complete` fetches them over REST: "
                + "1182 core requests, about 15 min at 5000 an hour")
    }

    @Test("hours past 90 minutes; a token without scopes and one that may read emails get their own why", arguments: [
        (12_000, nil as String?, 5_000, "about 2 h", "it has no scopes"),
        (1, "user:email", 60, "about 1 min", "GitHub's answer left them unknown"),
        (61, "", 60, "about 61 min", "scopes (none)"),
    ])
    func variants(count: Int, scopes: String?, rate: Int, time: String, why: String) throws {
        let line = try #require(UnknownEmails.sentence(count, scopes: scopes, rate: rate))
        #expect(line.contains(time) && line.contains(why), "\(line)")
    }
}
