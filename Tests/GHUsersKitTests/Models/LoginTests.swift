import Testing

@testable import GHUsersKit

@Suite("Login rules")
struct LoginTests {
    @Test(
        "real logins of every era pass: today's, pre-2013 hyphens, managed users, bots",
        arguments: [
            "a", "mojombo", "Tawk", "a-b", "a-b-c", "x1", String(repeating: "a", count: 39),
            // Accounts from before today's sign-up rule (shinnn/github-username-regex #1, #4, #7).
            "artur-", "mees-", "foo-", "gil--", "0----0", "-ACE-", "-Jerry-", "-",
            // Managed users: HANDLE_SHORTCODE (GitHub Docs, "Username considerations for external authentication").
            "mona-cat_octo", "a_b",
            // Bot accounts.
            "dependabot[bot]", "github-actions[bot]",
        ])
    func valid(login: String) {
        #expect(Login.isValid(login))
    }

    @Test(
        "what would break a URL, a terminal or the database is refused",
        arguments: [
            "", String(repeating: "a", count: 40), "../x", "a/b", "a b", " a", "a\n", "a\u{1B}[2J", "é", "ａ", "a.b",
            "😀", "a\u{0}b", "a?b", "a%2Fb", "a#b", "[bot]", "a[bot]b", "a[bot", "bot]", String(repeating: "a", count: 35) + "[bot]",
        ])
    func invalid(login: String) {
        #expect(!Login.isValid(login))
    }

    @Test("a bot's brackets are percent-encoded in a URL path; other logins go as they are")
    func pathComponent() throws {
        #expect(try Login.pathComponent("dependabot[bot]") == "dependabot%5Bbot%5D")
        #expect(try Login.pathComponent("-ACE-") == "-ACE-")
        #expect(try Login.pathComponent("mona-cat_octo") == "mona-cat_octo")
        #expect(throws: User.ValidationError.invalidLogin("a/b")) { try Login.pathComponent("a/b") }
    }
}
