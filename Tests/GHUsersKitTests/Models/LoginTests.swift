import Testing

@testable import GHUsersKit

@Suite("Login rules")
struct LoginTests {
    @Test("valid logins", arguments: ["a", "mojombo", "Tawk", "a-b", "a-b-c", "x1", String(repeating: "a", count: 39)])
    func valid(login: String) {
        #expect(Login.isValid(login))
    }

    @Test("invalid logins are refused", arguments: [
        "", String(repeating: "a", count: 40), "-a", "a-", "a--b", "../x", "a/b", "a b", " a", "a\n", "a\u{1B}[2J",
        "é", "ａ", "a_b", "a.b", "😀", "a\u{0}b",
    ])
    func invalid(login: String) {
        #expect(!Login.isValid(login))
    }
}
