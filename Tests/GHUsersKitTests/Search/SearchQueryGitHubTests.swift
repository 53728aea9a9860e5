import Testing

@testable import GHUsersKit

/// What `search --online` asks GitHub of a query, and what it leaves to the cache.
@Suite("Search query: its GitHub form")
struct SearchQueryGitHubTests {
    @Test("GitHub's qualifiers go as typed, ! becomes GitHub's -, terms look in the login; the rest stays local")
    func form() {
        let form = SearchQuery.gitHubForm("nat location:\"New York\" !type:org followers:>100 company:acme has:note ^a !bot")
        #expect(form.query == "nat location:\"New York\" -type:org followers:>100 in:login")
        #expect(form.local == ["company:acme", "has:note", "^a", "!bot"])
        #expect(form.created == nil && form.asksGitHub)
    }

    @Test("created: becomes the window's bounds (both ends included); in: chooses the fields; notes stay here")
    func createdAndFields() throws {
        let form = SearchQuery.gitHubForm("created:2015-06-30 ann in:name,note")
        #expect(form.query == "ann in:name")
        #expect(form.local == ["in:name,note"])
        let day = try #require(Timestamp.date(iso8601: "2015-06-30T00:00:00Z")).timeIntervalSince1970
        #expect(form.created == Int64(day)...Int64(day) + 86_399)
        let email = SearchQuery.gitHubForm("ann in:email,login followers:>5")
        #expect(email.query == "ann followers:>5 in:email,login" && email.asksFields == [.email, .followers])
        #expect(SearchQuery.gitHubForm("ann location:berlin").asksFields.isEmpty)
        let notes = SearchQuery.gitHubForm("ann in:note")
        #expect(notes.query.isEmpty && !notes.asksGitHub && notes.local == ["in:note", "ann"])
    }
}
