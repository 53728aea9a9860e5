import Foundation
import PropertyBased
import Testing

@testable import GHUsersKit

@Suite("Start-up-cheap replacements for Foundation helpers")
struct StartupHelpersTests {
    @Test("Timestamp.iso8601 matches ISO8601DateFormatter to the second")
    func timestamps() async {
        let reference = ISO8601DateFormatter()
        await propertyCheck(count: PropertyScale.count(500), input: Gen<Int>.value(in: 0...4_102_444_800)) { seconds in
            let date = Date(timeIntervalSince1970: TimeInterval(seconds) + 0.75)
            #expect(Timestamp.iso8601(date) == reference.string(from: date))
        }
    }

    @Test("trimmed drops white space and newlines at both ends only", arguments: [
        ("  octo \n", "octo"), ("\t\n", ""), ("", ""), ("a b", "a b"), (" ✎ note ", "✎ note"), ("\u{3000}x\u{A0}", "x"),
    ])
    func trimming(input: String, expected: String) {
        #expect(input.trimmed == expected)
        #expect(input.trimmed == input.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test("a home given with ~ is made absolute; other paths are left alone")
    func tilde() {
        #expect(GHUsersPaths.expandingTilde("~/data", home: "/home/me") == "/home/me/data")
        #expect(GHUsersPaths.expandingTilde("~", home: "/home/me") == "/home/me")
        #expect(GHUsersPaths.expandingTilde("~other/x", home: "/home/me") == "~other/x")
        #expect(GHUsersPaths.expandingTilde("/abs/~/x", home: "/home/me") == "/abs/~/x")
        #expect(GHUsersPaths.resolve(home: "~/gh", environment: ["HOME": "/home/me"], site: .gitHubDotCom).database.path == "/home/me/gh/sites/api.github.com/ghusers.sqlite")
    }
}
