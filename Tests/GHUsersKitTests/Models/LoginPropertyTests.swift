import Foundation
import PropertyBased
import Testing

@testable import GHUsersKit

@Suite("Login validator, property-based")
struct LoginPropertyTests {
    /// Every name GitHub has allowed, as a regular expression: an independent statement of what
    /// ``Login`` codes by hand (letters, digits, `-` and `_` in any order, a bot's `[bot]`).
    static let reference = try! NSRegularExpression(pattern: "\\A[A-Za-z0-9_-]+(?:\\[bot\\])?\\z")

    static func referenceIsValid(_ login: String) -> Bool {
        guard login.utf8.count <= 39 else { return false }
        let range = NSRange(login.startIndex..., in: login)
        return reference.firstMatch(in: login, range: range) != nil
    }

    static let candidates = Gen<Character?>.element(of: Array("aZ09--__/.? %#é\n\u{1B}[]") as [Character]).map { $0! }.string(of: 0...45)

    /// Logins of every shape GitHub has handed out: today's rule, old hyphens anywhere, managed
    /// users' `_SHORTCODE`, and bots.
    static let realLogins = Gen<Character?>.element(of: Array("abzAZ09-_") as [Character]).map { $0! }.string(of: 1...34)

    @Test("agrees with the regular expression on arbitrary strings")
    func agreesWithReference() async {
        await propertyCheck(count: PropertyScale.count(3_000), input: Self.candidates) { login in
            #expect(Login.isValid(login) == Self.referenceIsValid(login), "\(login.debugDescription)")
        }
    }

    @Test("every login GitHub has allowed passes, with or without a bot's suffix")
    func realLoginsPass() async {
        await propertyCheck(count: PropertyScale.count(2_000), input: Self.realLogins) { login in
            #expect(Login.isValid(login), "\(login.debugDescription)")
            #expect(Login.isValid(login + "[bot]"), "\(login.debugDescription)")
        }
    }

    @Test("anything valid is safe in a URL path and a terminal; '/', '?', '%', space and controls never pass")
    func validIsSafe() async {
        await propertyCheck(count: PropertyScale.count(2_000), input: Self.candidates) { login in
            guard Login.isValid(login), let component = try? Login.pathComponent(login) else {
                #expect(throws: User.ValidationError.self) { try Login.pathComponent(login) }
                return
            }
            #expect(!login.contains(where: { "/.?% #\n\u{1B}".contains($0) }))
            #expect(TerminalSanitizer.sanitize(login) == login)
            #expect(component.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_%".contains($0)) })
            #expect(component.removingPercentEncoding == login)
        }
    }
}
