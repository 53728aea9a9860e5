import Foundation
import PropertyBased
import Testing

@testable import GHUsersKit

@Suite("Login validator, property-based")
struct LoginPropertyTests {
    /// GitHub's rule as a regular expression: an independent statement of what ``Login`` codes by hand.
    static let reference = try! NSRegularExpression(pattern: "\\A[A-Za-z0-9](?:-?[A-Za-z0-9])*\\z")

    static func referenceIsValid(_ login: String) -> Bool {
        guard login.utf8.count <= 39 else { return false }
        let range = NSRange(login.startIndex..., in: login)
        return reference.firstMatch(in: login, range: range) != nil
    }

    static let candidates = Gen<Character?>.element(of: Array("aZ09--_/. é\n\u{1B}") as [Character]).map { $0! }.string(of: 0...45)

    @Test("agrees with the regular expression on arbitrary strings")
    func agreesWithReference() async {
        await propertyCheck(count: PropertyScale.count(3_000), input: Self.candidates) { login in
            #expect(Login.isValid(login) == Self.referenceIsValid(login), "\(login.debugDescription)")
        }
    }

    @Test("anything valid is safe in a URL path and a terminal")
    func validIsSafe() async {
        await propertyCheck(count: PropertyScale.count(2_000), input: Self.candidates) { login in
            guard Login.isValid(login) else { return }
            #expect(!login.contains("/") && !login.contains(".") && !login.contains(" "))
            #expect(TerminalSanitizer.sanitize(login) == login)
            #expect(login.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) == login)
        }
    }
}
