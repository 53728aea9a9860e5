import Foundation
import Testing

/// `ghusers browse` on each of two sites sharing a home (see ``SitesEndToEndTests``).
@Suite("browse on several sites", .serialized, .enabled(if: TmuxScreen.isAvailable))
struct SitesScreenTests {
    @Test("browse shows the current site's users and notes only")
    func browseEachSite() async throws {
        try await SitesEndToEndTests.withTwoSites { dotcom, ghe in
            #expect(try await dotcom.run("next-page").status == 0)
            #expect(try await ghe.run("next-page").status == 0)
            #expect(try await ghe.run("note", "ghe-mojombo", "enterprise note").status == 0)

            let onDotcom = try await BrowseScreenTests.browse(dotcom, "--avatars never")
            defer { onDotcom.close() }
            let dotcomScreen = try await onDotcom.waitFor("github.com's first frame") { $0.contains("row 1 of 100 cached") }
            #expect(dotcomScreen.contains("mojombo") && !dotcomScreen.contains("ghe-") && !dotcomScreen.contains("enterprise note"), "\(dotcomScreen)")
            try await onDotcom.send("q")
            try await onDotcom.waitFor("the exit") { $0.contains("__EXIT 0") }

            let onGHE = try await BrowseScreenTests.browse(ghe, "--avatars never")
            defer { onGHE.close() }
            let gheScreen = try await onGHE.waitFor("the Enterprise site's first frame") { $0.contains("row 1 of 100 cached") }
            #expect(gheScreen.contains("ghe-mojombo") && gheScreen.contains("ghe-defunkt"), "\(gheScreen)")
            #expect(!gheScreen.split(separator: "\n").contains { $0.contains("defunkt") && !$0.contains("ghe-defunkt") }, "\(gheScreen)")
            try await onGHE.send("q")
            try await onGHE.waitFor("the exit") { $0.contains("__EXIT 0") }
        }
    }
}
