import Foundation
import Testing

@testable import GHUsersKit

/// The search syntax is one catalog (``SearchSyntax``): every qualifier it lists parses, the
/// profile fields with a qualifier are each in it once, and REFERENCE.md's table of qualifiers is
/// the catalog's (`GHUSERS_UPDATE_GOLDEN=1` writes it there).
@Suite("Search syntax: one catalog")
struct SearchSyntaxTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Docs/REFERENCE.md")

    @Test("REFERENCE.md's table of qualifiers is the catalog's")
    func readmeTable() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let open = "<!-- qualifiers: from SearchSyntax.entries; SearchSyntaxTests fails when they differ -->\n"
        let close = "\n<!-- /qualifiers -->"
        let start = try #require(text.range(of: open), "REFERENCE.md has no qualifiers block")
        let end = try #require(text.range(of: close, range: start.upperBound..<text.endIndex))
        let table = String(text[start.upperBound..<end.lowerBound])
        if ProcessInfo.processInfo.environment["GHUSERS_UPDATE_GOLDEN"] == "1", table != SearchSyntax.markdownTable {
            try (text[..<start.upperBound] + SearchSyntax.markdownTable + text[end.lowerBound...]).write(to: Self.readme, atomically: true, encoding: .utf8)
            return
        }
        #expect(table == SearchSyntax.markdownTable, "REFERENCE.md's qualifiers differ from SearchSyntax (GHUSERS_UPDATE_GOLDEN=1 writes them)")
    }

    @Test("every profile field with a qualifier has one entry of its name; names are unique")
    func profileFields() {
        for field in Profile.Field.qualified {
            let entries = SearchSyntax.entries.filter { $0.kind == .profile(field) }
            #expect(entries.count == 1 && entries.first?.name == field.spec.qualifier, "\(field)")
        }
        #expect(Set(SearchSyntax.names).count == SearchSyntax.entries.count)
    }

    @Test("every entry's usage parses, and one of each kind is asked of GitHub as its entry says")
    func usagesParse() {
        for entry in SearchSyntax.entries {
            for usage in entry.usage.split(separator: ", ") {
                let example = String(usage).replacing("TEXT", with: "berlin").replacing("LOGIN", with: "octocat").replacing("N", with: "5")
                    .replacing("DATE", with: "2015-01-01").replacing("KEY", with: "followers")
                #expect(SearchQuery(example).problem == nil, "\(example)")
                let form = SearchQuery.gitHubForm(example)
                switch entry.gitHub {
                case .asked: #expect(form.query == example && form.local.isEmpty, "\(example)")
                case .joinTimeWindows: #expect(form.created != nil && form.query.isEmpty, "\(example)")
                case .fields: #expect(form.local.isEmpty == !example.contains("note"), "\(example)")
                case .never: #expect(form.local == [example] && !form.asksGitHub, "\(example)")
                }
            }
        }
    }
}
