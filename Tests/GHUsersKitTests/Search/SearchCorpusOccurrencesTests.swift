import Testing

@testable import GHUsersKit

@Suite("Search corpus: narrowing packed matches at the places of their text")
struct SearchCorpusOccurrencesTests {
    /// Logins of every text over a, b, B and c of one to four letters; notes of three of them
    /// and spaces, on two users in three: places everywhere, overlapping, at the ends of
    /// records and of the arenas.
    static func corpus() -> SearchCorpus {
        let logins = (1...4).flatMap { texts($0, over: ["a", "b", "B", "c"]) }
        var corpus = SearchCorpus()
        for (index, login) in logins.enumerated() {
            corpus.logins.append(id: Int64(index + 1), text: login)
            if index % 3 != 0 {
                let note = [login, logins[(index * 7) % logins.count], logins[(index * 13) % logins.count]].joined(separator: " ")
                corpus.notes.append(id: Int64(index + 1), text: note.filter { $0 != "c" })
            }
        }
        corpus.link()
        return corpus
    }

    /// Every text of `length` of `letters` (a and b by default).
    static func texts(_ length: Int, over letters: [String] = ["a", "b"]) -> [String] {
        length == 0 ? [""] : texts(length - 1, over: letters).flatMap { text in letters.map { text + $0 } }
    }

    @Test("every narrowing of one term lists what a scan of the packed records lists")
    func agreesWithScan() throws {
        let corpus = Self.corpus()
        // (A one-letter base as common as a or b has more places than are kept: c, in logins only.)
        for base in ["c", "ab", "ba", "bb", "aba"] {
            var packed = try #require(SearchCorpus(packing: (0..<Int32(corpus.logins.count)).map { $0 }, of: corpus) { false })
            packed.findOccurrences(of: SearchQuery(base), isCancelled: { false })
            #expect(packed.occurrences?.text == Array(base.utf8))
            // Letters added after (one to six: the bytes kept, then the arena's), before, and both.
            let narrowings = (1...6).flatMap { Self.texts($0).map { base + $0 } } + ["b" + base, "ab" + base + "ba", base.uppercased() + "B"]
            for query in narrowings.map(SearchQuery.init) {
                let narrowed = try #require(packed.narrowedByOccurrences(query), "\(base) -> \(query)")
                #expect(narrowed == packed.evaluate(query, candidates: nil, isCancelled: { false }), "\(base) -> \(query)")
            }
            // Not a narrowing of one term: left to the scan.
            for query in ["\(base) a", "^\(base)", "\(base)$", "!\(base)", "x"] {
                #expect(packed.narrowedByOccurrences(SearchQuery(query)) == nil, "\(base) -> \(query)")
            }
        }
    }

    @Test("nothing is found for an index's own corpus, nor for a query that is not one term anywhere")
    func onlyOneTermAnywhere() {
        var corpus = Self.corpus()
        #expect(corpus.narrowedByOccurrences(SearchQuery("ab")) == nil)
        corpus.findOccurrences(of: SearchQuery("^a"), isCancelled: { false })
        #expect(corpus.occurrences == nil)
        corpus.findOccurrences(of: SearchQuery("a b"), isCancelled: { false })
        #expect(corpus.occurrences == nil)
    }

    @Test("places are not kept beyond four a record: a common letter in long notes")
    func bounded() throws {
        var corpus = SearchCorpus()
        for id in 1...10 {
            corpus.logins.append(id: Int64(id), text: "a\(id)")
            corpus.notes.append(id: Int64(id), text: String(repeating: "a", count: 100))
        }
        corpus.link()
        var packed = try #require(SearchCorpus(packing: Array(0..<10), of: corpus) { false })
        packed.findOccurrences(of: SearchQuery("a"), isCancelled: { false })
        #expect(packed.occurrences == nil && packed.narrowedByOccurrences(SearchQuery("aa")) == nil)
        packed.findOccurrences(of: SearchQuery("a1"), isCancelled: { false })
        #expect(packed.occurrences?.text == Array("a1".utf8))
    }
}
