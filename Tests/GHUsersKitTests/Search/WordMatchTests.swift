import Testing

@testable import GHUsersKit

/// A text qualifier's whole words, as GitHub's user search matches them.
@Suite("Word match: whole words in a row")
struct WordMatchTests {
    func holds(_ value: String, _ text: String) -> Bool {
        WordMatch.holds(WordMatch.words(TextArena.fold(value)), in: TextArena.fold(text))
    }

    @Test("a word is not a part of one: us is the United States, not Russia, Columbus or Austin's letters")
    func wholeWords() {
        #expect(holds("us", "Austin, US") && holds("US", "new york, us"))
        #expect(!holds("us", "Moscow, Russia") && !holds("us", "Columbus, Ohio") && !holds("us", "Austin"))
    }

    @Test("a phrase is its words in a row, whatever is between them")
    func phrases() {
        #expect(holds("new york", "New York, US") && holds("new york", "new-york") && holds("New York", "NEW   YORK"))
        #expect(!holds("new york", "York, New") && !holds("york new", "New York"))
        #expect(holds("são paulo", "São Paulo, Brazil") && !holds("sao", "São Paulo"))
        #expect(holds("fake org", "@fake-org-12") && !holds("fake user 1", "Fake User 12"))
    }

    @Test("Unicode's words: punctuation and symbols split, letters and marks do not, each ideograph is a word")
    func unicodeWords() {
        #expect(holds("berlin", "Berlin–Germany") && holds("germany", "Berlin–Germany"))
        #expect(holds("tokyo", "Tokyo，Japan") && holds("japan", "Tokyo，Japan"))
        #expect(holds("mitte", "Berlin·Mitte") && holds("berlin mitte", "Berlin·Mitte"))
        #expect(holds("東京", "東京都") && holds("京都", "東京都") && !holds("東京都府", "東京都"))
        #expect(holds("tokyo", "東京Tokyo") && holds("東京", "東京Tokyo"))
        #expect(holds("मुंबई", "मुंबई, भारत"), "a spacing mark is a part of the word")
        #expect(holds("zürich", "Zürich🇨🇭") && !holds("zuri", "Zürich"))
        #expect(WordMatch.words(TextArena.fold("a٣b 12")) == [Array("a٣b".utf8), Array("12".utf8)], "Arabic-Indic digits are digits")
    }

    @Test("a malformed byte splits words rather than joining them")
    func malformedBytes() {
        #expect(WordMatch.holds([Array("ab".utf8)], in: [0x61, 0x62, 0xC3, 0x63]))
    }
}
