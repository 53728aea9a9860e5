import GHUsersKit
import Testing

@testable import ghusers

/// `search --help` lists the search syntax's catalog (``SearchSyntax``), every qualifier in it.
@Suite("search --help lists the catalog's qualifiers")
struct SearchHelpTests {
    @Test("every entry's usage is in search --help, in the catalog's order")
    func everyQualifier() {
        let help = GHUsersCommand.helpMessage(for: GHUsersCommand.Search.self, columns: 10_000)
        var from = help.startIndex
        for entry in SearchSyntax.entries {
            let usage = entry.usage.replacing("`", with: "") + ":"
            let found = help.range(of: "\n" + usage, range: from..<help.endIndex)
            #expect(found != nil, "\(usage) not listed in order")
            from = found?.upperBound ?? from
        }
    }
}
