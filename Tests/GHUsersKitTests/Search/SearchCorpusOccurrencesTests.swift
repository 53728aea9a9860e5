import Testing

@testable import GHUsersKit

@Suite("Search corpus: narrowing packed matches at the places of their text")
struct SearchCorpusOccurrencesTests {
    /// Logins and notes of the letters a and b (and spaces in notes), of random lengths, every
    /// third user without a note: places everywhere, overlapping, at the ends of records and
    /// of the arenas.
    static func corpus() -> SearchCorpus {
        var random = SystemRandomNumberGenerator()
        func text(_ letters: [Character], _ length: Int) -> String { String((0..<length).map { _ in letters[Int(random.next() % UInt64(letters.count))] }) }
        var corpus = SearchCorpus()
        for id in 1...400 {
            corpus.logins.append(id: Int64(id), text: text(["a", "b", "B"], 1 + Int(random.next() % 8)))
            if id % 3 != 0 { corpus.notes.append(id: Int64(id), text: text(["a", "b", " "], Int(random.next() % 30) + 1)) }
        }
        corpus.link()
        return corpus
    }

    /// Every text over a and b of `length` letters.
    static func texts(_ length: Int) -> [String] {
        length == 0 ? [""] : texts(length - 1).flatMap { [$0 + "a", $0 + "b"] }
    }

    @Test("every narrowing of one term lists what a scan of the packed records lists")
    func agreesWithScan() throws {
        let corpus = Self.corpus()
        for base in ["a", "ab", "ba", "bb"] {
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
            for query in ["\(base) a", "^\(base)", "\(base)$", "!\(base)", "c"] {
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
}
