import Foundation
import GitHubFake
import Testing

/// `browse`'s `/` with GitHub's user-search qualifiers in a real terminal (tmux):
/// the list shows as many matches as `ghusers search` finds (which SearchQualifiersEndToEndTests
/// holds to the fake's profiles), and a mistyped qualifier is a line in the query line.
@Suite("browse in tmux: search qualifiers", .serialized, .enabled(if: TmuxScreen.isAvailable))
struct BrowseQualifierScreenTests {
    @Test("/ with a qualifier lists the users search finds; a problem is said in the query line and the matches stay")
    func qualifiers() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 100)) { world in
            // Given: 100 users and their profiles cached
            #expect(try await world.run("next-page").status == 0)
            #expect(try await world.run(["profiles", "prefetch"], environment: ProfilesPrefetchEndToEndTests.token).status == 0)
            let organizations = try await SearchQualifiersEndToEndTests.search(world, "type:org").logins.count
            let berlin = try await SearchQualifiersEndToEndTests.search(world, "location:berlin !type:org").logins.count
            #expect(organizations > 0 && berlin > 0)
            let session = try await BrowseModesScreenTests.browse(world)
            defer { session.close() }
            // When: a qualifier alone, then one with an exclusion
            try await session.send("/")
            try await session.send("type:org", literal: true)
            try await session.waitFor("the organizations") { $0.contains("of \(organizations)") && $0.contains("“type:org”") }
            try await session.send("C-u")
            try await session.send("location:berlin !type:org", literal: true)
            try await session.waitFor("Berlin's users") { $0.contains("of \(berlin)") && $0.contains("“location:berlin !type:org”") }
            // A mistyped qualifier: said in the query line (typed, `locaton` was a term first: no matches)
            try await session.send(" locaton:x", literal: true)
            try await session.waitFor("the problem") { $0.contains("“locaton:” is not a qualifier") && $0.contains("“location:berlin !type:org locaton”") }
            // Enter does not keep a query with a problem; erasing it searches again
            try await session.send("Enter")
            try await session.waitFor("still editing") { $0.contains("is not a qualifier") }
            try await session.send("C-w")
            try await session.waitFor("the problem gone") { !$0.contains("is not a qualifier") && $0.contains("of \(berlin)") }
        }
    }
}
