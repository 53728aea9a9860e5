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
}
