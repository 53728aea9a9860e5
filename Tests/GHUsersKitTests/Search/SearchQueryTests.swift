import Testing

@testable import GHUsersKit

@Suite("Search query: fzf's extended syntax")
struct SearchQueryTests {
    @Test("terms split on spaces; ', ^, $ and ! read as fzf reads them; lone operators and extra spaces are no terms")
    func parsing() {
        // Given a query with every kind of term
        let query = SearchQuery("  Moj 'exact ^Pre suf$ ^whole$ !not !^np !ns$  !  ^ $ ' ")
        // Then each term has its kind, its negation and its folded text, in order
        #expect(query.terms.map { String(decoding: $0.text, as: UTF8.self) } == ["moj", "exact", "pre", "suf", "whole", "not", "np", "ns"])
        #expect(query.terms.map(\.kind) == [.contains, .contains, .prefix, .suffix, .equal, .contains, .prefix, .suffix])
        #expect(query.terms.map(\.negated) == [false, false, false, false, false, true, true, true])
        #expect(SearchQuery("   ").isEmpty && SearchQuery("! ^ $ '").isEmpty)
    }

    @Test("the exact login is named by one term: word, 'word or ^word$; never by anchors or several terms")
    func exactLogin() {
        #expect(SearchQuery("MOJO").exactLogin == Array("mojo".utf8))
        #expect(SearchQuery("'mojo").exactLogin == Array("mojo".utf8))
        #expect(SearchQuery("^mojo$").exactLogin == Array("mojo".utf8))
        #expect(SearchQuery("^mojo").exactLogin == nil && SearchQuery("mojo$").exactLogin == nil)
        #expect(SearchQuery("mojo x").exactLogin == nil && SearchQuery("!mojo").exactLogin == nil)
        #expect(SearchQuery("Mo").isExact(login: "mO") && !SearchQuery("mo").isExact(login: "mojo"))
    }

    @Test("a user matches when every term does: logins and notes for plain terms, the login alone for anchored ones")
    func matching() {
        // Given a user mojombo with a note
        func matches(_ text: String) -> Bool { SearchQuery(text).matches(login: "Mojombo", note: "Works at GitHub") }
        // Then plain terms look at both, case ignored
        #expect(matches("jom") && matches("GITHUB") && matches("mojo hub") && matches("'works"))
        #expect(!matches("mojo lab"))
        // Anchors hold to the login
        #expect(matches("^moj") && matches("bo$") && matches("^mojombo$") && !matches("^works") && !matches("hub$"))
        // Exclusions remove
        #expect(!matches("mojo !hub") && matches("mojo !lab") && !matches("!^m") && matches("!^w"))
        #expect(SearchQuery("!note").matches(login: "x", note: nil))
    }

    @Test("non-ASCII text folds to lower case on both sides")
    func unicode() {
        #expect(SearchQuery("ÉTÉ").matches(login: "x", note: "un été à Paris"))
        #expect(!SearchQuery("étés").matches(login: "x", note: "un été à Paris"))
    }

    @Test("a query narrows another when each of the other's terms is implied by its own term at that place")
    func narrowing() {
        func narrows(_ a: String, _ b: String) -> Bool { SearchQuery(a).narrows(SearchQuery(b)) }
        #expect(narrows("son", "so") && narrows("so", "so") && narrows("aso", "so"))
        #expect(narrows("so x", "so") && narrows("^so", "so") && narrows("so$", "o") && narrows("^son$", "^so"))
        #expect(narrows("^son", "^so") && narrows("xson$", "son$") && narrows("!a b", "!a"))
        // Widening or changing an exclusion, or losing an anchor, is no narrowing
        #expect(!narrows("so", "son") && !narrows("!ab", "!a") && !narrows("so", "^so") && !narrows("^xso", "^so"))
        #expect(!narrows("so", "so x") && !narrows("b a", "a b") && !narrows("^m", "^"))
    }
}
